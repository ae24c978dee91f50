package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.EnvVars;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractBuild;
import hudson.model.AbstractProject;
import hudson.model.BuildListener;
import hudson.model.Item;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStepDescriptor;
import hudson.tasks.Builder;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.flow.AttemptLoop;
import io.jenkins.plugins.trainingjob.core.flow.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.TargetChoice;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.Sleeper;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * The freestyle build step: submits a training job and waits like {@code submitTrainingJob}, through the
 * same {@link Submission} flow, holding the executor while it waits (as freestyle builders do). The
 * build's environment provides the spec's {@code ${}} variables.
 *
 * <p>Not a {@code SimpleBuildStep} and without a {@code @Symbol}, so Pipeline does not offer it (review R7):
 * workflow-basic-steps' {@code step} lists every {@code SimpleBuildStep} builder, and the Snippet Generator
 * every one with a symbol. A build step there would hold a thread for the whole wait and could not resume
 * after a restart; {@code submitTrainingJob} takes the same parameters.
 */
public class TrainingJobBuilder extends Builder implements TrainingJobParameters {
    private String connection;
    private Connection platform;
    private String spec;
    private String specText;
    private String wait = "scheduled";
    private String pendingTimeout;
    /** The wait budget ({@code 40m}); null for none, and in configurations saved before it existed. */
    private String maxWait;

    private boolean failOnUnschedulable = true;
    private boolean cancelOnAbort = true;
    private boolean cancelOnFailure = true;
    /** {@code null} in builders saved before it existed: then true, as the default. */
    private Boolean failOnJobFailure = true;

    private String preflight = "true";
    private String clientToken;
    private String reuse = "never";
    /** Other places for the job, tried in {@link #fallbackOrder}; empty (and null in saved forms before it): none. */
    private List<Fallback> fallback;
    /** {@code best} (default) or {@code given}; kept as given and checked when the run starts. */
    private String fallbackOrder = "best";
    /** Which failed runs are tried again; null: none. */
    private Retry retry;

    private transient TrainingJobService service;
    private transient AttemptSubmission.Confirm confirm;

    @DataBoundConstructor
    public TrainingJobBuilder() {}

    /** Uses this service instead of the controller's (unit tests). */
    void useService(TrainingJobService service) {
        this.service = service;
    }

    /**
     * How a freestyle build runs it (core's {@code Build}): with the build's workspace and environment, as
     * core hands them to a {@code SimpleBuildStep}.
     */
    @Override
    public boolean perform(AbstractBuild<?, ?> build, Launcher launcher, BuildListener listener)
            throws InterruptedException, IOException {
        FilePath workspace = build.getWorkspace();
        if (requiresWorkspace() && workspace == null) {
            throw new AbortException(Messages.Builder_NoWorkspace());
        }
        perform(build, workspace, build.getEnvironment(listener), launcher, listener);
        return true;
    }

    public void perform(Run<?, ?> run, FilePath workspace, EnvVars env, Launcher launcher, TaskListener listener)
            throws InterruptedException, IOException {
        if (!(run instanceof AbstractBuild)) {
            throw new AbortException(Messages.Builder_PipelineRefused());
        }
        TrainingJobService svc = service != null ? service : TrainingJobService.get();
        PrintStream log = listener.getLogger();
        ConnectionBinding binding = null;
        try {
            ConnectionRef ref = ConnectionRef.of(connection, platform);
            StepValidation.requireOneSpec(this);
            WaitMode mode = StepValidation.waitMode("wait", wait, true);
            PreflightMode.parse(preflight, "preflight"); // refused before anything is read or submitted
            // a freestyle token may name the build's parameters (${RELEASE}); checked once expanded
            String token = clientToken == null ? null : Connection.trimToNull(env.expand(clientToken));
            ReusePolicy reusePolicy = Submission.reusePolicy(reuse, token);
            String pending = StepValidation.duration("pendingTimeout", pendingTimeout);
            String budget = StepValidation.duration("maxWait", maxWait);
            AttemptSubmission.Options options =
                    AttemptSubmission.check(getFallback(), fallbackOrder, retry, mode, reusePolicy);
            String text = specText;
            String source = "specText";
            if (spec != null) {
                source = env.expand(spec);
                text = Submission.readSpec(workspace, source);
            }
            JobSpec jobSpec = Submission.loadSpec(svc, text, source, env, Map.of());
            binding = svc.bind(ref, run, UUID.randomUUID().toString());
            if (binding.warning() != null) {
                log.println(binding.warning());
            }
            if (AttemptSubmission.wanted(getFallback(), retry)) {
                String specText = text;
                String specSource = source;
                performAttempts(
                        run,
                        listener,
                        svc,
                        ref,
                        binding,
                        jobSpec,
                        extra -> Submission.loadSpec(svc, specText, specSource, env, extra),
                        options,
                        token,
                        mode,
                        pending,
                        budget);
                return;
            }
            // a clientToken or the reuse policy may name a job an earlier build created: that job is followed
            Submission.Found found = Submission.lookUp(
                    binding,
                    jobSpec,
                    Map.of(),
                    reusePolicy,
                    token != null ? token : UUID.randomUUID().toString(),
                    token != null,
                    log);
            DiagnosisReport preflighted = null;
            JobRef job = found.job();
            if (job == null) {
                preflighted = Submission.preflight(binding.client(), jobSpec, preflight, run, log);
                job = Submission.submit(binding, jobSpec, found.clientToken(), log);
            }
            if (mode == WaitMode.NONE) {
                Submission.withoutWaiting(binding, job, log);
                return;
            }
            Submission.waitNote(preflighted, log);
            // The monitor's thread only queues the lines; this build's own thread writes them to its log.
            BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
            Watch watch = svc.watcher()
                    .watch(
                            binding.key(),
                            job,
                            Submission.policy(mode, pending, svc),
                            WatchOptions.budget(budget),
                            new WatchListener() {
                                @Override
                                public void onEvent(MonitorEvent event) {
                                    lines.add(Optional.of(event.message()));
                                }
                            });
            watch.outcome().whenComplete((outcome, error) -> lines.add(Optional.empty()));
            printUntilDone(lines, log);
            Outcome outcome = await(watch, log);
            if (FailureCleanup.leavesJob(outcome, failOnUnschedulable)) {
                log.println(FailureCleanup.apply(
                        binding.client(),
                        job,
                        outcome,
                        cancelOnFailure,
                        "cancelOnFailure",
                        Messages.Step_StopHint(ConsoleText.strip(job.id()))));
            }
            StepOutcome.apply(
                    outcome,
                    job,
                    failOnUnschedulable,
                    new StepOutcome.JobEnd(binding.client(), jobSpec.outputs(), isFailOnJobFailure()),
                    run,
                    listener,
                    watch.eta());
        } catch (RuntimeException e) {
            throw StepFailure.abortOrRethrow(e);
        } finally {
            if (binding != null) {
                svc.release(binding.key());
            }
        }
    }

    /**
     * With fallback targets or retries: core's attempt loop on the build's thread (a freestyle build holds
     * its executor while it waits anyway); an abort interrupts the thread, which ends the loop and stops its
     * job with {@code cancelOnAbort}.
     */
    private void performAttempts(
            Run<?, ?> run,
            TaskListener listener,
            TrainingJobService svc,
            ConnectionRef ref,
            ConnectionBinding binding,
            JobSpec jobSpec,
            AttemptSubmission.SpecSource specs,
            AttemptSubmission.Options options,
            String token,
            WaitMode mode,
            String pending,
            String budget)
            throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        String base = token != null ? token : UUID.randomUUID().toString();
        // bind() declares Exception (a spec loader may throw anything): a build step throws IOException.
        try (AttemptSubmission.Targets targets = AttemptSubmission.bind(
                svc, run, ref, binding, UUID.randomUUID().toString(), jobSpec, specs, options.targets(), log)) {
            List<TargetChoice.Judged> plan = AttemptSubmission.plan(
                    targets, PreflightMode.parse(preflight, "preflight"), options.order(), run, log);
            AttemptLoop loop = new AttemptLoop(svc.watcher(), Sleeper.system(), Instant::now);
            AttemptSubmission.Confirm c = confirm != null ? confirm : AttemptSubmission.Confirm.DEFAULT;
            AttemptLoop.Result result = loop.run(
                    plan,
                    new AttemptLoop.Settings(
                            base,
                            token != null,
                            options.retry(),
                            budget == null ? null : DurationText.parse("maxWait", budget),
                            cancelOnAbort,
                            c.polls(),
                            c.interval()),
                    remaining -> Submission.policy(mode, pending, svc),
                    new WatchListener() {
                        @Override
                        public void onEvent(MonitorEvent event) {
                            log.println(event.message());
                        }
                    },
                    new AttemptLoop.Hooks() {
                        @Override
                        public void beforeCreate(int attempt, String t, TargetChoice.Candidate target) {
                            log.println(ConsoleText.strip(
                                    "attempt " + attempt + " (" + target.label() + "): client token " + t));
                        }

                        @Override
                        public void line(String text) {
                            log.println(ConsoleText.strip(text));
                        }
                    });
            AttemptSubmission.finish(
                    result,
                    base,
                    failOnUnschedulable,
                    cancelOnFailure,
                    jobSpec.outputs(),
                    isFailOnJobFailure(),
                    run,
                    listener);
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Uses these stop confirmations instead of a minute's (tests). */
    void useConfirm(AttemptSubmission.Confirm confirm) {
        this.confirm = confirm;
    }

    /** Writes the monitor's lines as they come, until the watch ended; an abort goes on to {@link #await}. */
    private static void printUntilDone(BlockingQueue<Optional<String>> lines, PrintStream log) {
        try {
            for (Optional<String> line = lines.take(); line.isPresent(); line = lines.take()) {
                log.println(line.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // await() sees it and cancels the watch
        }
    }

    /** Waits for the outcome; an aborted build cancels the watch (and the job, with cancelOnAbort). */
    private Outcome await(Watch watch, PrintStream log) throws InterruptedException, AbortException {
        try {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            return watch.outcome().get();
        } catch (InterruptedException e) {
            try {
                log.println(watch.cancel(cancelOnAbort).get(1, TimeUnit.MINUTES).message());
            } catch (ExecutionException | TimeoutException | InterruptedException ignored) {
                log.println(Messages.Step_Stopped());
            }
            throw e;
        } catch (ExecutionException e) {
            throw new AbortException(
                    ConsoleText.strip(String.valueOf(e.getCause().getMessage())));
        }
    }

    /** Only a spec file needs the workspace; inline {@code specText} runs anywhere. */
    public boolean requiresWorkspace() {
        return spec != null;
    }

    @Override
    public String getConnection() {
        return connection;
    }

    @DataBoundSetter
    public void setConnection(String connection) {
        this.connection = Connection.trimToNull(connection);
    }

    @Override
    public Connection getPlatform() {
        return platform;
    }

    @DataBoundSetter
    public void setPlatform(Connection platform) {
        this.platform = platform;
    }

    @Override
    public String getSpec() {
        return spec;
    }

    @DataBoundSetter
    public void setSpec(String spec) {
        this.spec = Connection.trimToNull(spec);
    }

    @Override
    public String getSpecText() {
        return specText;
    }

    @DataBoundSetter
    public void setSpecText(String specText) {
        this.specText = specText == null || specText.isBlank() ? null : specText;
    }

    public String getWait() {
        return wait;
    }

    /** Kept as given: a setter that throws turns a typo into Jenkins' "Oops" page; the run checks it. */
    @DataBoundSetter
    public void setWait(String wait) {
        this.wait = Connection.trimToNull(wait);
    }

    /** The wait budget, as typed ({@code 40m}); {@code null} for none. */
    public String getMaxWait() {
        return maxWait;
    }

    @DataBoundSetter
    public void setMaxWait(String maxWait) {
        this.maxWait = Connection.trimToNull(maxWait);
    }

    @Override
    public String getPendingTimeout() {
        return pendingTimeout;
    }

    @DataBoundSetter
    public void setPendingTimeout(String pendingTimeout) {
        this.pendingTimeout = Connection.trimToNull(pendingTimeout);
    }

    @Override
    public boolean isFailOnUnschedulable() {
        return failOnUnschedulable;
    }

    @DataBoundSetter
    public void setFailOnUnschedulable(boolean failOnUnschedulable) {
        this.failOnUnschedulable = failOnUnschedulable;
    }

    /** {@code true} (default), {@code strict}, {@code warn} or {@code false}: see help-preflight.html. */
    public String getPreflight() {
        return preflight;
    }

    /** Kept as given, as {@link #setWait}: checked when the step runs. */
    @DataBoundSetter
    public void setPreflight(String preflight) {
        this.preflight = Connection.trimToNull(preflight);
    }

    /** The job's identity across builds (may name build parameters); null: a new one per build. */
    public String getClientToken() {
        return clientToken;
    }

    /** Kept as given: expanded and checked when the build runs, naming {@code clientToken}. */
    @DataBoundSetter
    public void setClientToken(String clientToken) {
        this.clientToken = Connection.trimToNull(clientToken);
    }

    /** {@code never} (default), {@code succeeded} or {@code any}: see help-reuse.html. */
    public String getReuse() {
        return reuse;
    }

    /** Kept as given: checked when the build runs. */
    @DataBoundSetter
    public void setReuse(String reuse) {
        this.reuse = Connection.trimToNull(reuse);
    }

    /** The fallback targets, as given ({@code fallback: [[queue: 'spot'], [connection: 'aihc-b']]}). */
    public List<Fallback> getFallback() {
        return fallback == null ? List.of() : java.util.Collections.unmodifiableList(fallback);
    }

    /** Kept as given, as {@link #setWait}: each entry is checked when the run starts, naming its index and key. */
    @DataBoundSetter
    public void setFallback(List<Fallback> fallback) {
        this.fallback = fallback == null || fallback.isEmpty() ? null : new ArrayList<>(fallback);
    }

    /** {@code best} (default) or {@code given}: see help-fallbackOrder.html. */
    public String getFallbackOrder() {
        return fallbackOrder;
    }

    /** Kept as given, as {@link #setWait}: checked when the run starts. */
    @DataBoundSetter
    public void setFallbackOrder(String fallbackOrder) {
        this.fallbackOrder = Connection.trimToNull(fallbackOrder);
    }

    /** The retry policy, as given; null: none. */
    public Retry getRetry() {
        return retry;
    }

    /** Kept as given, as {@link #setWait}: checked when the run starts, naming {@code retry.limit} and so on. */
    @DataBoundSetter
    public void setRetry(Retry retry) {
        this.retry = retry;
    }

    @Override
    public boolean isCancelOnAbort() {
        return cancelOnAbort;
    }

    @DataBoundSetter
    public void setCancelOnAbort(boolean cancelOnAbort) {
        this.cancelOnAbort = cancelOnAbort;
    }

    public boolean isCancelOnFailure() {
        return cancelOnFailure;
    }

    /** Stop the job when the wait fails with it still there (unschedulable, timed out). */
    @DataBoundSetter
    public void setCancelOnFailure(boolean cancelOnFailure) {
        this.cancelOnFailure = cancelOnFailure;
    }

    public boolean isFailOnJobFailure() {
        return failOnJobFailure == null || failOnJobFailure;
    }

    /**
     * Whether a job that fails fails the build (default); off, the build goes on with the failure's details,
     * the log tail and the report in its log and artifacts.
     */
    @DataBoundSetter
    public void setFailOnJobFailure(boolean failOnJobFailure) {
        this.failOnJobFailure = failOnJobFailure;
    }

    /**
     * No {@code @Symbol}: a symbol on a describable that no Pipeline meta-step runs would make
     * {@code trainingJobBuilder(...)} in a script return a description of the builder and do nothing (workflow-cps
     * {@code DSL.invokeDescribable}); without one, such a script fails at once ("No such DSL method").
     */
    @Extension
    public static class DescriptorImpl extends BuildStepDescriptor<Builder> {
        @Override
        @SuppressWarnings("rawtypes")
        public boolean isApplicable(Class<? extends AbstractProject> jobType) {
            return true;
        }

        @Override
        public String getDisplayName() {
            return Messages.TrainingJobBuilder_DisplayName();
        }

        @POST
        public FormValidation doCheckMaxWait(@AncestorInPath Item item, @QueryParameter String value) {
            return StepForms.checkDuration(item, "maxWait", value);
        }

        @POST
        public FormValidation doCheckPendingTimeout(@AncestorInPath Item item, @QueryParameter String value) {
            return StepForms.checkDuration(item, "pendingTimeout", value);
        }

        @POST
        public ListBoxModel doFillConnectionItems(@AncestorInPath Item item, @QueryParameter String connection) {
            return StepForms.connectionItems(item, connection);
        }

        @POST
        public ListBoxModel doFillWaitItems(@QueryParameter String wait) {
            return StepForms.waitItems("wait", wait, true);
        }

        @POST
        public ListBoxModel doFillReuseItems(@QueryParameter String reuse) {
            return StepForms.reuseItems(reuse);
        }

        @POST
        public ListBoxModel doFillFallbackOrderItems(@QueryParameter String fallbackOrder) {
            return StepForms.fallbackOrderItems(fallbackOrder);
        }

        @POST
        public ListBoxModel doFillPreflightItems(@QueryParameter String preflight) {
            return StepForms.preflightItems(preflight);
        }
    }
}

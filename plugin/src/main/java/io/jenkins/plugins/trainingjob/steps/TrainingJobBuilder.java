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
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitEvent;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitListener;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitResult;
import io.jenkins.plugins.trainingjob.core.flow.SubmitStore;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.report.BuildSnapshots;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
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
            request(svc, env, SnapshotStore.NONE); // every setting checked before anything is read
            String text = specText;
            String source = "specText";
            if (spec != null) {
                source = env.expand(spec);
                text = Submission.readSpec(workspace, source);
            }
            String specSource = source;
            String loaded = text;
            JobSpec jobSpec = Submission.loadSpec(svc, text, source, env, Map.of());
            SubmitRequest request = request(svc, env, BuildSnapshots.of(run, jobSpec));
            binding = svc.bind(ref, run, UUID.randomUUID().toString());
            if (binding.warning() != null) {
                log.println(binding.warning());
            }
            try (JenkinsTargets targets = new JenkinsTargets(
                    svc,
                    run,
                    ref,
                    binding,
                    UUID.randomUUID().toString(),
                    jobSpec,
                    extra -> Submission.loadSpec(svc, loaded, specSource, env, extra),
                    log)) {
                BuildLog buildLog = new BuildLog(run, listener, request.severalAttempts());
                Submit submit = SubmitFlow.start(
                        svc.watcher(), request, targets.primary(), targets, buildLog, SubmitStore.NONE);
                SubmitResult result = buildLog.drainUntil(submit);
                StepOutcome.ofSubmit(
                        result, request.severalAttempts(), failOnUnschedulable, isFailOnJobFailure(), run, listener);
            }
        } catch (RuntimeException e) {
            throw StepFailure.abortOrRethrow(e);
        } finally {
            if (binding != null) {
                svc.release(binding.key());
            }
        }
    }

    /**
     * The builder's parameters as core's submit, checked together before anything is read or submitted, with
     * where the job's start snapshots are kept.
     */
    private SubmitRequest request(TrainingJobService svc, EnvVars env, SnapshotStore snapshots) {
        WaitMode mode = StepValidation.waitMode("wait", wait, true);
        String pending = StepValidation.duration("pendingTimeout", pendingTimeout);
        String budget = StepValidation.duration("maxWait", maxWait);
        // a freestyle token may name the build's parameters (${RELEASE}); checked once expanded
        String token = clientToken == null ? null : Connection.trimToNull(env.expand(clientToken));
        return SubmitRequest.builder(JenkinsFieldNames.INSTANCE)
                .waiting(
                        mode,
                        mode == WaitMode.NONE ? null : Submission.policy(mode, pending, svc),
                        WatchOptions.budget(budget))
                .clientToken(token)
                .reuse(ReusePolicy.parse(reuse, "reuse"), Map.of())
                .preflight(PreflightMode.parse(preflight, "preflight"))
                .fallbacks(Fallback.targets(getFallback()), FallbackOrder.parse("fallbackOrder", fallbackOrder))
                .retry(Retry.policy(retry))
                .stopping(cancelOnAbort, cancelOnFailure)
                .unschedulableFails(failOnUnschedulable)
                .snapshots(snapshots)
                .build();
    }

    /**
     * The build log of a freestyle submit: the flow's events are queued here by the monitor's thread (which
     * only queues) and written by the build's own thread, which holds its executor while the job waits, as
     * freestyle builders do. An abort interrupts that thread: the flow is interrupted (it stops its job with
     * {@code cancelOnAbort}) and its last lines are still written before the build ends.
     */
    private static final class BuildLog implements SubmitListener {
        private final BlockingQueue<Runnable> work = new LinkedBlockingQueue<>();
        private final Run<?, ?> run;
        private final TaskListener listener;

        private final boolean severalAttempts;

        BuildLog(Run<?, ?> run, TaskListener listener, boolean severalAttempts) {
            this.run = run;
            this.listener = listener;
            this.severalAttempts = severalAttempts;
        }

        @Override
        public void onEvent(SubmitEvent event) {
            work.add(() -> BuildLogWords.write(event, severalAttempts, run, listener.getLogger()));
        }

        @Override
        public void onWatchEvent(MonitorEvent event) {
            work.add(() -> listener.getLogger().println(event.message()));
        }

        /** Writes what the flow says until it ends; an abort interrupts it and waits for its last word. */
        SubmitResult drainUntil(Submit submit) throws InterruptedException {
            submit.result().whenComplete((r, e) -> work.add(() -> {}));
            boolean interrupted = false;
            while (!submit.result().isDone() || !work.isEmpty()) {
                try {
                    Runnable next = work.poll(1, TimeUnit.SECONDS);
                    if (next != null) {
                        next.run();
                    }
                } catch (InterruptedException e) {
                    if (!interrupted) {
                        interrupted = true;
                        submit.interrupt();
                    }
                }
            }
            if (interrupted) {
                SubmitResult r = submit.result().join();
                if (r.outcome() != null) {
                    listener.getLogger().println(r.outcome().message());
                }
                throw new InterruptedException();
            }
            return submit.result().join();
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

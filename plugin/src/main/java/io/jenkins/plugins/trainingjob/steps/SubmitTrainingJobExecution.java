package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.EnvVars;
import hudson.FilePath;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.flow.AttemptLoop;
import io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.TargetChoice;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.Sleeper;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Runs {@code submitTrainingJob}. The submit can never happen twice: a client token is persisted
 * before the create call, and a step resumed after a restart looks the job up by that token instead of
 * posting again. While waiting it holds no thread (see {@link WatchingExecution}).
 */
@Restricted(NoExternalUse.class)
public class SubmitTrainingJobExecution extends WatchingExecution {
    private static final long serialVersionUID = 1L;

    private final String specPath;
    private final Map<String, String> variables;
    private final WaitMode waitMode;
    private final String pendingTimeout;
    /** {@code true}, {@code false} or {@code warn}; null in executions saved before it existed (then: true). */
    private final String preflight;
    /** The spec as read at submit time; non-null from just before the create call on. */
    private volatile String specText;
    /** Persisted before the create call; the platform finds the job by it. */
    private volatile String clientToken;
    /**
     * The {@code clientToken} the user gave, so a re-run of the step (Restart from stage, Replay) finds the
     * job an earlier run created; null: a new random token per run (and in executions saved before it existed).
     */
    private final String givenToken;
    /** {@code never}, {@code succeeded} or {@code any}; null in executions saved before it existed (never). */
    private final String reuse;
    /** The result's {@code reused} entry when the reuse policy returned an earlier job instead of submitting. */
    private volatile TreeMap<String, String> reused;

    private transient String sourceName;

    /** The fallback targets as the step got them; null without any (and in executions saved before them). */
    private final ArrayList<Fallback> fallback;
    /** {@code best} or {@code given}; null when the step has no fallback or retry. */
    private final String fallbackOrder;
    /** The retry policy as the step got it; null for none. */
    private final Retry retry;
    /**
     * With fallback targets or retries: the attempt whose token was saved last, before its create (0: none
     * yet). With it and {@link #clientToken} (the submit's base token) a resumed step looks attempts 1..n up
     * instead of creating one again.
     */
    private volatile int attempt;
    /** The targets' numbers in the order chosen before the first create; a resumed step keeps that order. */
    private volatile ArrayList<Integer> planOrder;

    private transient volatile AttemptLoop loop;
    private transient volatile Throwable stopCause;
    private transient volatile AttemptSubmission.Confirm confirm;

    /** @throws InvalidInputException when the parameters contradict each other (names the field) */
    SubmitTrainingJobExecution(SubmitTrainingJobStep step, StepContext context) {
        super(
                context,
                ConnectionRef.of(step.getConnection(), step.getPlatform()),
                step.isFailOnUnschedulable(),
                step.isCancelOnAbort());
        this.cancelOnFailure = step.isCancelOnFailure();
        this.failOnJobFailure = step.isFailOnJobFailure();
        StepValidation.requireOneSpec(step);
        this.specPath = step.getSpec();
        this.specText = step.getSpecText();
        this.variables = new TreeMap<>(step.variableMap());
        this.waitMode = StepValidation.waitMode("wait", step.getWait(), true);
        this.pendingTimeout = StepValidation.duration("pendingTimeout", step.getPendingTimeout());
        this.maxWait = StepValidation.duration("maxWait", step.getMaxWait());
        // the step keeps what the user typed; a bad value is refused here, naming the field
        this.preflight = PreflightMode.parse(step.getPreflight(), "preflight").text();
        this.reuse =
                Submission.reusePolicy(step.getReuse(), step.getClientToken()).text();
        this.givenToken = step.getClientToken();
        AttemptSubmission.Options options = AttemptSubmission.check(
                step.getFallback(), step.getFallbackOrder(), step.getRetry(), waitMode, reusePolicy());
        boolean attempts = AttemptSubmission.wanted(step.getFallback(), step.getRetry());
        this.fallback = attempts ? new ArrayList<>(step.getFallback()) : null;
        this.fallbackOrder = attempts ? options.order().text() : null;
        this.retry = attempts ? step.getRetry() : null;
    }

    /** Whether the submit may take several attempts (fallback targets or retries): the attempt loop runs it. */
    private boolean attemptMode() {
        return fallbackOrder != null;
    }

    /** Uses these stop confirmations instead of a minute's (tests). */
    void useConfirm(AttemptSubmission.Confirm confirm) {
        this.confirm = confirm;
    }

    @Override
    public boolean start() {
        clientToken = initialToken();
        if (attemptMode()) {
            inLongBackground(this::submitAttempts);
        } else {
            inBackground(this::submit);
        }
        return false;
    }

    /**
     * The submit with fallback targets or retries: every target checked and bound, pre-flight on all, then
     * core's attempt loop on this background thread (it holds the thread while it waits, unlike a single
     * submit's watch). Each attempt's number is on disk before its create, under the submit's base token.
     */
    private void submitAttempts() throws Exception {
        boolean fresh = planOrder == null;
        if (specPath != null && (fresh || specText == null)) {
            FilePath workspace = getContext().get(FilePath.class);
            if (workspace == null) {
                throw InvalidInputException.worded("spec", Messages.Step_SpecNeedsWorkspace(specPath));
            }
            specText = Submission.readSpec(workspace, specPath);
        }
        JobSpec spec = loadSpec();
        AttemptSubmission.Options options =
                AttemptSubmission.check(fallback, fallbackOrder, retry, waitMode, ReusePolicy.NEVER);
        saveNow(); // the base token and the spec are on disk before anything is created
        ConnectionBinding binding = bind();
        PrintStream log = listener().getLogger();
        try (AttemptSubmission.Targets targets = AttemptSubmission.bind(
                service(), run(), connection, binding, bindingId(), spec, this::loadSpec, options.targets(), log)) {
            List<TargetChoice.Judged> plan;
            if (fresh) {
                plan = AttemptSubmission.plan(
                        targets, PreflightMode.parse(preflight, "preflight"), options.order(), run(), log);
                planOrder = plan.stream()
                        .map(j -> j.candidate().number())
                        .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
                saveNow();
            } else {
                plan = AttemptSubmission.replan(targets, planOrder);
            }
            AttemptLoop l = new AttemptLoop(service().watcher(), Sleeper.system(), Instant::now);
            loop = l;
            if (stopCause != null || isStopping()) {
                l.interrupt();
            }
            AttemptSubmission.Confirm c = confirm != null ? confirm : AttemptSubmission.Confirm.DEFAULT;
            AttemptLoop.Result result = l.run(
                    plan,
                    new AttemptLoop.Settings(
                            clientToken,
                            givenToken != null || attempt > 0,
                            options.retry(),
                            maxWait == null ? null : DurationText.parse("maxWait", maxWait),
                            cancelOnAbort,
                            c.polls(),
                            c.interval()),
                    remaining -> Submission.policy(waitMode, pendingTimeout, service()),
                    new WatchListener() {
                        @Override
                        public void onEvent(MonitorEvent event) {
                            ordered().run(() -> print(event.message()));
                        }
                    },
                    new AttemptHooks());
            Throwable cause = stopCause;
            if (cause != null) {
                afterStop(result);
                failWith(cause);
                return;
            }
            Map<String, Object> value;
            try {
                value = AttemptSubmission.finish(
                        result,
                        clientToken,
                        failOnUnschedulable,
                        cancelOnFailure,
                        outputRules(),
                        failOnJobFailure == null || failOnJobFailure,
                        run(),
                        listener());
            } catch (AbortException e) {
                end(KnownResult.failure(e.getMessage()));
                return;
            }
            succeed(value);
        }
    }

    /** The build was aborted while the loop ran: say how its last job was left; stop one that ended up running. */
    private void afterStop(AttemptLoop.Result result) {
        print(ConsoleText.strip(result.outcome().message()));
        if (!(result.outcome() instanceof Outcome.Cancelled) && result.job() != null && cancelOnAbort) {
            try {
                result.target().platform().cancel(result.job());
                print(Messages.Step_StoppedJob(
                        result.job().platform().displayName(),
                        ConsoleText.strip(result.job().id())));
            } catch (PlatformException e) {
                print(Messages.Step_StopFailed(ConsoleText.strip(e.getMessage())));
            }
        }
    }

    /** What the loop tells the step: each attempt's number saved before its create, the job once known. */
    private final class AttemptHooks implements AttemptLoop.Hooks {
        @Override
        public void beforeCreate(int n, String token, TargetChoice.Candidate target) {
            attempt = n;
            AttemptLoop l = loop;
            if (l != null && (stopCause != null || isStopping())) {
                l.interrupt(); // seen right after this save, before the create
            }
            try {
                saveNow();
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                // without the saved number a restart could create this attempt twice: create nothing
                throw new IllegalStateException(
                        "attempt " + n + ": its client token could not be saved before the create; nothing was"
                                + " created",
                        e);
            }
            print(ConsoleText.strip("attempt " + n + " (" + target.label() + "): client token " + token));
        }

        @Override
        public void line(String text) {
            print(ConsoleText.strip(text));
        }

        @Override
        public void created(int n, JobRef job, boolean found) {
            job(job);
            try {
                saveNow();
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                // the attempt's token is on disk already: a restart finds this job by it
            }
        }
    }

    /** With fallback targets or retries, an abort interrupts the attempt loop, which stops its job and ends the step. */
    @Override
    public void stop(Throwable cause) throws Exception {
        if (!attemptMode()) {
            super.stop(cause);
            return;
        }
        stopCause = cause;
        AttemptLoop l = loop;
        if (l != null) {
            l.interrupt();
        }
        // before the loop runs, the submit sees stopCause and creates nothing
    }

    /** Reads the spec, persists the token and the spec, submits, then waits as asked. */
    private void submit() throws Exception {
        if (specPath != null) {
            FilePath workspace = getContext().get(FilePath.class);
            if (workspace == null) {
                throw InvalidInputException.worded("spec", Messages.Step_SpecNeedsWorkspace(specPath));
            }
            specText = Submission.readSpec(workspace, specPath);
        }
        JobSpec spec = loadSpec();
        saveNow(); // token and spec are on disk before the create call
        ConnectionBinding binding = bind();
        // a token the user chose, or the reuse policy, may name a job an earlier run created: look it up first,
        // so pre-flight never refuses a job that exists and a re-run never submits twice
        Submission.Found found = Submission.lookUp(
                binding,
                spec,
                variables,
                reusePolicy(),
                clientToken,
                givenToken != null,
                listener().getLogger());
        JobRef submitted = found.job();
        if (found.reused() != null) {
            reused = new TreeMap<>(found.reused());
        }
        if (!Objects.equals(found.clientToken(), clientToken)) {
            clientToken = found.clientToken();
            saveNow(); // the reuse family's free token is on disk before the create call
        }
        if (submitted == null) {
            DiagnosisReport preflighted = Submission.preflight(
                    binding.client(), spec, preflight, run(), listener().getLogger());
            submitted = Submission.submit(binding, spec, clientToken, listener().getLogger());
            if (waitMode != WaitMode.NONE) {
                Submission.waitNote(preflighted, listener().getLogger());
            }
        }
        job(submitted);
        saveNow();
        continueAfterSubmit(binding, submitted);
    }

    private void continueAfterSubmit(ConnectionBinding binding, JobRef submitted) throws Exception {
        if (isStopping()) {
            stopSubmitted(binding, submitted);
            return;
        }
        if (waitMode == WaitMode.NONE) {
            succeed(withReuse(
                    Submission.withoutWaiting(binding, submitted, listener().getLogger())));
            return;
        }
        startWatch(binding, submitted, Submission.policy(waitMode, pendingTimeout, service()));
    }

    /** The spec's outputs, read again from the persisted spec text (it survives a restart; rules are code). */
    @Override
    protected OutputRules outputRules() {
        try {
            return specText == null ? OutputRules.none() : loadSpec().outputs();
        } catch (Exception e) {
            return OutputRules.none(); // loaded once already; the line convention still applies
        }
    }

    /** The build's environment (parameters, {@code withEnv}) overlaid with the step's own variables. */
    private JobSpec loadSpec() throws Exception {
        return Submission.loadSpec(
                service(), specText, sourceName(), getContext().get(EnvVars.class), variables);
    }

    /** As {@link #loadSpec()}, with a fallback target's {@code ${NAME}} values over the step's own. */
    private JobSpec loadSpec(Map<String, String> extra) throws Exception {
        Map<String, String> all = new TreeMap<>(variables);
        all.putAll(extra);
        return Submission.loadSpec(
                service(), specText, sourceName(), getContext().get(EnvVars.class), all);
    }

    private String sourceName() {
        if (sourceName == null) {
            sourceName = specPath != null ? specPath : "specText";
        }
        return sourceName;
    }

    /**
     * Restarted before the watch began. Without a spec on disk the create call cannot have been made, so
     * the submit starts over; otherwise the job is looked up by the token and only submitted when the
     * platform has no job with it.
     */
    @Override
    protected boolean resumesIntoALongWait() {
        return attemptMode();
    }

    @Override
    protected void resumeBeforeWatch() throws Exception {
        if (attemptMode()) {
            // the loop finds every attempt made under the saved base token and goes on from the last one
            if (clientToken == null) {
                clientToken = initialToken();
            }
            if (attempt > 0) {
                print(ConsoleText.strip("resuming the submit after a restart: looking up attempts 1-" + attempt
                        + " under client token " + clientToken));
            }
            submitAttempts();
            return;
        }
        if (clientToken == null || specText == null) {
            if (clientToken == null) {
                clientToken = initialToken();
            }
            submit();
            return;
        }
        JobSpec spec = loadSpec();
        ConnectionBinding binding = bind();
        JobRef known = job();
        if (known != null) {
            print(Messages.Step_Resuming(known.platform().displayName(), ConsoleText.strip(known.id())));
        } else {
            // core's one submit path: the persisted token may have created the job before the restart
            IdempotentSubmitter.Submitted s = IdempotentSubmitter.submit(binding.client(), spec, clientToken, true);
            known = s.job();
            print(
                    s.alreadySubmitted()
                            ? Messages.Step_FoundAfterRestart(
                                    binding.platform().displayName(), ConsoleText.strip(known.id()))
                            : Submission.submittedLine(binding, known));
            job(known);
            saveNow();
        }
        continueAfterSubmit(binding, known);
    }

    /**
     * The token saved before the first look-up: the user's, else none under a reuse policy (the look-up
     * names the reuse family's token; a restart before it must look up again, not create under a random
     * token), else a fresh one.
     */
    private String initialToken() {
        if (givenToken != null) {
            return givenToken;
        }
        return reusePolicy() == ReusePolicy.NEVER ? UUID.randomUUID().toString() : null;
    }

    private ReusePolicy reusePolicy() {
        return ReusePolicy.parse(reuse, "reuse");
    }

    /** The result says when the job was reused rather than submitted. */
    @Override
    protected Map<String, Object> withReuse(Map<String, Object> result) {
        if (reused == null) {
            return result;
        }
        Map<String, Object> withReused = new LinkedHashMap<>(result);
        withReused.put("reused", new TreeMap<>(reused));
        return withReused;
    }

    @Override
    protected String beforeWatchStatus() {
        JobRef j = job();
        return j == null ? Messages.Status_Submitting() : Messages.Status_Starting(j.id());
    }

    /** The attempt whose token was saved last (0: none yet); tests restart the step mid-fallback by it. */
    int attempt() {
        return attempt;
    }

    /** The client token (tests check that a resumed step keeps it). */
    String clientToken() {
        return clientToken;
    }
}

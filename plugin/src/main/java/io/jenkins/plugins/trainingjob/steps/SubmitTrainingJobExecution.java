package io.jenkins.plugins.trainingjob.steps;

import hudson.EnvVars;
import hudson.FilePath;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.LinkedHashMap;
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
    }

    @Override
    public boolean start() {
        clientToken = initialToken();
        inBackground(this::submit);
        return false;
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
    protected void resumeBeforeWatch() throws Exception {
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

    /** The client token (tests check that a resumed step keeps it). */
    String clientToken() {
        return clientToken;
    }
}

package io.jenkins.plugins.trainingjob.steps;

import hudson.EnvVars;
import hudson.FilePath;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitState;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.report.BuildSnapshots;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Runs {@code submitTrainingJob}: translates the step's parameters into one core {@link SubmitRequest},
 * binds its targets, and hands both to core's submit flow, which never creates a job twice (each attempt's
 * token is saved with the step before its create), holds no thread while it waits, and is resumed from its
 * saved state after a controller restart ({@link WatchingExecution}).
 */
@Restricted(NoExternalUse.class)
public class SubmitTrainingJobExecution extends WatchingExecution {
    private static final long serialVersionUID = 1L;

    private final String specPath;
    private final Map<String, String> variables;
    private final WaitMode waitMode;
    private final String pendingTimeout;
    /** {@code true}, {@code false}, {@code warn} or {@code strict}; null in executions saved before it (true). */
    private final String preflight;
    /** The spec as read at submit time; saved before anything is created, so a resumed step loads it again. */
    private volatile String specText;
    /**
     * The base client token of an execution saved before the submit flow (the flow's state holds it now); null
     * in executions of this release.
     */
    private volatile String clientToken;
    /** The {@code clientToken} the user gave; null: a new random token per run. */
    private final String givenToken;
    /** {@code never}, {@code succeeded} or {@code any}; null in executions saved before it (never). */
    private final String reuse;
    /** Kept for executions saved before the submit flow; unused since. */
    private volatile TreeMap<String, String> reused;

    private transient String sourceName;

    /** The fallback targets as the step got them; null without any. */
    private final ArrayList<Fallback> fallback;
    /** {@code best} or {@code given}; null when the step has neither fallback targets nor retries. */
    private final String fallbackOrder;
    /** The retry policy as the step got it; null for none. */
    private final Retry retry;
    /** Saved by releases before the submit flow: the attempt whose token was saved last (0: none). */
    private volatile int attempt;
    /** Saved by releases before the submit flow: the targets' numbers in the order chosen. */
    private volatile ArrayList<Integer> planOrder;

    /** @throws InvalidInputException when the parameters contradict each other (names the field) */
    SubmitTrainingJobExecution(SubmitTrainingJobStep step, StepContext context) {
        super(context, step);
        StepValidation.requireOneSpec(step);
        this.specPath = step.getSpec();
        this.specText = step.getSpecText();
        this.variables = new TreeMap<>(step.variableMap());
        this.waitMode = StepValidation.waitMode("wait", step.getWait(), true);
        this.pendingTimeout = StepValidation.duration("pendingTimeout", step.getPendingTimeout());
        this.maxWait = StepValidation.duration("maxWait", step.getMaxWait());
        // the step keeps what the user typed; a bad value is refused here, naming the field
        this.preflight = PreflightMode.parse(step.getPreflight(), "preflight").text();
        this.reuse = ReusePolicy.parse(step.getReuse(), "reuse").text();
        this.givenToken = step.getClientToken();
        boolean several = (step.getFallback() != null && !step.getFallback().isEmpty())
                || (step.getRetry() != null && step.getRetry().getLimit() > 0);
        this.fallback = several && step.getFallback() != null ? new ArrayList<>(step.getFallback()) : null;
        this.fallbackOrder = several
                ? FallbackOrder.parse("fallbackOrder", step.getFallbackOrder()).text()
                : null;
        this.retry = several ? step.getRetry() : null;
        // How the settings go together is core's rule, checked before the step starts (nothing is bound yet).
        request(waitMode == WaitMode.NONE ? null : WatchPolicy.defaults(waitMode.target()), SnapshotStore.NONE);
    }

    /** The submit as core takes it, with the monitor's policy for the wait and where its snapshots live. */
    private SubmitRequest request(WatchPolicy policy, SnapshotStore snapshots) {
        return SubmitRequest.builder(JenkinsFieldNames.INSTANCE)
                .waiting(waitMode, waitMode == WaitMode.NONE ? null : policy, WatchOptions.budget(maxWait))
                .clientToken(givenToken)
                .reuse(ReusePolicy.parse(reuse, "reuse"), variables)
                .preflight(PreflightMode.parse(preflight, "preflight"))
                .fallbacks(
                        Fallback.targets(fallback == null ? List.of() : fallback),
                        FallbackOrder.parse("fallbackOrder", fallbackOrder))
                .retry(Retry.policy(retry))
                .stopping(cancelOnAbort, cancelOnFailure)
                .unschedulableFails(failOnUnschedulable)
                .snapshots(snapshots)
                .build();
    }

    /** The request of this build's run of {@code spec}: its start snapshots are kept with the build. */
    private SubmitRequest request(JobSpec spec) throws Exception {
        return request(
                waitMode == WaitMode.NONE ? null : Submission.policy(waitMode, pendingTimeout, service()),
                BuildSnapshots.of(run(), spec));
    }

    @Override
    protected boolean severalAttempts() {
        return fallbackOrder != null;
    }

    /** Reads the spec, saves it with the step, binds the targets, and starts core's submit flow. */
    @Override
    protected Submit startFlow() throws Exception {
        if (specPath != null) {
            FilePath workspace = getContext().get(FilePath.class);
            if (workspace == null) {
                throw InvalidInputException.worded("spec", Messages.Step_SpecNeedsWorkspace(specPath));
            }
            specText = Submission.readSpec(workspace, specPath);
        }
        JobSpec spec = loadSpec(Map.of());
        saveNow(); // the spec is on disk before anything is created: a resumed step loads it again
        JenkinsTargets targets = targets(spec);
        return SubmitFlow.start(service().watcher(), request(spec), targets.primary(), targets, logListener(), store());
    }

    @Override
    protected Submit resumeFlow(SubmitState saved) throws Exception {
        JobSpec spec = loadSpec(Map.of());
        JenkinsTargets targets = targets(spec);
        return SubmitFlow.resume(
                service().watcher(), request(spec), targets.primary(), targets, saved, logListener(), store());
    }

    private JenkinsTargets targets(JobSpec spec) throws Exception {
        ConnectionBinding binding = bind();
        JenkinsTargets targets = new JenkinsTargets(
                service(),
                run(),
                connection,
                binding,
                bindingId(),
                spec,
                this::loadSpec,
                listener().getLogger());
        holdTargets(targets);
        return targets;
    }

    /**
     * The flow's saved state, or one converted from what a release before the submit flow saved: its base
     * token (looked up, never created again), the plan's order, and the watch when one was running. Without a
     * saved token or spec nothing can have been created, so the step starts over.
     */
    @Override
    protected SubmitState savedState() {
        SubmitState saved = submitState();
        if (saved != null) {
            return saved;
        }
        if (clientToken == null || specText == null) {
            return null;
        }
        List<Integer> order = planOrder == null ? List.of() : planOrder;
        JobRef job = legacyJob();
        WatchState watch = legacyWatchState();
        Instant started = watch != null ? watch.startedAt() : service().time().now();
        return SubmitState.savedBefore(clientToken, order, attempt, job, watch, started);
    }

    /** The build's environment (parameters, {@code withEnv}) overlaid with the step's own variables and {@code extra}. */
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

    @Override
    protected String beforeWatchStatus() {
        JobRef j = job();
        return j == null ? Messages.Status_Submitting() : Messages.Status_Starting(j.id());
    }

    /** The attempt whose token was saved last (0: none yet); tests restart the step mid-fallback by it. */
    int attempt() {
        SubmitState s = submitState();
        return s != null ? s.attempt() : attempt;
    }

    /** The submit's base client token (tests check that a resumed step keeps it). */
    String clientToken() {
        SubmitState s = submitState();
        return s != null ? s.baseToken() : clientToken;
    }
}

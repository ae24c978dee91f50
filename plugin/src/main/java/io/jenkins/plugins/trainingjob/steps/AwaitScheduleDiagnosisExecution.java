package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitState;
import io.jenkins.plugins.trainingjob.core.flow.TargetBinder;
import io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PathSegments;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import java.util.concurrent.CompletableFuture;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/** Runs {@code awaitScheduleDiagnosis}: a watch of an existing job, or one fetch of an existing diagnosis. */
@Restricted(NoExternalUse.class)
public class AwaitScheduleDiagnosisExecution extends WatchingExecution {
    private static final long serialVersionUID = 1L;

    private final String jobId;
    private final String diagnosisId;
    private final WaitMode until;
    private final String pendingTimeout;
    /** The diagnosis being fetched; not durable: a resumed step fetches again. */
    private transient volatile CompletableFuture<FetchedDiagnosis> fetch;

    /** @throws InvalidInputException when neither a job id nor a diagnosis id is given */
    AwaitScheduleDiagnosisExecution(AwaitScheduleDiagnosisStep step, StepContext context) {
        super(context, step);
        if (step.getJobId() == null && step.getDiagnosisId() == null) {
            throw InvalidInputException.worded("jobId", Messages.Step_JobIdMissing());
        }
        // Ids go into API paths: the shape check names a typo, and '.'/'..' never reach a URL (review S5).
        this.jobId = step.getJobId() == null ? null : PathSegments.requireId("jobId", step.getJobId());
        this.diagnosisId =
                step.getDiagnosisId() == null ? null : PathSegments.requireId("diagnosisId", step.getDiagnosisId());
        this.until = StepValidation.waitMode("until", step.getUntil(), false);
        this.pendingTimeout = StepValidation.duration("pendingTimeout", step.getPendingTimeout());
        this.maxWait = StepValidation.duration("maxWait", step.getMaxWait());
    }

    @Override
    public boolean start() {
        if (diagnosisId != null) {
            inBackground(() -> fetchDiagnosis(bind()));
            return false;
        }
        return super.start();
    }

    /** A job is followed through core's submit flow, which creates nothing: its wait ends as a submit's does. */
    @Override
    protected Submit startFlow() throws Exception {
        ConnectionBinding binding = bind();
        JobRef job = new JobRef(binding.platform(), jobId, null);
        print(Messages.Step_Awaiting(binding.platform().displayName(), ConsoleText.strip(jobId)));
        return SubmitFlow.follow(service().watcher(), request(), target(binding), job, logListener(), store());
    }

    @Override
    protected Submit resumeFlow(SubmitState saved) throws Exception {
        ConnectionBinding binding = bind();
        return SubmitFlow.resume(
                service().watcher(), request(), target(binding), TargetBinder.NONE, saved, logListener(), store());
    }

    private static BoundTarget target(ConnectionBinding binding) {
        return new BoundTarget(1, "primary", binding.client(), null, binding.key());
    }

    private SubmitRequest request() {
        return SubmitRequest.builder(JenkinsFieldNames.INSTANCE)
                .waiting(
                        until,
                        WatchOptions.policy(
                                until.target(), pendingTimeout, service().configuration()),
                        WatchOptions.budget(maxWait))
                .preflight(PreflightMode.OFF)
                .stopping(cancelOnAbort, cancelOnFailure)
                .unschedulableFails(failOnUnschedulable)
                .build();
    }

    /**
     * The flow's saved state, or one converted from a watch an earlier release saved; {@code null} when the
     * watch had not begun (nothing was changed, so beginning again is safe). A fetch is asked again.
     */
    @Override
    protected SubmitState savedState() {
        if (diagnosisId != null) {
            return null;
        }
        SubmitState saved = submitState();
        if (saved != null) {
            return saved;
        }
        WatchState watch = legacyWatchState();
        return watch == null ? null : SubmitState.following(watch.job(), watch, watch.startedAt());
    }

    @Override
    public void onResume() {
        if (diagnosisId != null && !known()) {
            inBackground(() -> fetchDiagnosis(bind()));
            return;
        }
        super.onResume();
    }

    /**
     * Core fetches, asks again while not ready and analyses; which job the report names is core's rule
     * too. The monitor waits between questions on a timer, so no thread is held until the answer comes.
     */
    private void fetchDiagnosis(ConnectionBinding binding) {
        print(Messages.Step_FetchingDiagnosis(binding.platform().displayName(), ConsoleText.strip(diagnosisId)));
        CompletableFuture<FetchedDiagnosis> f = service()
                .watcher()
                .fetchDiagnosis(
                        binding.key(),
                        WatchOptions.diagnosisFetcher(
                                service().configuration(), service().time()),
                        diagnosisId,
                        jobId);
        fetch = f;
        if (isStopping()) {
            // stop() came while we were binding: it could not cancel a fetch it did not see
            f.cancel(false);
            return;
        }
        // Finished off the monitor's scheduler thread: the report is written to files and the build log.
        f.whenComplete((fetched, error) -> ordered().run(() -> {
            if (isStopping() || f.isCancelled()) {
                return;
            }
            if (error != null) {
                failWith(error);
            } else {
                finish(fetched);
            }
        }));
    }

    private void finish(FetchedDiagnosis fetched) {
        try {
            if (fetched instanceof FetchedDiagnosis.NotReady notReady) {
                throw new AbortException(notReady.message());
            }
            DiagnosisReport report = ((FetchedDiagnosis.Ready) fetched).report();
            ArchivedReport archived =
                    StepOutcome.report(report, run(), listener().getLogger());
            if (failOnUnschedulable) {
                end(KnownResult.failure(StepOutcome.unschedulableMessage(report)));
                return;
            }
            succeed(StepResult.of(report.job(), null, archived));
        } catch (Throwable t) {
            failWith(t);
        }
    }

    /** A fetch has no job of ours to stop: stopping ends the step and stops asking. */
    @Override
    public void stop(Throwable cause) throws Exception {
        super.stop(cause);
        CompletableFuture<FetchedDiagnosis> f = fetch;
        if (f != null) {
            f.cancel(false);
        }
    }

    @Override
    protected String beforeWatchStatus() {
        return diagnosisId != null ? Messages.Status_FetchingDiagnosis(diagnosisId) : Messages.Status_Starting(jobId);
    }
}

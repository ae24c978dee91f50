package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import org.jenkinsci.plugins.workflow.steps.StepContext;

/** Runs {@code awaitScheduleDiagnosis}: a watch of an existing job, or one fetch of an existing diagnosis. */
public class AwaitScheduleDiagnosisExecution extends WatchingExecution {
    private static final long serialVersionUID = 1L;

    private final String jobId;
    private final String diagnosisId;
    private final WaitMode until;
    private final String pendingTimeout;

    /** @throws IllegalArgumentException when neither a job id nor a diagnosis id is given */
    AwaitScheduleDiagnosisExecution(AwaitScheduleDiagnosisStep step, StepContext context) {
        super(context, ConnectionRef.of(step.getConnection(), step.getPlatform()), step.isFailOnUnschedulable(),
                step.isCancelOnAbort());
        if (step.getJobId() == null && step.getDiagnosisId() == null) {
            throw new IllegalArgumentException(Messages.Step_JobIdMissing());
        }
        this.jobId = step.getJobId();
        this.diagnosisId = step.getDiagnosisId();
        this.until = WaitMode.parse("until", step.getUntil(), false);
        this.pendingTimeout = StepValidation.duration("pendingTimeout", step.getPendingTimeout());
    }

    @Override
    public boolean start() {
        inBackground(this::begin);
        return false;
    }

    private void begin() throws Exception {
        ConnectionBinding binding = bind();
        if (diagnosisId != null) {
            fetchDiagnosis(binding);
            return;
        }
        JobRef job = new JobRef(binding.platform(), jobId, null);
        print(Messages.Step_Awaiting(binding.platform().displayName(), ConsoleText.strip(jobId)));
        startWatch(binding, job, WatchOptions.policy(until.target(), pendingTimeout, service().configuration()));
    }

    private void fetchDiagnosis(ConnectionBinding binding) throws Exception {
        JobRef job = new JobRef(binding.platform(), jobId != null ? jobId : diagnosisId, null);
        DiagnosisReport report = new DiagnosisAnalyzer().analyze(
                binding.client().fetchDiagnosis(new DiagnosisHandle(diagnosisId, job)));
        ArchivedReport archived = StepOutcome.report(report, run(), listener().getLogger());
        if (failOnUnschedulable) {
            throw new AbortException(ConsoleText.strip(report.headline()));
        }
        succeed(StepResult.of(report.job(), null, archived));
    }

    /** Nothing was changed before the watch began, so beginning again is safe. */
    @Override
    protected void resumeBeforeWatch() throws Exception {
        begin();
    }

    @Override
    protected String beforeWatchStatus() {
        return diagnosisId != null ? Messages.Status_FetchingDiagnosis(diagnosisId) : Messages.Status_Starting(jobId);
    }
}

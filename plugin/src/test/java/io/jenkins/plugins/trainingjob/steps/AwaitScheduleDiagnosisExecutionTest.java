package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher.ScriptedFetch;
import io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher.ScriptedWatch;
import java.io.File;
import java.time.Duration;
import java.util.Map;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

class AwaitScheduleDiagnosisExecutionTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-42", null);

    @TempDir
    File buildDir;

    private StepFixture f;

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
    }

    private static AwaitScheduleDiagnosisStep step() {
        AwaitScheduleDiagnosisStep step = new AwaitScheduleDiagnosisStep();
        step.setConnection("prod");
        step.setJobId(JOB.id());
        return step;
    }

    private AwaitScheduleDiagnosisExecution start(AwaitScheduleDiagnosisStep step) throws Exception {
        AwaitScheduleDiagnosisExecution e = (AwaitScheduleDiagnosisExecution) step.start(f.context);
        e.useService(f.service);
        assertThat(e.start()).isFalse();
        return e;
    }

    private Throwable failure(StepContext context) {
        ArgumentCaptor<Throwable> captor = ArgumentCaptor.forClass(Throwable.class);
        verify(context).onFailure(captor.capture());
        return captor.getValue();
    }

    @Test
    void watchesTheGivenJobWithoutSubmittingAnything() throws Exception {
        AwaitScheduleDiagnosisStep step = step();
        step.setUntil("completed");
        step.setPendingTimeout("90s");

        AwaitScheduleDiagnosisExecution e = start(step);

        ScriptedWatch watch = f.watcher.last();
        assertThat(watch.state.job()).isEqualTo(JOB);
        assertThat(watch.state.policy().until()).isEqualTo(WaitTarget.COMPLETED);
        assertThat(watch.state.policy().pendingTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(f.platform.submittedTokens).isEmpty();
        assertThat(e.getStatus()).contains("pytorchjob-42").contains("completed");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aScheduledJobEndsTheStepWithItsStatus() throws Exception {
        start(step());

        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(JOB, JobPhase.RUNNING)));

        ArgumentCaptor<Object> captor = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(captor.capture());
        assertThat((Map<String, Object>) captor.getValue())
                .containsEntry("jobId", "pytorchjob-42")
                .containsEntry("status", "RUNNING");
    }

    @Test
    void anUnschedulableJobFailsWithTheReportHeadline() throws Exception {
        start(step());
        DiagnosisReport report = Reports.documentedAihcExample(JOB);

        f.watcher
                .last()
                .outcome
                .complete(new Outcome.Unschedulable(FakePlatform.status(JOB, JobPhase.PENDING), report));

        assertThat(failure(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessage(StepOutcome.unschedulableMessage(report));
        assertThat(new File(buildDir, "training-job/pytorchjob-42/schedule-diagnosis.html"))
                .exists();
    }

    @Test
    void byDefaultAbortingTheBuildLeavesTheJobItDidNotSubmitAlone() throws Exception {
        AwaitScheduleDiagnosisStep step = step();
        assertThat(step.isCancelOnAbort()).isFalse();
        AwaitScheduleDiagnosisExecution e = start(step);
        InterruptedException abort = new InterruptedException();

        e.stop(abort);

        assertThat(f.watcher.last().cancelledWithStop)
                .as("watch cancelled, job not stopped")
                .isFalse();
        assertThat(f.platform.cancelled).isEmpty();
        assertThat(failure(f.context)).isSameAs(abort);
    }

    @Test
    void stopWithCancelOnAbortStopsTheJobItWaitsFor() throws Exception {
        AwaitScheduleDiagnosisStep step = step();
        step.setCancelOnAbort(true);
        AwaitScheduleDiagnosisExecution e = start(step);
        InterruptedException abort = new InterruptedException();

        e.stop(abort);

        assertThat(f.watcher.last().cancelledWithStop).isTrue();
        assertThat(failure(f.context)).isSameAs(abort);
    }

    @Test
    void aStepRestartedBeforeItsWatchBeganStartsWatching() throws Exception {
        AwaitScheduleDiagnosisExecution e = (AwaitScheduleDiagnosisExecution) step().start(f.context);
        StepContext afterRestart = org.mockito.Mockito.mock(StepContext.class);

        AwaitScheduleDiagnosisExecution resumed = f.restart(e, afterRestart);
        resumed.onResume();

        assertThat(f.watcher.watches).hasSize(1);
        assertThat(f.watcher.last().state.job()).isEqualTo(JOB);
    }

    private static AwaitScheduleDiagnosisStep fetchStep(String jobId) {
        AwaitScheduleDiagnosisStep step = step();
        step.setJobId(jobId);
        step.setDiagnosisId("diag-9");
        return step;
    }

    @Test
    void aDiagnosisIdIsFetchedThroughTheMonitorAndTheStepWaitsForItsAnswer() throws Exception {
        AwaitScheduleDiagnosisExecution e = start(fetchStep(null));

        ScriptedFetch fetch = f.watcher.lastFetch();
        assertThat(fetch.connectionKey()).isEqualTo("connection:prod");
        assertThat(fetch.diagnosisId()).isEqualTo("diag-9");
        assertThat(fetch.jobId()).isNull();
        verify(f.context, never()).onSuccess(any());
        verify(f.context, never()).onFailure(any());
        assertThat(e.getStatus()).contains("diag-9");
        assertThat(f.log()).contains("Fetching the Baidu AIHC diagnosis diag-9");
        assertThat(f.watcher.watches).isEmpty();
    }

    @Test
    void aFetchedReportIsAttachedAndFailsTheStepWithItsHeadline() throws Exception {
        start(fetchStep(null));
        DiagnosisReport report = Reports.documentedAihcExample(new JobRef(PlatformKind.AIHC, "diag-9", null));

        f.watcher.lastFetch().result().complete(new FetchedDiagnosis.Ready(report));

        assertThat(failure(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessage(StepOutcome.unschedulableMessage(report));
        assertThat(new File(buildDir, "training-job/diag-9/schedule-diagnosis.html"))
                .exists();
        assertThat(f.log()).contains("Job diag-9 cannot be scheduled");
    }

    @Test
    @SuppressWarnings("unchecked")
    void withoutFailOnUnschedulableTheFetchedReportIsTheStepsResult() throws Exception {
        AwaitScheduleDiagnosisStep step = fetchStep(JOB.id());
        step.setFailOnUnschedulable(false);
        start(step);
        assertThat(f.watcher.lastFetch().jobId()).isEqualTo(JOB.id());

        f.watcher.lastFetch().result().complete(new FetchedDiagnosis.Ready(Reports.documentedAihcExample(JOB)));

        ArgumentCaptor<Object> captor = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(captor.capture());
        assertThat((Map<String, Object>) captor.getValue())
                .containsEntry("jobId", JOB.id())
                .containsKey("diagnosis")
                .containsKey("reportFiles");
    }

    @Test
    void aDiagnosisStillNotReadyFailsTheStepSayingHowToFetchItLater() throws Exception {
        start(fetchStep(null));
        FetchedDiagnosis.NotReady notReady = new FetchedDiagnosis.NotReady(
                new DiagnosisHandle("diag-9", new JobRef(PlatformKind.AIHC, "diag-9", null)), Duration.ofMinutes(5));

        f.watcher.lastFetch().result().complete(notReady);

        assertThat(failure(f.context)).isInstanceOf(AbortException.class).hasMessage(notReady.message());
        assertThat(new File(buildDir, "training-job")).doesNotExist();
    }

    @Test
    void aPlatformFailureOfTheFetchFailsTheStepWithItsMessageAndNoStackTrace() throws Exception {
        start(fetchStep(null));

        f.watcher
                .lastFetch()
                .result()
                .completeExceptionally(new AuthenticationException(
                        new FailedCall(
                                PlatformKind.AIHC,
                                "GET /api/v1/aifd/schedulediagnosis/job/query",
                                403,
                                "AccessDenied",
                                "r-9"),
                        "access denied",
                        null));

        assertThat(failure(f.context)).isInstanceOf(AbortException.class).hasMessageContaining("access denied");
    }

    @Test
    void stopDuringTheFetchEndsTheStepStopsAskingAndStopsNoJob() throws Exception {
        AwaitScheduleDiagnosisExecution e = start(fetchStep(JOB.id()));
        InterruptedException abort = new InterruptedException();

        e.stop(abort);

        assertThat(failure(f.context)).isSameAs(abort);
        assertThat(f.watcher.lastFetch().result()).isCancelled();
        assertThat(f.platform.cancelled).isEmpty();
        verify(f.context, never()).onSuccess(any());
    }

    @Test
    void needsAJobIdOrADiagnosisId() {
        AwaitScheduleDiagnosisStep step = step();
        step.setJobId(null);

        assertThatThrownBy(() -> step.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("jobId:");

        AwaitScheduleDiagnosisStep none = step();
        none.setUntil("none"); // kept by the setter (no "Oops" page on the job form), refused by the run
        assertThat(none.getUntil()).isEqualTo("none");
        assertThatThrownBy(() -> none.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessage("until: 'none' is not one of scheduled, completed");
    }

    /** Security review S5: an id of '..' would make the client call a neighbouring API path. */
    @Test
    void aJobIdOrDiagnosisIdThatIsNotAnIdIsRefusedBeforeAnyCall() {
        AwaitScheduleDiagnosisStep dots = step();
        dots.setJobId("..");
        AwaitScheduleDiagnosisStep slash = step();
        slash.setJobId(null);
        slash.setDiagnosisId("a/../b");

        assertThatThrownBy(() -> dots.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("jobId: '..' is not an id");
        assertThatThrownBy(() -> slash.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("diagnosisId: 'a/../b' is not an id");
        assertThat(f.watcher.watches).isEmpty();
        assertThat(f.connected).isEmpty();
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import hudson.model.Action;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher.ScriptedWatch;
import io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

class SubmitTrainingJobExecutionTest {

    @TempDir
    File buildDir;

    private StepFixture f;

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
    }

    private SubmitTrainingJobExecution start(SubmitTrainingJobStep step) throws Exception {
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        assertThat(e.start())
                .as("start() returns at once; the step completes later")
                .isFalse();
        return e;
    }

    private static SubmitTrainingJobStep step() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}");
        step.setVariables(StepFixture.variables("7"));
        return step;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> result(StepContext context) {
        ArgumentCaptor<Object> captor = ArgumentCaptor.forClass(Object.class);
        verify(context).onSuccess(captor.capture());
        return (Map<String, Object>) captor.getValue();
    }

    private Throwable failure(StepContext context) {
        ArgumentCaptor<Throwable> captor = ArgumentCaptor.forClass(Throwable.class);
        verify(context).onFailure(captor.capture());
        return captor.getValue();
    }

    @Test
    void submitsOnceThenWaitsUntilScheduledAndReturnsTheJob() throws Exception {
        SubmitTrainingJobExecution e = start(step());

        assertThat(f.platform.submittedTokens).containsExactly(e.clientToken());
        assertThat(f.specsLoaded).containsExactly("specText:name: resnet-${RUN}");
        assertThat(f.watcher.watches).hasSize(1);
        ScriptedWatch watch = f.watcher.last();
        assertThat(watch.state.connectionId()).isEqualTo("connection:prod");
        assertThat(watch.state.policy().until()).isEqualTo(WaitTarget.SCHEDULED);
        assertThat(watch.state.policy().pendingTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(e.getStatus()).contains("job-1").contains("scheduled");
        verify(f.context, never()).onSuccess(org.mockito.ArgumentMatchers.any());

        JobRef job = e.job();
        watch.outcome.complete(new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)));

        assertThat(result(f.context))
                .containsEntry("jobId", "job-1")
                .containsEntry("name", "resnet-7")
                .containsEntry("platform", "aihc")
                .containsEntry("status", "RUNNING");
        assertThat(f.log()).contains("Submitted Baidu AIHC job resnet-7 (id job-1)");
    }

    @Test
    void aJobThatFailsWhileWaitingFailsTheStepWithTheOutcomeMessageOnly() throws Exception {
        SubmitTrainingJobExecution e = start(step());
        Outcome failed = new Outcome.JobFailed(FakePlatform.status(e.job(), JobPhase.FAILED));

        f.watcher.last().outcome.complete(failed);

        Throwable t = failure(f.context);
        assertThat(t).isInstanceOf(AbortException.class).hasMessage(failed.message());
    }

    @Test
    void anUnschedulableJobFailsWithTheHeadlineAfterPrintingAndArchivingTheReport() throws Exception {
        SubmitTrainingJobExecution e = start(step());
        DiagnosisReport report = Reports.documentedAihcExample(e.job());

        f.watcher
                .last()
                .outcome
                .complete(new Outcome.Unschedulable(FakePlatform.status(e.job(), JobPhase.PENDING), report));

        Throwable t = failure(f.context);
        assertThat(t).isInstanceOf(AbortException.class).hasMessage(StepOutcome.unschedulableMessage(report));
        assertThat(f.log())
                .contains(ReportFormat.TEXT.render(report).lines().findFirst().orElseThrow())
                .contains("Schedule diagnosis report: job/p/1/training-job-job-1/");
        ArgumentCaptor<Action> action = ArgumentCaptor.forClass(Action.class);
        verify(f.run, org.mockito.Mockito.times(2)).addAction(action.capture());
        ScheduleDiagnosisAction attached =
                (ScheduleDiagnosisAction) action.getAllValues().get(0);
        // and the wait, for the job page's pending-time trend, with the verdict and the report's page
        io.jenkins.plugins.trainingjob.report.PendingTime wait =
                ((io.jenkins.plugins.trainingjob.report.PendingTimeAction)
                                action.getAllValues().get(1))
                        .getWaits()
                        .get(0);
        assertThat(wait.getVerdict()).isEqualTo(report.verdict().name());
        assertThat(wait.getDiagnosisUrl()).isEqualTo("job/p/1/training-job-job-1/");
        assertThat(attached.getHeadline()).isEqualTo(report.headline());
        assertThat(attached.getFindings()).isNotEmpty();
        File dir = new File(buildDir, "training-job/job-1");
        assertThat(new File(dir, "schedule-diagnosis.json")).hasContent(ReportFormat.JSON.render(report));
        assertThat(new File(dir, "schedule-diagnosis.html")).hasContent(ReportFormat.HTML.render(report));
        assertThat(new File(dir, "schedule-diagnosis-junit.xml")).hasContent(ReportFormat.JUNIT.render(report));
    }

    @Test
    @SuppressWarnings("unchecked")
    void withoutFailOnUnschedulableTheReportSummaryAndFilesAreReturned() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setFailOnUnschedulable(false);
        SubmitTrainingJobExecution e = start(step);
        DiagnosisReport report = Reports.documentedAihcExample(e.job());

        f.watcher
                .last()
                .outcome
                .complete(new Outcome.Unschedulable(FakePlatform.status(e.job(), JobPhase.PENDING), report));

        Map<String, Object> result = result(f.context);
        assertThat(result)
                .containsEntry("status", "PENDING")
                .containsEntry("diagnosis", report.headline())
                .containsEntry("verdict", report.verdict().name())
                .containsEntry("reportUrl", "job/p/1/training-job-job-1/");
        assertThat((Map<String, String>) result.get("reportFiles"))
                .containsOnlyKeys("html", "json", "junit")
                .containsEntry("json", "job/p/1/training-job-job-1/files/schedule-diagnosis.json");
    }

    @Test
    void waitNoneReturnsRightAfterTheSubmitWithTheFirstStatus() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setWait("none");

        start(step);

        assertThat(f.watcher.watches).isEmpty();
        assertThat(result(f.context)).containsEntry("jobId", "job-1").containsEntry("status", "PENDING");
    }

    @Test
    void stopWithCancelOnAbortAsksTheMonitorToStopTheJobAndPrintsWhatItStopped() throws Exception {
        SubmitTrainingJobExecution e = start(step());
        ScriptedWatch watch = f.watcher.last();
        InterruptedException abort = new InterruptedException("aborted by user");

        e.stop(abort);

        assertThat(watch.cancelledWithStop).isTrue();
        assertThat(failure(f.context)).isSameAs(abort);
        assertThat(f.log()).contains(new Outcome.Cancelled(null, true, "cancelled by the build").message());
    }

    @Test
    void stopWithoutCancelOnAbortLeavesTheRemoteJobAlone() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setCancelOnAbort(false);
        SubmitTrainingJobExecution e = start(step);

        e.stop(new InterruptedException());

        assertThat(f.watcher.last().cancelledWithStop).isFalse();
    }

    @Test
    void aResumedStepContinuesTheSameWatchWithoutSubmittingAgain() throws Exception {
        SubmitTrainingJobExecution e = start(step());
        StepContext afterRestart = mock(StepContext.class);

        SubmitTrainingJobExecution resumed = f.restart(e, afterRestart);
        resumed.onResume();

        assertThat(f.platform.submittedTokens).hasSize(1);
        assertThat(f.watcher.resumed).containsExactly(e.watchState());
        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.STARTING)));
        assertThat(result(afterRestart)).containsEntry("jobId", "job-1").containsEntry("status", "STARTING");
    }

    @Test
    void aStepRestartedAfterTheCreateCallFindsTheJobByItsTokenInsteadOfPostingAgain() throws Exception {
        // the create call reached the platform, but the controller went down before the answer was kept:
        // what is on disk is the state saved before the create, with the token and no job
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step().start(f.context);
        e.useService(f.service);
        java.util.concurrent.atomic.AtomicReference<byte[]> beforeCreate =
                new java.util.concurrent.atomic.AtomicReference<>();
        when(f.context.saveState()).thenAnswer(i -> {
            if (e.clientToken() != null && e.job() == null && beforeCreate.get() == null) {
                beforeCreate.set(StepFixture.serialize(e));
            }
            return com.google.common.util.concurrent.Futures.immediateFuture(null);
        });
        e.start();
        assertThat(beforeCreate.get())
                .as("the token was saved before the create call")
                .isNotNull();
        assertThat(f.platform.submittedTokens).hasSize(1);

        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restore(beforeCreate.get(), afterRestart);
        resumed.useService(f.service);
        resumed.onResume();

        assertThat(f.platform.submittedTokens).as("no second create call").hasSize(1);
        assertThat(resumed.job()).isEqualTo(f.platform.byToken.get(e.clientToken()));
        assertThat(f.log()).contains("submitted before the controller restarted; not submitting again");
        assertThat(f.watcher.last().state.job()).isEqualTo(resumed.job());
    }

    /** R4: {@code maxWait} is the submit's, counted from its first create, not from the resume. */
    @Test
    void maxWaitCountsFromTheFirstSubmitAcrossARestart() throws Exception {
        java.time.Instant submitted = java.time.Instant.parse("2026-12-01T10:00:00Z");
        f.watcher.now = submitted;
        SubmitTrainingJobStep step = step();
        step.setMaxWait("30m");
        Fallback spot = new Fallback(); // a submit of several attempts: the path R4 found
        spot.setQueue("spot");
        step.setFallback(java.util.List.of(spot));
        step.setFallbackOrder("given");
        SubmitTrainingJobExecution e = start(step);
        assertThat(f.watcher.budgets).singleElement().satisfies(b -> {
            assertThat(b.maxWait()).isEqualTo(Duration.ofMinutes(30));
            assertThat(b.start()).isEqualTo(submitted);
        });

        f.watcher.now = submitted.plus(Duration.ofMinutes(20)); // the controller comes back 20 minutes later
        SubmitTrainingJobExecution resumed = f.restart(e, mock(StepContext.class));
        resumed.onResume();

        assertThat(f.watcher.resumed).hasSize(1);
        assertThat(f.watcher.budgets).hasSize(2).last().satisfies(b -> {
            assertThat(b.maxWait()).isEqualTo(Duration.ofMinutes(30));
            assertThat(b.start()).as("counted from the first submit").isEqualTo(submitted);
        });
    }

    @Test
    void theSerializedStepStateHoldsIdsButNoSecret() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setConnection(null);
        step.setPlatform(StepFixture.inlineAihc());
        SubmitTrainingJobExecution e = start(step);
        assertThat(f.connected).hasSize(1);
        assertThat(f.connected.get(0).credentials().secretKey()).isEqualTo(StepFixture.SECRET_KEY);

        String serialized = new String(StepFixture.serialize(e), StandardCharsets.ISO_8859_1);

        assertThat(serialized)
                .doesNotContain(StepFixture.SECRET_KEY)
                .doesNotContain("AK-team-ak")
                .contains("team-ak")
                .contains(e.clientToken())
                .contains("job-1");
    }

    @Test
    void contradictoryParametersFailBeforeAnythingIsSubmittedNamingTheField() {
        SubmitTrainingJobStep both = step();
        both.setPlatform(StepFixture.inlineAihc());
        assertThatThrownBy(() -> both.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("connection:");

        SubmitTrainingJobStep noSpec = step();
        noSpec.setSpecText(null);
        assertThatThrownBy(() -> noSpec.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("spec:");

        SubmitTrainingJobStep badTimeout = step();
        badTimeout.setPendingTimeout("ten minutes");
        assertThatThrownBy(() -> badTimeout.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("pendingTimeout:");

        SubmitTrainingJobStep forever = step();
        forever.setWait("forever"); // kept by the setter (no "Oops" page on the job form), refused by the run
        assertThat(forever.getWait()).isEqualTo("forever");
        assertThatThrownBy(() -> forever.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("wait: 'forever' is not one of");
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    @Test
    void aPendingTimeoutWithoutAUnitFailsTheStepWithCoresMessageInsteadOfGuessingMinutes() {
        SubmitTrainingJobStep step = step();
        step.setPendingTimeout("10");
        assertThatThrownBy(() -> step.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessage("pendingTimeout: '10' has no unit: write 10m or 10s");
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    @Test
    /** Security review S8: the build log (Job/Read) does not list the configured connections. */
    void anUnknownConnectionNameFailsTheStepWithoutListingTheConfiguredNames() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setConnection("staging");

        start(step);

        assertThat(failure(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("connection: no connection named 'staging' is configured")
                .hasMessageContaining("Manage Jenkins › Training Job")
                .hasMessageNotContaining("prod");
        assertThat(f.log()).doesNotContain("prod");
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    @Test
    void aBugIsNotDisguisedAsBadInputTheStepFailsWithTheExceptionItself() throws Exception {
        IllegalArgumentException bug = new IllegalArgumentException("pageSize must be at least 1, was 0");
        when(f.config.findConnection("prod")).thenThrow(bug);

        start(step());

        // Jenkins prints an AbortException's message only; anything else with its stack trace.
        assertThat(failure(f.context)).isSameAs(bug);
        assertThat(f.platform.submittedTokens).isEmpty();
    }
}

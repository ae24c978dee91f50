package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.verify;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.FakePlatform;
import io.jenkins.plugins.trainingjob.ScriptedWatcher.ScriptedWatch;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformKind;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
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
        assertThat((Map<String, Object>) captor.getValue()).containsEntry("jobId", "pytorchjob-42")
                .containsEntry("status", "RUNNING");
    }

    @Test
    void anUnschedulableJobFailsWithTheReportHeadline() throws Exception {
        start(step());
        DiagnosisReport report = Reports.documentedAihcExample(JOB);

        f.watcher.last().outcome.complete(new Outcome.Unschedulable(FakePlatform.status(JOB, JobPhase.PENDING), report));

        assertThat(failure(f.context)).isInstanceOf(AbortException.class)
                .hasMessage(ConsoleText.strip(report.headline()));
        assertThat(new File(buildDir, "training-job/pytorchjob-42/schedule-diagnosis.html")).exists();
    }

    @Test
    void stopWithCancelOnAbortStopsTheJobItWaitsFor() throws Exception {
        AwaitScheduleDiagnosisExecution e = start(step());
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

    @Test
    void needsAJobIdOrADiagnosisId() {
        AwaitScheduleDiagnosisStep step = step();
        step.setJobId(null);

        assertThatThrownBy(() -> step.start(f.context)).isInstanceOf(AbortException.class)
                .hasMessageStartingWith("jobId:");
        assertThatThrownBy(() -> step.setUntil("none")).hasMessage("until: 'none' is not one of scheduled, completed");
    }
}

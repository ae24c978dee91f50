package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.verify;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.File;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * {@code maxWait} in both steps and the freestyle builder, with core's real monitor over the fake platform:
 * the budget ends the wait with "did not start within", {@code cancelOnFailure} applies, and the build log
 * says why there was no estimate (the fake queue has no history).
 */
class MaxWaitStepsTest {

    @Test
    void submitFailsWhenTheBudgetRunsOutAndStopsTheJob(@TempDir File buildDir) throws Exception {
        ManualClock clock = new ManualClock();
        StepFixture f = new StepFixture(buildDir);
        try (RealMonitorService monitored = new RealMonitorService(f, Duration.ofSeconds(30), Runnable::run, clock)) {
            clock.settleWithMonitor(monitored::monitor);
            f.platform.phase = JobPhase.PENDING;
            SubmitTrainingJobStep step = new SubmitTrainingJobStep();
            step.setConnection("prod");
            step.setSpecText("name: resnet");
            step.setMaxWait("3m");
            SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
            e.useService(monitored.service);
            e.start();

            clock.advance(Duration.ofMinutes(2));
            assertThat(StepFixture.ended(f.context))
                    .as("no estimate ends nothing early")
                    .isFalse();
            assertThat(clock.advanceUntil(() -> StepFixture.ended(f.context), Duration.ofMinutes(5)))
                    .isTrue();

            ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
            verify(f.context).onFailure(failure.capture());
            assertThat(failure.getValue())
                    .isInstanceOf(AbortException.class)
                    .hasMessageContaining("did not start within 3m");
            assertThat(f.platform.cancelled).containsExactly(e.job());
            assertThat(f.log()).contains("no basis for an estimate (0 finished jobs in 7d)");
        }
    }

    @Test
    void awaitFailsWhenTheBudgetRunsOutAndLeavesTheJobBySayingHowToStopIt(@TempDir File buildDir) throws Exception {
        ManualClock clock = new ManualClock();
        StepFixture f = new StepFixture(buildDir);
        try (RealMonitorService monitored = new RealMonitorService(f, Duration.ofSeconds(30), Runnable::run, clock)) {
            clock.settleWithMonitor(monitored::monitor);
            JobRef job = f.platform.addJob("resnet");
            AwaitScheduleDiagnosisStep step = new AwaitScheduleDiagnosisStep();
            step.setConnection("prod");
            step.setJobId(job.id());
            step.setMaxWait("3m");
            AwaitScheduleDiagnosisExecution e = (AwaitScheduleDiagnosisExecution) step.start(f.context);
            e.useService(monitored.service);
            e.start();

            assertThat(clock.advanceUntil(() -> StepFixture.ended(f.context), Duration.ofMinutes(5)))
                    .isTrue();

            ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
            verify(f.context).onFailure(failure.capture());
            assertThat(failure.getValue()).hasMessageContaining("did not start within 3m");
            assertThat(f.platform.cancelled).isEmpty();
            assertThat(f.log()).contains("is still queued");
        }
    }

    @Test
    void theFreestyleBuilderFailsTheBuildWhenTheBudgetRunsOut(@TempDir File buildDir) throws Exception {
        FreestyleBuild freestyle = new FreestyleBuild(buildDir);
        StepFixture f = freestyle.f;
        try (RealMonitorService monitored = new RealMonitorService(f, Duration.ofMillis(200), Runnable::run)) {
            f.platform.phase = JobPhase.PENDING;
            TrainingJobBuilder builder = freestyle.builder();
            builder.useService(monitored.service);
            builder.setMaxWait("1s");

            assertThatThrownBy(() -> freestyle.perform(builder))
                    .isInstanceOf(AbortException.class)
                    .hasMessageContaining("did not start within 1s");
            assertThat(f.platform.cancelled).hasSize(1);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theStepsResultCarriesTheLastEstimateAndItsBasis(@TempDir File buildDir) throws Exception {
        ManualClock clock = new ManualClock();
        StepFixture f = new StepFixture(buildDir);
        try (RealMonitorService monitored = new RealMonitorService(f, Duration.ofSeconds(30), Runnable::run, clock)) {
            clock.settleWithMonitor(monitored::monitor);
            f.platform.phase = JobPhase.PENDING;
            SubmitTrainingJobStep step = new SubmitTrainingJobStep();
            step.setConnection("prod");
            step.setSpecText("name: resnet");
            SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
            e.useService(monitored.service);
            e.start();
            clock.advance(Duration.ofMinutes(1));
            f.platform.phase = JobPhase.RUNNING;
            assertThat(clock.advanceUntil(() -> StepFixture.ended(f.context), Duration.ofMinutes(5)))
                    .isTrue();

            ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
            verify(f.context).onSuccess(result.capture());
            java.util.Map<String, Object> map = (java.util.Map<String, Object>) result.getValue();
            assertThat(map)
                    .containsEntry("status", "RUNNING")
                    .containsEntry("etaBasis", "no basis for an estimate (0 finished jobs in 7d)")
                    .doesNotContainKey("eta");
        }
    }

    @Test
    void aBadMaxWaitIsRefusedNamingTheField(@TempDir File buildDir) throws Exception {
        StepFixture f = new StepFixture(buildDir);
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        step.setMaxWait("40");
        assertThatThrownBy(() -> step.start(f.context)).hasMessageContaining("maxWait");
    }
}

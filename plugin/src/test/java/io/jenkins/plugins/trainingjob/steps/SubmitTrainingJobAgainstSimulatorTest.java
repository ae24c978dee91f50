package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * {@code submitTrainingJob} end to end without Jenkins: core's AIHC client and job monitor against the
 * simulator, with a mocked step context. The simulator's clock stands still unless the test moves it
 * (AIHC's 5-minute pre-check and the report latency are simulated time); the monitor runs on a
 * {@link ManualClock} the test advances timer by timer, settling with the monitor's idle state (its HTTP
 * calls and the step's callbacks done) after each, instead of polling real time.
 */
class SubmitTrainingJobAgainstSimulatorTest extends SimulatedAihcStepTest {

    private SubmitTrainingJobExecution start(String queue, String pendingTimeout) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(pytorchJob(queue, 8));
        step.setVariables(List.of("RUN=42"));
        step.setPendingTimeout(pendingTimeout);
        return startedUntilCreated((SubmitTrainingJobExecution) step.start(f.context));
    }

    /** Moves the monitor's clock until the step has told its context how it ended. */
    private void awaitStepEnd() {
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aJobOnHealthyNodesIsSubmittedAndEndsScheduled() throws Exception {
        SubmitTrainingJobExecution e = start("training", null);

        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        awaitStepEnd();
        verify(f.context).onSuccess(result.capture());
        assertThat((Map<String, Object>) result.getValue())
                .containsEntry("name", "ci-42")
                .containsEntry("jobId", e.job().id())
                .containsEntry("platform", "aihc");
        assertThat(f.log()).contains("Submitted Baidu AIHC job ci-42");
    }

    @Test
    void aFailedJobFailsTheBuildWithCoresWordsExitCodeAndLastEventsIncluded() throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(String.join(
                "\n",
                "platform: aihc",
                "name: ci-fail",
                "queue: training",
                "jobFramework: PyTorchJob",
                "jobSpec:",
                "  image: registry.example.com/train:1",
                "  command: python train.py",
                "  replicas: 1",
                "  resources:",
                "    - name: nvidia.com/gpu",
                "      quantity: 1",
                "  envs:",
                "    - name: SIM_RUN_SECONDS",
                "      value: \"0\"",
                "    - name: SIM_EXIT_CODE",
                "      value: \"3\"",
                ""));
        step.setWait("completed");
        startedUntilCreated((SubmitTrainingJobExecution) step.start(f.context));
        sim.advanceClock(Duration.ofSeconds(1));

        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        awaitStepEnd();
        verify(f.context).onFailure(failure.capture());
        String unfolded = failure.getValue().getMessage().replace("\n    ", " ");
        assertThat(unfolded)
                .contains("failed: FAILED")
                .contains("exit code 3 (worker ci-fail-master-0)")
                .contains("ExitedWithCode: Pod: default.ci-fail-master-0 exited with code 3");
        // The build log carries the same words the CLI prints: core decided them once.
        assertThat(f.log()).contains(failure.getValue().getMessage());
    }

    @Test
    void aJobQueuedPastThePendingTimeoutFailsWithTheDiagnosisHeadlineAndTheReport() throws Exception {
        SubmitTrainingJobExecution e = start("default", "50ms");
        sim.advanceClock(Duration.ofMinutes(5)); // AIHC diagnoses only jobs queued for 5 minutes
        clock.runUntil(
                "the diagnosis is launched",
                () -> f.log().replace("\n    ", " ").contains("schedule diagnosis"));
        sim.advanceClock(Duration.ofSeconds(10)); // the report's latency

        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        awaitStepEnd();
        verify(f.context).onFailure(failure.capture());
        assertThat(failure.getValue())
                .isInstanceOf(AbortException.class)
                // the diagnosis joined with the pool inventory names the change that unblocks the most
                .hasMessage(
                        "still pending (retrying later may help): Job ci-42 cannot be scheduled (7 nodes refused it); best change: removing the taint "
                                + "kwok.x-k8s.io/node: fake from fake-node-a800-[01-04]: the pod fits");
        assertThat(f.log())
                .contains("untolerated taint kwok.x-k8s.io/node: fake — 4 nodes: fake-node-a800-[01-04]")
                .contains("Schedule diagnosis report: job/p/1/training-job-"
                        + e.job().id() + "/");
        assertThat(new File(buildDir, "training-job/" + e.job().id() + "/schedule-diagnosis-junit.xml"))
                .exists();
    }

    @Test
    void abortingStopsTheJobOnThePlatform() throws Exception {
        SubmitTrainingJobExecution e = start("default", "1h");
        InterruptedException abort = new InterruptedException("aborted");

        e.stop(abort);

        awaitStepEnd();
        verify(f.context).onFailure(abort);
        sim.advanceClock(Duration.ofSeconds(10));
        try (TrainingPlatform platform = service.connector()
                .connect(((AihcConnection) f.config.findConnection("sim").orElseThrow())
                        .toSettings(Credentials.of("sim-access-key", "sim-secret-key")))) {
            clock.runUntil("the job is stopped", () -> platform.status(e.job()).phase() == JobPhase.STOPPED);
        }
    }
}

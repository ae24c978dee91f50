package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jenkins.model.ArtifactManager;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * How a finished job ends a step, against the simulated AIHC: outputs in both steps' result maps, a failed
 * job's details returned with {@code failOnJobFailure: false} or failing the step with them in the log,
 * and the short report and the failing worker's log tail archived through the build's artifact manager.
 */
class JobEndAgainstSimulatorTest extends SimulatedAihcStepTest {

    final ArtifactManager artifacts = mock(ArtifactManager.class);

    @BeforeEach
    void archiveThroughTheBuildsArtifactManager() throws Exception {
        when(f.run.pickArtifactManager()).thenReturn(artifacts);
    }

    /** A one-GPU leg whose script prints an eval metric and a checkpoint, then exits with {@code exitCode}. */
    static String leg(String name, int exitCode) {
        return String.join(
                "\n",
                "platform: aihc",
                "name: " + name,
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
                "      value: \"" + exitCode + "\"",
                "    - name: SIM_LOG_LINES",
                "      value: 'eval accuracy: 0.91\\ntrainjob-output/$TRAINJOB_OUTPUT_NONCE checkpoint=bos://ckpt/"
                        + name + "'",
                "outputs:",
                "  - name: accuracy",
                "    regex: 'eval accuracy: ([0-9.]+)'",
                "  - name: checkpoint",
                "");
    }

    private SubmitTrainingJobExecution submit(String spec, boolean failOnJobFailure) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(spec);
        step.setWait("completed");
        step.setFailOnJobFailure(failOnJobFailure);
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service);
        e.start();
        sim.advanceClock(Duration.ofSeconds(1));
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        return e;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> success() {
        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(result.capture());
        return (Map<String, Object>) result.getValue();
    }

    @SuppressWarnings("unchecked")
    private Map<String, String> archived() throws Exception {
        ArgumentCaptor<Map<String, String>> files = ArgumentCaptor.forClass(Map.class);
        verify(artifacts).archive(any(), any(), any(), files.capture());
        return files.getValue();
    }

    @Test
    void aSucceededJobsOutputsAreInTheSubmitStepsResult() throws Exception {
        SubmitTrainingJobExecution e = submit(leg("leg-ok", 0), true);
        Map<String, Object> result = success();
        assertThat(result)
                .containsEntry("status", "SUCCEEDED")
                .containsEntry(
                        "outputs",
                        Map.of("STATUS", "SUCCEEDED", "accuracy", "0.91", "checkpoint", "bos://ckpt/leg-ok"));
        assertThat(archived()).containsOnlyKeys("training-job/" + e.job().id() + "/outcome.md");
        assertThat(f.log()).contains("Outputs (worker leg-ok-master-0): accuracy=0.91, checkpoint=bos://ckpt/leg-ok");
    }

    @Test
    @SuppressWarnings("unchecked")
    void withFailOnJobFailureOffAFailedJobReturnsItsFailureInsteadOfThrowing() throws Exception {
        SubmitTrainingJobExecution e = submit(leg("leg-bad", 3), false);
        Map<String, Object> result = success();
        assertThat(result)
                .containsEntry("status", "FAILED")
                .containsEntry("jobId", e.job().id());
        Map<String, Object> failure = (Map<String, Object>) result.get("failure");
        assertThat(failure).containsEntry("exitCode", 3).containsEntry("worker", "leg-bad-master-0");
        assertThat((List<String>) failure.get("lastEvents")).anyMatch(l -> l.startsWith("ExitedWithCode: "));
        assertThat((List<String>) failure.get("logTail")).contains("[sim] error: training script exited with code 3");
        assertThat(failure.values()).noneMatch(""::equals);
        assertThat((Map<String, String>) result.get("outputs"))
                .as("a failed job's outputs, marked as such")
                .containsEntry("STATUS", "FAILED")
                .containsEntry("accuracy", "0.91");
        assertThat(archived())
                .containsOnlyKeys(
                        "training-job/" + e.job().id() + "/outcome.md",
                        "training-job/" + e.job().id() + "/worker-log-tail.txt");
    }

    @Test
    void withFailOnJobFailureOnTheStepFailsWithTheDetailsInTheLogAndTheTailArchived() throws Exception {
        SubmitTrainingJobExecution e = submit(leg("leg-bad2", 3), true);
        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        verify(f.context).onFailure(failure.capture());
        assertThat(failure.getValue()).isInstanceOf(AbortException.class);
        assertThat(failure.getValue().getMessage().replace("\n    ", " "))
                .contains("exit code 3 (worker leg-bad2-master-0)");
        assertThat(f.log())
                .contains("Last ")
                .contains(" lines of worker leg-bad2-master-0's log:")
                .contains("  | [sim] error: training script exited with code 3")
                .contains("Archived with the build: training-job/" + e.job().id() + "/outcome.md, training-job/"
                        + e.job().id() + "/worker-log-tail.txt");
        assertThat(archived()).containsKey("training-job/" + e.job().id() + "/worker-log-tail.txt");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theAwaitStepWithoutASpecReturnsTheOutcomeAndNoUndeclaredOutput() throws Exception {
        SubmitTrainingJobStep submit = new SubmitTrainingJobStep();
        submit.setConnection("sim");
        submit.setSpecText(leg("leg-await", 0));
        submit.setWait("none");
        SubmitTrainingJobExecution s = (SubmitTrainingJobExecution) submit.start(f.context);
        s.useService(service);
        s.start();
        clock.runUntil("submitted", () -> StepFixture.ended(f.context));
        String jobId = (String) success().get("jobId");

        org.jenkinsci.plugins.workflow.steps.StepContext awaitContext =
                mock(org.jenkinsci.plugins.workflow.steps.StepContext.class);
        f.useContext(awaitContext);
        AwaitScheduleDiagnosisStep await = new AwaitScheduleDiagnosisStep();
        await.setConnection("sim");
        await.setJobId(jobId);
        await.setUntil("completed");
        AwaitScheduleDiagnosisExecution a = (AwaitScheduleDiagnosisExecution) await.start(awaitContext);
        a.useService(service);
        a.start();
        sim.advanceClock(Duration.ofSeconds(1));
        clock.runUntil("the await step ended", () -> StepFixture.ended(awaitContext));
        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(awaitContext).onSuccess(result.capture());
        // no spec here, so no declared output: only names a spec declares are outputs (review 2, N1), even a
        // convention line with the job's own nonce; the outcome is there
        assertThat((Map<String, Object>) result.getValue()).containsEntry("outputs", Map.of("STATUS", "SUCCEEDED"));
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobFailureTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1b2c", "train-llm");
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private static JobStatus failed(String reason, WorkerStatus... workers) {
        return new JobStatus(
                JOB, JobPhase.FAILED, "Failed", T0, T0, T0.plusSeconds(60), null, reason, List.of(workers), null);
    }

    private static JobEvent event(String type, String reason, String message, int second) {
        return new JobEvent(type, reason, message, T0.plusSeconds(second), T0.plusSeconds(second), 1);
    }

    @Test
    void theExitCodeAndWorkerComeFromTheTrainingOperatorsEvent() {
        JobFailure f = JobFailure.of(
                failed("", new WorkerStatus("train-llm-master-0", "n1", "Failed", "Error")),
                List.of(
                        event(
                                "Warning",
                                "JobFailed",
                                "PyTorchJob train-llm is failed because 1 Master replica(s) " + "failed.",
                                61),
                        event(
                                "Warning",
                                "ExitedWithCode",
                                "Pod: default.train-llm-worker-1 exited with code 137",
                                60)));
        assertThat(f.exitCode()).isEqualTo(137);
        assertThat(f.worker()).isEqualTo("train-llm-worker-1");
        assertThat(f.reason()).isEqualTo("Error");
        assertThat(f.lastEvents()).extracting(JobEvent::reason).containsExactly("ExitedWithCode", "JobFailed");
    }

    @Test
    void withoutEventsTheReasonAndTheFailedWorkerStillCount() {
        JobFailure f = JobFailure.of(
                failed(
                        "OOMKilled",
                        new WorkerStatus("w-0", "n1", "Succeeded", ""),
                        new WorkerStatus("w-1", "n2", "Failed", "")),
                List.of());
        assertThat(f.exitCode()).isNull();
        assertThat(f.worker()).isEqualTo("w-1");
        assertThat(f.reason()).isEqualTo("OOMKilled");
        assertThat(f.isEmpty()).isFalse();
    }

    @Test
    void onlyTheLastThreeEventsAreKeptOldestFirst() {
        JobFailure f = JobFailure.of(
                failed(""),
                List.of(
                        event("Normal", "e5", "m", 5),
                        event("Normal", "e1", "m", 1),
                        event("Normal", "e3", "m", 3),
                        event("Normal", "e4", "m", 4),
                        event("Normal", "e2", "m", 2)));
        assertThat(f.lastEvents()).extracting(JobEvent::reason).containsExactly("e3", "e4", "e5");
    }

    @Test
    void theOutcomeLineCarriesReasonExitCodeAndEventsFoldedToOneHundredColumns() {
        JobStatus status = failed("", new WorkerStatus("train-llm-master-0", "n1", "Failed", ""));
        JobFailure f = JobFailure.of(
                status,
                List.of(
                        event(
                                "Warning",
                                "ExitedWithCode",
                                "Pod: default.train-llm-master-0 exited with code 3\u001b[2J",
                                60),
                        event("Warning", "JobFailed", "PyTorchJob train-llm failed: " + "x".repeat(120), 61)));
        String message = new Outcome.JobFailed(status, f).message();
        assertThat(message.lines().findFirst().orElseThrow())
                .isEqualTo(
                        "[aihc] job train-llm (pytorchjob-1b2c) failed: FAILED, exit code 3 (worker train-llm-master-0)");
        assertThat(message)
                .contains("\n  last events:\n    Warning ExitedWithCode: Pod: default.train-llm-")
                .doesNotContain("\u001b");
        assertThat(message.lines()).allMatch(l -> l.length() <= 100);
        // a log that is not a terminal gets one line per logical line: the outcome, the list, each event
        assertThat(ConsoleText.logicalLines(message).lines()).hasSize(4).satisfies(lines -> {
            assertThat(lines.get(1)).isEqualTo("  last events:");
            assertThat(lines.get(2)).startsWith("    Warning ExitedWithCode: Pod: default.train-llm-master-0");
            assertThat(lines.get(3)).startsWith("    Warning JobFailed: PyTorchJob train-llm failed: xxx");
        });
    }

    @Test
    void aFailureWithNothingToSayKeepsTheShortLine() {
        assertThat(new Outcome.JobFailed(failed(""), JobFailure.of(failed(""), List.of())).message())
                .isEqualTo("[aihc] job train-llm (pytorchjob-1b2c) failed: FAILED");
    }
}

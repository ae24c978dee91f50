package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class MonitorEventMessagesTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-19d3c4f2-8a1b-4c5d", "train-llm");

    @Test
    void aStateChangeNamesTheJobItsPhaseTheRawStateAndTheQueuePosition() {
        JobStatus pending = status(JOB, JobPhase.PENDING, "Created", 3);
        assertThat(new MonitorEvent.StateChanged(null, pending).message())
                .isEqualTo(
                        "[aihc] job train-llm (pytorchjob-19d3c4f2-8a1b-4c5d) is PENDING (Created), queue position 3");
        assertThat(new MonitorEvent.StateChanged(pending, status(JOB, JobPhase.RUNNING, "Running", null)).message())
                .isEqualTo("[aihc] job train-llm (pytorchjob-19d3c4f2-8a1b-4c5d) is RUNNING, was PENDING");
    }

    @Test
    void aJobWhoseNameIsItsIdIsNamedOnce() {
        JobRef job = new JobRef(PlatformKind.SENSECORE, "tj-7", null);
        assertThat(new MonitorEvent.StateChanged(null, status(job, JobPhase.PENDING, "QUEUEING", null)).message())
                .isEqualTo("[sensecore] job tj-7 is PENDING (QUEUEING)");
    }

    @Test
    void progressLinesSayWhatTheWatchIsWaitingFor() {
        JobStatus pending = status(JOB, JobPhase.PENDING, "Created", 2);
        assertThat(new MonitorEvent.QueuePositionChanged(pending, 2).message())
                .isEqualTo("[aihc] job train-llm (pytorchjob-19d3c4f2-8a1b-4c5d) is at queue position 2");
        assertThat(new MonitorEvent.Heartbeat(pending, Duration.ofSeconds(330))
                        .message()
                        .replace("\n    ", " "))
                .isEqualTo(
                        "[aihc] job train-llm (pytorchjob-19d3c4f2-8a1b-4c5d) still PENDING (Created), queue position 2 "
                                + "after 5m 30s");
        assertThat(new MonitorEvent.DiagnosisStarted(pending, "9de03782-1b7f")
                        .message()
                        .replace("\n    ", " "))
                .isEqualTo("[aihc] job train-llm (pytorchjob-19d3c4f2-8a1b-4c5d) pending too long; schedule diagnosis "
                        + "9de03782-1b7f running");
        assertThat(new MonitorEvent.DiagnosisWaiting(pending, "the report is not ready yet").message())
                .isEqualTo(
                        "[aihc] job train-llm (pytorchjob-19d3c4f2-8a1b-4c5d) diagnosis waiting: the report is not ready yet");
        assertThat(new MonitorEvent.Retrying(
                                new RateLimitedException(
                                        new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 429, "", ""),
                                        "slow down",
                                        null,
                                        null),
                                Duration.ofSeconds(2))
                        .message())
                .isEqualTo("[aihc] call failed, retrying in 2s: Baidu AIHC GET /api/v1/aijobs: slow down (HTTP 429)");
    }

    @Test
    void hostileRemoteStringsAreStrippedAndLinesFitOneHundredColumns() {
        JobRef hostile = new JobRef(
                PlatformKind.AIHC, "id\u001b[2J-" + "x".repeat(200), "evil\nname\u001b[31m" + "y".repeat(200));
        JobStatus s = status(hostile, JobPhase.PENDING, "Cre\u0007ated\r\nFAKE LINE" + "z".repeat(100), 1);
        List<String> lines = List.of(
                new MonitorEvent.StateChanged(null, s).message(),
                new MonitorEvent.Heartbeat(s, Duration.ofHours(2)).message(),
                new MonitorEvent.DiagnosisWaiting(s, "reason\u001b]0;title\u0007" + "r".repeat(300)).message(),
                new MonitorEvent.DiagnosisStarted(s, "d\u001b[1m" + "i".repeat(100)).message());
        assertThat(lines).allSatisfy(message -> {
            assertThat(message).startsWith("[aihc] job evil name").doesNotContain("\u001b", "\r", "\u0007");
            String[] folded = message.split("\n");
            assertThat(List.of(folded)).allSatisfy(l -> assertThat(l).hasSizeLessThanOrEqualTo(100));
            assertThat(List.of(folded).subList(1, folded.length))
                    .allSatisfy(l -> assertThat(l).startsWith("    "));
        });
        assertThat(lines).noneMatch(m -> m.contains("\nFAKE"));
    }

    /** P10: a diagnosis id is copied into {@code trainjob diagnose --id}: never cut, however long. */
    @Test
    void aDiagnosisIdIsNeverShortened() {
        String id = "sensecore-evidence-66414ec8-2131-4c8e-9f1e-0123456789ab";
        String line = MonitorEventMessages.diagnosisStarted(status(JOB, JobPhase.PENDING, "QUEUEING", null), id);
        assertThat(String.join("", line.lines().map(String::strip).toList()))
                .contains(id)
                .doesNotContain("…");
    }

    private static JobStatus status(JobRef job, JobPhase phase, String raw, Integer queuePosition) {
        return new JobStatus(job, phase, raw, null, null, null, queuePosition, "", List.of(), null);
    }
}

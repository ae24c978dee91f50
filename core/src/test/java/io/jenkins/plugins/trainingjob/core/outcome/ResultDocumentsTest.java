package io.jenkins.plugins.trainingjob.core.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one document of a failure and of a log tail, which the CLI's JSON and the steps' return maps both
 * carry: only what is known (an absent key, never {@code ""}), in a fixed order, events oldest first.
 */
class ResultDocumentsTest {

    private static final Instant T = Instant.parse("2025-03-01T09:00:00Z");

    @Test
    void aFailureSaysOnlyWhatThePlatformSaid() {
        JobFailure failure = new JobFailure(
                "OOMKilled",
                137,
                "w-1",
                List.of(
                        new JobEvent("Warning", "BackOff", "Back-off", T, T.plusSeconds(50), 3),
                        new JobEvent("Normal", "ExitedWithCode", "exited with code 137", null, null, 1)));
        Map<String, Object> doc = failure.toDocument();
        assertThat(doc.keySet()).containsExactly("reason", "worker", "exitCode", "events");
        assertThat(doc)
                .containsEntry("reason", "OOMKilled")
                .containsEntry("worker", "w-1")
                .containsEntry("exitCode", 137);
        assertThat(doc.get("events"))
                .isEqualTo(List.of(
                        Map.of(
                                "type", "Warning",
                                "reason", "BackOff",
                                "message", "Back-off",
                                "count", 3,
                                "firstSeen", "2025-03-01T09:00:00Z",
                                "lastSeen", "2025-03-01T09:00:50Z"),
                        Map.of(
                                "type",
                                "Normal",
                                "reason",
                                "ExitedWithCode",
                                "message",
                                "exited with code 137",
                                "count",
                                1)));
        assertThat(JobFailure.none().toDocument()).containsOnlyKeys("events");
    }

    @Test
    void aLogTailHasItsWorkerAndNoteOnlyWhenKnown() {
        assertThat(new LogTail("w-0", List.of("a", "b"), "cut at 8 MiB").toDocument())
                .containsExactly(
                        Map.entry("worker", "w-0"),
                        Map.entry("lines", List.of("a", "b")),
                        Map.entry("note", "cut at 8 MiB"));
        assertThat(new LogTail("", List.of(), "").toDocument()).containsOnlyKeys("lines");
    }
}

package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A failed job's JSON document holds core's failure and log-tail documents, the ones the Jenkins steps return
 * (their {@code StepResultDocumentsTest}): {@code failure.events}, each {@code type}, {@code reason},
 * {@code message}, {@code count} and the times when known, with {@code lastEvents}, the same list under its
 * former name, for one release.
 */
class FailureDocumentCliTest extends SimulatorBackedCliTest {

    private static final Set<String> EVENT_KEYS = Set.of("type", "reason", "message", "count", "firstSeen", "lastSeen");

    @Test
    void aFailedJobsFailureHasItsEventsUnderTheOneNameAndTheFormerOne() throws Exception {
        var result = cli.run(
                "submit",
                spec("sweep-leg.yaml"),
                "--set",
                "RUN=doc1",
                "--set",
                "LR=1e-4",
                "--set",
                "ACCURACY=0.2",
                "--set",
                "EXIT_CODE=3",
                "--set",
                "RUN_SECONDS=0.2",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "-o",
                "json");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        JsonNode doc = JobOutputsCliTest.json(result);
        JsonNode events = doc.path("failure").path("events");
        assertThat(events.isArray() && !events.isEmpty()).as(doc.toString()).isTrue();
        assertThat(doc.path("failure").path("lastEvents")).isEqualTo(events);
        for (JsonNode event : events) {
            List<String> keys = new ArrayList<>();
            event.fieldNames().forEachRemaining(keys::add);
            assertThat(keys)
                    .containsAll(List.of("type", "reason", "message", "count"))
                    .allMatch(EVENT_KEYS::contains);
        }
        assertThat(events.findValuesAsText("reason")).contains("ExitedWithCode");
        assertThat(doc.path("logTail").path("lines").toString())
                .contains("[sim] error: training script exited with code 3");
        assertThat(JobOutputsCliTest.schema().problems(doc)).isEmpty();
    }
}

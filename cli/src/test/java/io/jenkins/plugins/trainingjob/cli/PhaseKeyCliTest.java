package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A job's phase has one name in every result, {@code phase}: the CLI's JSON {@code status.phase} and
 * {@code reused.phase}, which the Jenkins steps return as {@code phase} too ({@code PhaseKeyTest} in
 * plugin-offline). The schema requires it and says that {@code status}, the steps' former name for it, stays
 * for one release. This fails when the CLI's JSON or the schema loses the key, or the schema the alias.
 */
class PhaseKeyCliTest extends SimulatorBackedCliTest {

    @Test
    void aWaitedJobsDocumentHasItsPhaseUnderPhase() throws Exception {
        var result = cli.run(JobOutputsCliTest.withLeg(
                "phase1",
                "submit",
                spec("sweep-leg.yaml"),
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "-o",
                "json"));
        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode doc = JobOutputsCliTest.json(result);
        assertThat(doc.at("/status/phase").asText()).as(doc.toString()).isEqualTo("SUCCEEDED");
        assertThat(JobOutputsCliTest.schema().problems(doc)).isEmpty();
    }

    @Test
    void theSchemaRequiresThePhaseAndNamesItsFormerNameForOneRelease() throws Exception {
        JsonNode defs = Terminal.JSON
                .readTree(Files.readString(DocsExamplesTest.ROOT.resolve("docs/cli-output.schema.json")))
                .path("$defs");
        for (String document : List.of("jobStatus", "reused")) {
            List<String> required = new ArrayList<>();
            defs.path(document).path("required").forEach(r -> required.add(r.asText()));
            assertThat(required).as(document).contains("phase");
            assertThat(defs.path(document)
                            .path("properties")
                            .path("phase")
                            .path("$ref")
                            .asText())
                    .as(document)
                    .isEqualTo("#/$defs/phase");
            assertThat(defs.path(document).path("description").asText())
                    .as(document + "'s description names the steps' alias")
                    .contains("status")
                    .contains("one release");
        }
    }
}

package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.TrainingJobDocumentTest.resource;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SenseCoreResponsesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void workersKeepNameNodeAndPhase() throws IOException {
        var page = JSON.readTree("""
                {"workers": [{"name": "w-0", "node_name": "node-7", "phase": "Running", "ip": "10.0.0.1"},
                             {"name": "w-1", "phase": "Pending"}], "total_size": "2", "next_page_token": ""}""");

        assertThat(SenseCoreResponses.workers(page))
                .containsExactly(
                        new WorkerStatus("w-0", "node-7", "Running", ""), new WorkerStatus("w-1", "", "Pending", ""));
        assertThat(SenseCoreResponses.totalSize(page)).isEqualTo(2);
        assertThat(SenseCoreResponses.totalSize(JSON.readTree("{}"))).isEqualTo(-1);
    }

    @Test
    void eventsAcceptSnakeAndCamelCaseTimes() throws IOException {
        var body = JSON.readTree("""
                {"events": [
                  {"type": "Warning", "reason": "FailedScheduling", "message": "0/8 nodes are available",
                   "first_timestamp": "2026-11-30T08:00:00Z", "last_timestamp": "2026-11-30T08:05:00Z", "count": 11},
                  {"type": "Normal", "reason": "Pulling", "firstTimestamp": "2026-11-30T08:06:00Z"}]}""");

        assertThat(SenseCoreResponses.events(body))
                .containsExactly(
                        new JobEvent(
                                "Warning",
                                "FailedScheduling",
                                "0/8 nodes are available",
                                Instant.parse("2026-11-30T08:00:00Z"),
                                Instant.parse("2026-11-30T08:05:00Z"),
                                11),
                        new JobEvent("Normal", "Pulling", "", Instant.parse("2026-11-30T08:06:00Z"), null, 1));
        assertThat(SenseCoreResponses.events(JSON.readTree("{\"events\": \"none\"}")))
                .isEmpty();
    }

    @Test
    void resourceSpecsReadCountsSentAsNumbersOrStrings() throws IOException {
        List<ResourceSpec> specs = SenseCoreResponses.resourceSpecs(resource("resource-specs.json"));

        assertThat(specs)
                .containsExactly(
                        new ResourceSpec("N6lS.Iu.I80.8", 8, "nvidia.com/gpu", 96, 1000, List.of("cn-sh-01e")),
                        new ResourceSpec(
                                "n6lv.n.i10.1.2c32g", 1, "nvidia.com/mig-1g.10gb", 2, 32, List.of("cn-sh-01e")),
                        new ResourceSpec("cpu-only", 0, "", 4, 8, List.of()));
    }

    @Test
    void bindingsSumSpotAllowancesAndTakeThePoolZoneFromTheId() throws IOException {
        List<SenseCoreResponses.Binding> bindings = SenseCoreResponses.bindings(resource("workspace-bindings.json"));

        assertThat(bindings)
                .containsExactly(
                        new SenseCoreResponses.Binding(
                                new PoolBinding("pool-a", "ACTIVE", "ALL", 32, 384, 4000, 12), "cn-sh-01e"),
                        new SenseCoreResponses.Binding(
                                new PoolBinding("debug-pool", "ACTIVE", "RESERVED", 1, -1, -1, -1), "cn-sh-01f"));
    }
}

package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The {@code /_sim/} control API over plain HTTP, as scripts and the demo use it. */
class AdminApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private Simulator sim;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    private HttpResponse<String> call(String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(sim.baseUrl() + path));
        b.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode json(String method, String path, String body) throws IOException, InterruptedException {
        HttpResponse<String> r = call(method, path, body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return MAPPER.readTree(r.body());
    }

    private static JsonNode node(JsonNode state, String name) {
        for (JsonNode n : state.get("nodes")) {
            if (n.get("name").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no node " + name);
    }

    @Test
    void theStateDumpShowsTheScenarioNodesAndQueues() throws Exception {
        JsonNode state = json("GET", "/_sim/state", null);
        assertThat(state.get("scenario").asText()).isEqualTo("seed-taint-and-gpu");
        assertThat(state.get("nodes")).hasSize(13);
        assertThat(node(state, "10.3.0.122").get("free").get("nvidia.com/gpu").asText())
                .isEqualTo("0");
        assertThat(node(state, "10.3.0.118").get("unschedulable").asBoolean()).isTrue();
        assertThat(state.get("queues"))
                .extracting(q -> q.get("key").asText())
                .contains("aihc/cce-sim00001/default", "aihc/cce-sim00001/training", "sensecore/sim-pool");
    }

    @Test
    void theClockAdvancesOnRequest() throws Exception {
        String before = json("GET", "/_sim/state", null).get("now").asText();
        JsonNode after = json("POST", "/_sim/clock/advance?seconds=90", null);
        assertThat(java.time.Instant.parse(after.get("now").asText()))
                .isEqualTo(java.time.Instant.parse(before).plusSeconds(90));
    }

    @Test
    void nodesCanBeCordonedUncordonedAndChanged() throws Exception {
        assertThat(json("POST", "/_sim/nodes/gpu-node-01/cordon", null)
                        .get("unschedulable")
                        .asBoolean())
                .isTrue();
        assertThat(json("POST", "/_sim/nodes/10.3.0.118/uncordon", null)
                        .get("unschedulable")
                        .asBoolean())
                .isFalse();
        JsonNode changed = json(
                "POST", "/_sim/nodes/fake-node-a800-01", "{\"taints\": [], \"allocatable\": {\"nvidia.com/gpu\": 4}}");
        assertThat(changed.get("taints")).isEmpty();
        assertThat(changed.get("free").get("nvidia.com/gpu").asText()).isEqualTo("4");
        assertThat(call("POST", "/_sim/nodes/ghost/cordon", null).statusCode()).isEqualTo(404);
    }

    @Test
    void faultsCanBeAddedListedAndCleared() throws Exception {
        JsonNode added = json("POST", "/_sim/faults", "{\"path\": \"/api/v1/*\", \"kind\": \"drop\", \"times\": 2}");
        assertThat(added).singleElement().satisfies(f -> {
            assertThat(f.get("kind").asText()).isEqualTo("drop");
            assertThat(f.get("method").asText()).isEqualTo("*");
        });
        assertThat(call("POST", "/_sim/faults", "{\"path\": \"/x\", \"kind\": \"boom\"}")
                        .statusCode())
                .isEqualTo(400);
        assertThat(json("DELETE", "/_sim/faults", null)).isEmpty();
    }

    @Test
    void resetRestoresTheScenario() throws Exception {
        json("POST", "/_sim/nodes/10.3.0.118/uncordon", null);
        JsonNode state = json("POST", "/_sim/reset", null);
        assertThat(node(state, "10.3.0.118").get("unschedulable").asBoolean()).isTrue();
        assertThat(state.get("jobs")).isEmpty();
    }

    @Test
    void platformCallsWithoutASignatureAreRefusedInThePlatformsFormat() throws Exception {
        HttpResponse<String> aihc = call("GET", "/api/v1/aijobs?resourcePoolId=cce-sim00001", null);
        assertThat(aihc.statusCode()).isEqualTo(403);
        assertThat(aihc.headers().firstValue("x-bce-request-id")).isPresent();
        JsonNode body = MAPPER.readTree(aihc.body());
        assertThat(body.get("code").asText()).isEqualTo("AccessDenied");
        assertThat(body.get("requestId").asText())
                .isEqualTo(aihc.headers().firstValue("x-bce-request-id").get());

        HttpResponse<String> sc = call(
                "GET",
                "/compute/acp/data/v2/subscriptions/sim-sub/resourceGroups/default"
                        + "/zones/cn-sh-01z/workspaces/sim-ws/trainingJobs",
                null);
        assertThat(sc.statusCode()).isEqualTo(401);
        JsonNode scBody = MAPPER.readTree(sc.body());
        assertThat(scBody.get("code").asInt()).isEqualTo(16);
        assertThat(scBody.get("details").get(0).get("reason").asText()).isEqualTo("MissingAuthorization");
    }
}

package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.aihc.BceV1Signer;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.io.IOException;
import java.time.Instant;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The managed pool {@code aihc-serverless} of the bundled {@code tiny} scenario: the simulator refuses
 * every job call without {@code queueID} the way bce-sdk-go does (services/aihc/resource/client.go:
 * "bhcmp cluster or serverless cluster must be set queueID"), and {@link AihcClient} sends it on each.
 */
class AihcManagedPoolSimulationTest {
    private static final String POOL = "aihc-serverless";
    private static final String QUEUE = "aihcq-tiny01";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Credentials KEYS = Credentials.of("sim-access-key", "sim-secret-key");

    private Simulator sim;
    private AihcClient client;
    private final OkHttpClient http = new OkHttpClient();

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("tiny").withSpeed(0));
        client = SimClients.aihc(sim, KEYS, POOL, QUEUE);
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    @Test
    void theClientDrivesAJobThroughEveryCallOnTheManagedPool() {
        JobSpec spec = SimSpecs.aihc("sl-1", "", 1, 1, "SIM_RUN_SECONDS", "60");
        JobRef job = client.submit(spec, "tok-sl-1");

        JobStatus status = client.status(job);
        assertThat(status.phase()).isEqualTo(JobPhase.RUNNING);
        StatusPage page = client.listStatuses(null, 10);
        assertThat(page.jobs()).extracting(s -> s.job().id()).containsExactly(job.id());
        assertThat(client.findSubmitted(spec, "tok-sl-1")).contains(job);
        assertThat(client.findSubmitted(SimSpecs.aihc("sl-1", "", 1, 1), "tok-sl-1"))
                .as("what another spec's create under the token made is not this spec's")
                .isEmpty();
        assertThat(client.events(job)).isNotEmpty();
        client.cancel(job);
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.STOPPED);
        client.delete(job);
    }

    @ParameterizedTest
    @CsvSource({"GET,''", "GET,/{id}", "POST,/{id}/stop", "DELETE,/{id}", "POST,''"})
    void everyJobCallWithoutQueueIdIsRefusedAsTheSdkRefusesIt(String method, String suffix) throws IOException {
        JobRef job = client.submit(SimSpecs.aihc("sl-2", "", 1, 1), "tok-sl-2");
        String path = "/api/v1/aijobs" + suffix.replace("{id}", job.id());
        String body = method.equals("POST") && suffix.isEmpty()
                ? JSON.writeValueAsString(SimSpecs.aihc("sl-3", QUEUE, 1, 1).body())
                : null;

        JsonNode answer = call(method, path, null, body, 400);

        assertThat(answer.path("code").asText()).isEqualTo("InvalidParameter");
        assertThat(answer.path("message").asText())
                .isEqualTo("Invalid parameter: bhcmp cluster or serverless cluster must be set queueID");
    }

    @Test
    void aJobIsFoundOnlyThroughItsOwnQueueAndEventsNeedNoQueueId() throws IOException {
        JobRef job = client.submit(SimSpecs.aihc("sl-4", "", 1, 1), "tok-sl-4");

        call("GET", "/api/v1/aijobs/" + job.id(), "aihcq-other", null, 404);
        assertThat(call("GET", "/api/v1/aijobs/" + job.id(), QUEUE, null, 200)
                        .path("result")
                        .path("queue")
                        .asText())
                .isEqualTo(QUEUE);
        // bce-sdk-go's v1 GetTaskEvent sends no queueID, so the events call does not need one
        call("GET", "/api/v1/aijobs/" + job.id() + "/events", null, null, 200);
    }

    @Test
    void aCreateTakesTheQueueFromQueueIdNotFromTheBody() throws IOException {
        String body = JSON.writeValueAsString(
                SimSpecs.aihc("sl-5", "ignored-queue", 1, 1).body());

        JsonNode created = call("POST", "/api/v1/aijobs", QUEUE, body, 200);

        String id = created.path("result").path("jobId").asText();
        assertThat(client.status(new JobRef(client.kind(), id, "sl-5")).phase()).isEqualTo(JobPhase.RUNNING);
    }

    private JsonNode call(String method, String path, String queueId, String body, int expectedStatus)
            throws IOException {
        HttpUrl.Builder url = HttpUrl.get(sim.baseUrl().toString())
                .newBuilder()
                .encodedPath(path)
                .addQueryParameter("resourcePoolId", POOL)
                .addQueryParameter("jobFramework", "PyTorchJob");
        if (queueId != null) {
            url.addQueryParameter("queueID", queueId);
        }
        RequestBody content = body == null
                ? (method.equals("POST") ? RequestBody.create(new byte[0]) : null)
                : RequestBody.create(body, MediaType.get("application/json"));
        Request request = new BceV1Signer(KEYS)
                .sign(
                        new Request.Builder()
                                .url(url.build())
                                .method(method, content)
                                .build(),
                        Instant.now());
        try (Response response = http.newCall(request).execute()) {
            String text = response.body().string();
            assertThat(response.code()).as(text).isEqualTo(expectedStatus);
            return JSON.readTree(text);
        }
    }
}

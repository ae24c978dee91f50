package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Managed pools ({@code aihc-serverless}, {@code aihc-bhcmp}): bce-sdk-go sends {@code queueID} on get,
 * stop, delete, update and list (list also as {@code queue}) and refuses to call without it; create sends
 * {@code queueID = job.Queue} (services/aihc/resource/client.go).
 */
class AihcManagedPoolClientTest extends AihcServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JOB_ID = "job-e5MZV1Yxw1su";
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, JOB_ID, "train-1");
    private static final HttpSettings FAST = new HttpSettings(
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            3,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            64 * 1024);
    private static final String QUEUE = "aihcq-7";

    private AihcClient client(String pool) {
        return client(pool, QUEUE, Credentials.of("ak", "sk"), FAST);
    }

    private static MockResponse ok(String json) {
        return new MockResponse.Builder()
                .addHeader("Content-Type", "application/json")
                .body(json)
                .build();
    }

    private static final String EMPTY_LIST = "{\"result\":{\"total\":0,\"jobs\":[]}}";

    @ParameterizedTest
    @ValueSource(strings = {"aihc-serverless", "aihc-bhcmp"})
    void aManagedPoolWithoutAQueueIsRefusedBeforeAnyCall(String pool) {
        assertThatThrownBy(() -> client(pool, null, Credentials.of("ak", "sk"), FAST))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageContaining("queue: required for resource pool " + pool);
        assertThatThrownBy(() -> client(pool, "  ", Credentials.of("ak", "sk"), FAST))
                .isInstanceOf(InvalidConnectionException.class);
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void submitSendsTheQueueAsQueueIdAndInTheBodyWhenTheSpecLeavesItOut() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"jobName\":\"train-1\"}}"));

        client("aihc-serverless").submit(AihcTestSpec.of("{\"name\":\"train-1\",\"jobSpec\":{}}"), "tok-1");

        RecordedRequest request = server.takeRequest();
        assertThat(request.getTarget()).isEqualTo("/api/v1/aijobs?resourcePoolId=aihc-serverless&queueID=" + QUEUE);
        assertThat(JSON.readTree(request.getBody().utf8()).path("queue").asText())
                .isEqualTo(QUEUE);
    }

    @Test
    void aSpecNamingAnotherQueueIsRefusedBeforeAnyCall() {
        assertThatThrownBy(() -> client("aihc-serverless")
                        .submit(AihcTestSpec.of("{\"name\":\"n\",\"queue\":\"aihcq-other\",\"jobSpec\":{}}"), "tok-1"))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.field())
                        .isEqualTo("queue"))
                .hasMessageContaining("'aihcq-other' is not the connection's queue 'aihcq-7'");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void statusStopDeleteAndEventsCarryTheQueueId() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"status\":\"Running\"}}"));
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\"}}"));
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\"}}"));
        server.enqueue(ok("{\"events\":[],\"total\":0}"));
        AihcClient client = client("aihc-bhcmp");

        client.status(JOB);
        client.cancel(JOB);
        client.delete(JOB);
        client.events(JOB);

        String job = "/api/v1/aijobs/" + JOB_ID;
        assertThat(server.takeRequest().getTarget()).isEqualTo(job + "?resourcePoolId=aihc-bhcmp&queueID=" + QUEUE);
        assertThat(server.takeRequest().getTarget())
                .isEqualTo(job + "/stop?resourcePoolId=aihc-bhcmp&queueID=" + QUEUE);
        assertThat(server.takeRequest().getTarget()).isEqualTo(job + "?resourcePoolId=aihc-bhcmp&queueID=" + QUEUE);
        assertThat(server.takeRequest().getTarget())
                .isEqualTo(job + "/events?resourcePoolId=aihc-bhcmp&jobFramework=PyTorchJob&queueID=" + QUEUE);
    }

    @Test
    void listingSendsTheQueueAsQueueAndQueueIdAsTheSdkDoes() throws Exception {
        server.enqueue(ok(EMPTY_LIST));

        client("aihc-serverless").listStatuses(null, 20);

        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aijobs?resourcePoolId=aihc-serverless&queue=" + QUEUE + "&queueID=" + QUEUE
                        + "&orderBy=createdAt&order=desc&pageNo=1&pageSize=20");
    }

    @Test
    void theLookUpByClientTokenListsWithTheQueueId() throws Exception {
        server.enqueue(ok(EMPTY_LIST));

        assertThat(client("aihc-serverless")
                        .findSubmitted(AihcTestSpec.of("{\"name\":\"train-1\",\"jobSpec\":{}}"), "tok-1"))
                .isEmpty();

        assertThat(server.takeRequest().getTarget()).contains("&queue=" + QUEUE + "&queueID=" + QUEUE + "&");
    }

    @Test
    void selfManagedPoolsNeverSendAQueueId() throws Exception {
        server.enqueue(ok(EMPTY_LIST));
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"status\":\"Running\"}}"));
        AihcClient client = client("cce-pool1");

        client.listStatuses(null, 5);
        client.status(JOB);

        assertThat(server.takeRequest().getTarget()).doesNotContain("queueID");
        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aijobs/" + JOB_ID + "?resourcePoolId=cce-pool1");
    }
}

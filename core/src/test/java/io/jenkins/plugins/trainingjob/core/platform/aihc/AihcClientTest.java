package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.AihcTarget;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.SignedDigestLabel;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

class AihcClientTest extends AihcServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String AK = "ak-test";
    private static final String SK = "sk-SECRET-value";
    private static final String JOB_ID = "pytorchjob-265e535d-7bec-4b68-88bb-08faa4247504";
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

    /** As {@link #FAST}, with timeouts no loaded machine reaches: for tests about what the server said. */
    private static final HttpSettings PATIENT = new HttpSettings(
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            Duration.ofMinutes(2),
            3,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            64 * 1024);

    private AihcClient client() {
        return client("cce-pool1", null, Credentials.of(AK, SK), FAST);
    }

    private static MockResponse ok(String json) {
        return new MockResponse.Builder()
                .addHeader("Content-Type", "application/json;charset=UTF-8")
                .addHeader("x-bce-request-id", "hdr-rid")
                .body(json)
                .build();
    }

    private static MockResponse error(int status, String code, String message) {
        return new MockResponse.Builder()
                .code(status)
                .addHeader("Content-Type", "application/json")
                .addHeader("x-bce-request-id", "hdr-rid")
                .body("{\"code\":\"" + code + "\",\"message\":\"" + message + "\",\"requestId\":\"body-rid\"}")
                .build();
    }

    private static JobSpec spec(String json) {
        return AihcTestSpec.of(json);
    }

    private static final JobSpec SPEC = spec("""
            {"name":"train-1","queue":"default","jobSpec":{"command":"python train.py","image":"img:1","replicas":2},
             "labels":[{"key":"team","value":"nlp"}]}""");

    private static String listWith(String... jobs) {
        return "{\"requestId\":\"r\",\"result\":{\"total\":" + jobs.length + ",\"jobs\":[" + String.join(",", jobs)
                + "],\"pageNo\":1,\"pageSize\":50}}";
    }

    /** A list item of a job this test's key created from {@link #SPEC} under {@code token}. */
    private static String listItem(String id, String name, String token) {
        return "{\"jobId\":\"" + id + "\",\"name\":\"" + name + "\",\"status\":\"Created\",\"labels\":[{\"key\":\""
                + AihcClient.CLIENT_TOKEN_LABEL + "\",\"value\":\"" + token + "\"},{\"key\":\""
                + AihcClient.SPEC_DIGEST_LABEL + "\",\"value\":\"" + SignedDigestLabel.value(SK, token, digest(SPEC))
                + "\"}]}";
    }

    private static String digest(JobSpec spec) {
        return SpecDigest.of(spec, Set.of(AihcClient.CLIENT_TOKEN_LABEL, AihcClient.SPEC_DIGEST_LABEL));
    }

    /** The detail of a job created from {@link #SPEC} under {@code token}, as the v1 API echoes it. */
    private static String detail(String id, String token) {
        String item = listItem(id, "train-1", token);
        return "{\"requestId\":\"r\",\"result\":" + item.substring(0, item.length() - 1)
                + ",\"queue\":\"default\",\"command\":\"python train.py\",\"image\":\"img:1\",\"replicas\":2}}";
    }

    private static JsonNode body(RecordedRequest request) throws IOException {
        return JSON.readTree(request.getBody().utf8());
    }

    // ---- submit ---------------------------------------------------------------------------------

    @Test
    void submitPostsTheSpecBodyWithTheClientTokenLabelNextToTheUserLabels() throws Exception {
        server.enqueue(ok("{\"requestId\":\"r\",\"result\":{\"jobId\":\"" + JOB_ID + "\",\"jobName\":\"train-1\"}}"));

        JobRef job = client().submit(SPEC, "tok-1");

        assertThat(job).isEqualTo(JOB);
        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getTarget()).isEqualTo("/api/v1/aijobs?resourcePoolId=cce-pool1");
        assertThat(request.getHeaders().get("Content-Type")).isEqualTo("application/json");
        ObjectNode expected = SPEC.body();
        expected.withArray("labels")
                .addObject()
                .put("key", "trainingjob.jenkins.io/client-token")
                .put("value", "tok-1");
        expected.withArray("labels")
                .addObject()
                .put("key", "trainingjob.jenkins.io/spec-digest")
                .put("value", SignedDigestLabel.value(SK, "tok-1", digest(SPEC)));
        ObjectNode sent = (ObjectNode) body(request);
        JsonNode nonce = sent.path("jobSpec").path("envs").get(0);
        assertThat(nonce.path("name").asText()).isEqualTo("TRAINJOB_OUTPUT_NONCE");
        ((ObjectNode) sent.get("jobSpec")).remove("envs");
        assertThat(sent).isEqualTo(expected);
    }

    @Test
    void aClientTokenThatCannotBeALabelValueIsRefused() {
        assertThatThrownBy(() -> client().submit(SPEC, "has space"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("clientToken: ");
    }

    @Test
    void aTimedOutCreateIsNotResentButLookedUpByNameAndTokenLabel() throws Exception {
        HttpSettings tiny = FAST.withTimeouts(Duration.ofMillis(500), Duration.ofMillis(200), Duration.ofSeconds(5));
        server.enqueue(new MockResponse.Builder()
                .headersDelay(1, TimeUnit.SECONDS)
                .body("{}")
                .build());
        server.enqueue(
                ok(listWith(listItem("pytorchjob-other", "train-1", "tok-0"), listItem(JOB_ID, "train-1", "tok-1"))));
        server.enqueue(ok(detail(JOB_ID, "tok-1")));

        JobRef job = client("cce-pool1", null, Credentials.of(AK, SK), tiny).submit(SPEC, "tok-1");

        assertThat(job).isEqualTo(JOB);
        assertThat(server.takeRequest().getMethod()).isEqualTo("POST");
        RecordedRequest lookup = server.takeRequest();
        assertThat(lookup.getMethod()).isEqualTo("GET");
        assertThat(lookup.getTarget())
                .isEqualTo("/api/v1/aijobs?resourcePoolId=cce-pool1&queue=default"
                        + "&orderBy=createdAt&order=desc&pageNo=1&pageSize=50");
        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aijobs/" + JOB_ID + "?resourcePoolId=cce-pool1");
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void aCreateAnsweredWith503IsLookedUpAgainUntilTheJobAppears() throws Exception {
        server.enqueue(error(503, "ServiceUnavailable", "busy"));
        server.enqueue(ok(listWith()));
        server.enqueue(ok(listWith(listItem(JOB_ID, "train-1", "tok-1"))));
        server.enqueue(ok(detail(JOB_ID, "tok-1")));

        JobRef job = client().submit(SPEC, "tok-1");

        assertThat(job.id()).isEqualTo(JOB_ID);
        List<String> methods = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            methods.add(server.takeRequest().getMethod());
        }
        assertThat(methods).containsExactly("POST", "GET", "GET");
        assertThat(clock.sleeps()).containsExactly(Duration.ZERO, Duration.ofSeconds(1));
    }

    @Test
    void whenTheLookUpFindsNothingTheFailureSaysTheCreateMayNotHaveHappenedAndNothingWasResubmitted() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(new SocketEffect.CloseSocket())
                .build());
        for (int i = 0; i < 4; i++) {
            // Same name, another submission's token: not ours.
            server.enqueue(ok(listWith(listItem("pytorchjob-other", "train-1", "tok-0"))));
        }

        assertThatThrownBy(() -> client().submit(SPEC, "tok-1"))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("POST /api/v1/aijobs")
                .hasMessageContaining("the create may not have happened")
                .hasMessageContaining("client token tok-1")
                .hasMessageContaining("nothing was resubmitted");
        assertThat(server.getRequestCount()).isEqualTo(5);
    }

    @Test
    void aRejectedCreateIsReportedWithoutALookUp() {
        server.enqueue(error(400, "InvalidParameter", "Invalid parameter: jobSpec.replicas"));

        assertThatThrownBy(() -> client().submit(SPEC, "tok-1"))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
                    assertThat(e.field()).isEqualTo("jobSpec.replicas");
                    assertThat(e.code()).isEqualTo("InvalidParameter");
                    assertThat(e.requestId()).isEqualTo("body-rid");
                })
                .hasMessage("Baidu AIHC POST /api/v1/aijobs: Invalid parameter: jobSpec.replicas "
                        + "(HTTP 400, code InvalidParameter, request id body-rid)");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void findSubmittedReadsLabelsFromTheDetailWhenTheListLeavesThemOut() throws Exception {
        server.enqueue(ok(listWith("{\"jobId\":\"" + JOB_ID + "\",\"name\":\"train-1\",\"status\":\"Running\"}")));
        server.enqueue(ok(detail(JOB_ID, "tok-1")));

        assertThat(client().findSubmitted(SPEC, "tok-1")).contains(JOB);
        server.takeRequest();
        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aijobs/" + JOB_ID + "?resourcePoolId=cce-pool1");
        assertThat(server.getRequestCount())
                .as("the detail read for the labels is the one compared")
                .isEqualTo(2);
    }

    // ---- signature --------------------------------------------------------------------------------

    @Test
    void everyRequestCarriesHostDateAndAValidBceSignature() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"status\":\"Running\"}}"));

        client("cce-pool1", null, Credentials.of(AK, SK, "sts-token"), FAST).status(JOB);

        RecordedRequest request = server.takeRequest();
        String host = request.getHeaders().get("Host");
        assertThat(host).isEqualTo(server.getHostName() + ":" + server.getPort());
        assertThat(request.getHeaders().get("x-bce-date")).isEqualTo("2026-03-01T10:00:00Z");
        assertThat(request.getHeaders().get("x-bce-security-token")).isEqualTo("sts-token");
        BceAuthorization expected = BceV1Signer.authorize(
                AK,
                SK,
                "GET",
                "/api/v1/aijobs/" + JOB_ID,
                List.of(Map.entry("resourcePoolId", "cce-pool1")),
                Map.of("host", host, "x-bce-date", "2026-03-01T10:00:00Z", "x-bce-security-token", "sts-token"),
                NOW,
                1800,
                List.of("host", "x-bce-date", "x-bce-security-token"));
        assertThat(request.getHeaders().get("Authorization"))
                .isEqualTo(expected.toString())
                .startsWith("bce-auth-v1/ak-test/2026-03-01T10:00:00Z/1800/host;x-bce-date;x-bce-security-token/");
    }

    // ---- status -----------------------------------------------------------------------------------

    private static final String DETAIL = """
            {"requestId":"r","result":{"jobId":"%s","name":"train-1","status":"%s",
             "createdAt":"2026-03-01T09:00:00Z","scheduledAt":"","runningAt":"%s","finishedAt":"",
             "queueingSequence":%s,
             "podList":{"listMeta":{"totalItems":2},"pods":[
               {"objectMeta":{"name":"train-1-master-0"},"nodeName":"%s","podStatus":{"podPhase":"Pending","status":"Pending"},"reason":"Unschedulable"},
               {"objectMeta":{"name":"train-1-worker-0"},"nodeName":"%s","podStatus":{"podPhase":"","status":"ContainerCreating"},"reason":""}]}}}""";

    private static String detail(String state, String runningAt, String queueing, String node0, String node1) {
        return DETAIL.formatted(JOB_ID, state, runningAt, queueing, node0, node1);
    }

    @Test
    void statusReadsPhaseTimesQueuePositionAndPods() throws Exception {
        server.enqueue(ok(detail("Created", "", "3", "", "10.0.0.7")));

        JobStatus status = client().status(JOB);

        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("GET");
        assertThat(request.getTarget()).isEqualTo("/api/v1/aijobs/" + JOB_ID + "?resourcePoolId=cce-pool1");
        assertThat(status.job()).isEqualTo(JOB);
        assertThat(status.phase()).isEqualTo(JobPhase.PENDING);
        assertThat(status.rawState()).isEqualTo("Created");
        assertThat(status.createdAt()).isEqualTo(Instant.parse("2026-03-01T09:00:00Z"));
        assertThat(status.startedAt()).isNull();
        assertThat(status.finishedAt()).isNull();
        assertThat(status.queuePosition()).isEqualTo(3);
        assertThat(status.workers())
                .containsExactly(
                        new WorkerStatus("train-1-master-0", "", "Pending", "Unschedulable"),
                        new WorkerStatus("train-1-worker-0", "10.0.0.7", "ContainerCreating", ""));
        assertThat(status.reason()).isEqualTo("Unschedulable");
    }

    @Test
    void aCreatedJobWhosePodsAllHaveNodesIsStarting() {
        server.enqueue(ok(detail("Scheduled", "", "null", "10.0.0.6", "10.0.0.7")));

        JobStatus status = client().status(JOB);

        assertThat(status.phase()).isEqualTo(JobPhase.STARTING);
        assertThat(status.queuePosition()).isNull();
    }

    @Test
    void platformStatesMapToPhasesAndUnknownStringsToUnknown() {
        String[][] cases = {
            {"Running", "RUNNING"},
            {"Succeeded", "SUCCEEDED"},
            {"Failed", "FAILED"},
            {"ManualTermination", "STOPPED"},
            {"Restarting", "UNKNOWN"},
            {"\u001b[31mWeird", "UNKNOWN"}
        };
        for (String[] c : cases) {
            server.enqueue(
                    ok(detail(c[0].replace("\u001b", "\\u001b"), "2026-03-01T09:30:00+08:00", "null", "n1", "n2")));
        }
        AihcClient aihc = client();
        for (String[] c : cases) {
            JobStatus status = aihc.status(JOB);
            assertThat(status.phase()).as(c[0]).isEqualTo(JobPhase.valueOf(c[1]));
            assertThat(status.rawState()).isEqualTo(c[0]);
            assertThat(status.startedAt()).isEqualTo(Instant.parse("2026-03-01T01:30:00Z"));
        }
    }

    @Test
    void oddFieldsNeverCrashTheStatus() {
        server.enqueue(ok("{\"result\":{\"status\":42,\"createdAt\":\"yesterday\",\"queueingSequence\":\"x\","
                + "\"podList\":{\"pods\":\"none\"}}}"));

        JobStatus status = client().status(JOB);

        assertThat(status.phase()).isEqualTo(JobPhase.UNKNOWN);
        assertThat(status.job()).isEqualTo(JOB);
        assertThat(status.createdAt()).isNull();
        assertThat(status.workers()).isEmpty();
    }

    @Test
    void aStatusAnswerWithoutResultIsTransient() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(ok("{\"requestId\":\"r\"}"));
        }
        assertThatThrownBy(() -> client().status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("no 'result' object");
    }

    @Test
    void aGatewayHtmlPageOnStatusIsRetriedThenReportedAsTransient() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse.Builder()
                    .code(502)
                    .addHeader("Content-Type", "text/html")
                    .addHeader("x-bce-request-id", "hdr-rid")
                    .body("<html><body><h1>502 Bad Gateway</h1></body></html>")
                    .build());
        }
        assertThatThrownBy(() -> client().status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("GET /api/v1/aijobs/{jobId}")
                .hasMessageContaining("502 Bad Gateway")
                .hasMessageContaining("request id hdr-rid");
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void statusIsRetriedThroughA503Burst() {
        server.enqueue(error(503, "ServiceUnavailable", "busy"));
        server.enqueue(error(500, "InternalError", "Internal error: db"));
        server.enqueue(ok(detail("Running", "", "null", "n1", "n2")));

        assertThat(client().status(JOB).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(clock.sleeps()).hasSize(2);
    }

    @Test
    void a429IsRetriedAfterTheServersRetryAfter() {
        server.enqueue(new MockResponse.Builder()
                .code(429)
                .addHeader("Retry-After", "5")
                .body("{}")
                .build());
        server.enqueue(ok(detail("Running", "", "null", "n1", "n2")));

        // The waits are recorded, not slept (AihcServerTest's sleeper), and the clock is fixed; what is left
        // of the wall clock is the HTTP timeouts: FAST's 500 ms read timeout, missed on a loaded machine,
        // turned the first answer into a timeout and its backoff (0.236 s) into the first wait recorded.
        // This test is about Retry-After, so its timeouts are far from anything a slow machine reaches.
        client("cce-pool1", null, Credentials.of(AK, SK), PATIENT).status(JOB);

        assertThat(server.getRequestCount()).as("the 429, then the answer").isEqualTo(2);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(5));
    }

    @Test
    void persistent429sEndInRateLimitedWithRetryAfter() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse.Builder()
                    .code(429)
                    .addHeader("Retry-After", "2")
                    .body("{}")
                    .build());
        }
        assertThatThrownBy(() -> client().status(JOB))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> assertThat(e.retryAfter())
                        .isEqualTo(Duration.ofSeconds(2)));
    }

    // ---- errors -----------------------------------------------------------------------------------

    @Test
    void authenticationCodesMapToAuthenticationWhateverTheStatus() {
        String[][] cases = {
            {"403", "AccessDenied"},
            {"403", "InvalidAccessKeyId"},
            {"400", "SignatureDoesNotMatch"},
            {"400", "InvalidHTTPAuthHeader"},
            {"400", "RequestExpired"},
            {"401", "Whatever"}
        };
        for (String[] c : cases) {
            server.enqueue(error(Integer.parseInt(c[0]), c[1], "refused"));
        }
        AihcClient aihc = client();
        for (String[] c : cases) {
            assertThatThrownBy(() -> aihc.status(JOB))
                    .as(c[1])
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("code " + c[1])
                    .hasMessageNotContaining(SK);
        }
    }

    @Test
    void aQuotaCodeIsAQuotaRefusalAndACreateRefusedForQuotaIsNotLookedUp() {
        server.enqueue(error(400, "QuotaExceeded", "gpu quota of the queue is exhausted"));

        assertThatThrownBy(() -> client().submit(SPEC, "tok-1"))
                .isInstanceOf(QuotaExceededException.class)
                .hasMessageContaining("gpu quota of the queue is exhausted")
                .hasMessageContaining("code QuotaExceeded");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void callsGoThroughTheProxyOfTheConnectionSettings() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"status\":\"Running\"}}"));
        ConnectionSettings viaProxy = ConnectionSettings.aihc(
                        URI.create("http://aihc.bj.baidubce.com"), null, Credentials.of(AK, SK), "cce-pool1", null)
                .withHttp(FAST.withProxy(server.getProxyAddress()))
                .withInsecureHttp(true); // plain http through a loopback proxy: the opt-in says so

        assertThat(client(viaProxy).status(JOB).phase()).isEqualTo(JobPhase.RUNNING);
        RecordedRequest request = server.takeRequest();
        assertThat(request.getTarget())
                .isEqualTo("http://aihc.bj.baidubce.com/api/v1/aijobs/" + JOB_ID + "?resourcePoolId=cce-pool1");
        assertThat(request.getHeaders().get("Host")).isEqualTo("aihc.bj.baidubce.com");
    }

    @Test
    void notFoundUsesTheHeaderRequestIdWhenTheBodyHasNone() {
        server.enqueue(new MockResponse.Builder()
                .code(404)
                .addHeader("x-bce-request-id", "hdr-rid")
                .body("{\"code\":\"cce.warning.GetAIJobByJobIdFailed\",\"message\":\"not found job\"}")
                .build());

        assertThatThrownBy(() -> client().status(JOB))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Baidu AIHC GET /api/v1/aijobs/{jobId}: not found job "
                        + "(HTTP 404, code cce.warning.GetAIJobByJobIdFailed, request id hdr-rid)");
    }

    @Test
    void internalErrorsAreTransientAndExhaustTheAttempts() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(error(500, "InternalError", "Internal error: x"));
        }
        assertThatThrownBy(() -> client().status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("code InternalError");
        assertThat(server.getRequestCount()).isEqualTo(FAST.maxAttempts());
    }

    // ---- list -------------------------------------------------------------------------------------

    @Test
    void listStatusesPagesNewestFirstAndDeDuplicates() throws Exception {
        server.enqueue(ok("{\"result\":{\"total\":5,\"jobs\":[" + listItem("j-1", "a", "t") + ","
                + listItem("j-2", "b", "t") + "," + listItem("j-1", "a", "t") + "]}}"));
        server.enqueue(ok("{\"result\":{\"total\":5,\"jobs\":[" + listItem("j-4", "d", "t") + "]}}"));
        AihcClient aihc = client("cce-pool1", "q1", Credentials.of(AK, SK), FAST);

        StatusPage first = aihc.listStatuses(null, 3);
        StatusPage second = aihc.listStatuses(first.nextPageToken(), 3);

        assertThat(first.jobs()).extracting(s -> s.job().id()).containsExactly("j-1", "j-2");
        assertThat(first.jobs().get(0).phase()).isEqualTo(JobPhase.PENDING);
        assertThat(first.nextPageToken()).isEqualTo("2");
        assertThat(second.hasNext()).isFalse();
        assertThat(server.takeRequest().getTarget())
                .isEqualTo(
                        "/api/v1/aijobs?resourcePoolId=cce-pool1&queue=q1&orderBy=createdAt&order=desc&pageNo=1&pageSize=3");
        assertThat(server.takeRequest().getUrl().queryParameter("pageNo")).isEqualTo("2");
    }

    @Test
    void aForeignPageTokenIsRefusedNamingTheRule() {
        assertThatThrownBy(() -> client().listStatuses("abc", 10))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("pageToken: ");
    }

    @Test
    void theSubmittedListKeepsOnlyJobsWhoseLabelsThisKeySigned() throws Exception {
        server.enqueue(ok("{\"result\":{\"total\":4,\"jobs\":[" + listItem("j-1", "a", "t")
                + ",{\"jobId\":\"j-4\",\"name\":\"d\",\"status\":\"Running\",\"labels\":[{\"key\":\""
                + AihcClient.CLIENT_TOKEN_LABEL + "\",\"value\":\"t\"}]}"
                + ",{\"jobId\":\"j-2\",\"name\":\"b\",\"status\":\"Running\",\"labels\":[{\"key\":\"team\",\"value\":\"x\"}]}"
                + ",{\"jobId\":\"j-3\",\"name\":\"c\",\"status\":\"Running\"}]}}"));

        StatusPage mine = client().listSubmittedStatuses(null, 4);

        assertThat(mine.jobs()).extracting(s -> s.job().id()).containsExactly("j-1");
        assertThat(mine.hasNext()).isFalse();
    }

    /** Security review 2, N3: a job chooses its log's lines, so a page of it is bounded well below other answers. */
    @Test
    void aLogPageLargerThanItsBoundIsNotRead() {
        HttpSettings roomy = new HttpSettings(
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                2,
                Duration.ofMillis(100),
                Duration.ofSeconds(1),
                null,
                16L * 1024 * 1024);
        String page = "{\"result\":{\"logs\":[\"" + "x".repeat((int) AihcClient.MAX_LOG_PAGE_BYTES) + "\"]}}";
        server.enqueue(ok(page));
        server.enqueue(ok(page));

        assertThatThrownBy(() ->
                        client("cce-pool1", null, Credentials.of(AK, SK), roomy).logs(JOB, "p-0", null, 200))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("exceeds the limit of " + AihcClient.MAX_LOG_PAGE_BYTES + " bytes");
    }

    @Test
    void logsAskForOnePodsLinesAfterTheMarkerAndKeepTheMarkerWhenNoneIsReturned() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"podName\":\"p-0\",\"logs\":[\"a\",\"b\"],"
                + "\"nextMarker\":\"m2\"}}"));
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"podName\":\"p-0\",\"logs\":[]}}"));

        LogChunk first = client().logs(JOB, "p-0", "m1", 100);
        LogChunk second = client().logs(JOB, "p-0", "m2", 100);

        assertThat(first.lines()).containsExactly("a", "b");
        assertThat(first.nextMarker()).isEqualTo("m2");
        assertThat(second.lines()).isEmpty();
        assertThat(second.nextMarker()).isEqualTo("m2");
        assertThat(server.takeRequest().getTarget())
                .isEqualTo(
                        "/api/v1/aijobs/" + JOB_ID + "/pods/p-0/logs?resourcePoolId=cce-pool1&maxLines=100&marker=m1");
    }

    /** Third-party evidence: a fault-tolerant job can read Failed while it is restarted. */
    @Test
    void aFailedReadOfAJobWithFaultToleranceOnAsksForConfirmation() throws Exception {
        server.enqueue(
                ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"status\":\"Failed\",\"enableFaultTolerance\":true}}"));
        server.enqueue(
                ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"status\":\"Failed\",\"enableFaultTolerance\":false}}"));
        AihcClient client = client();

        JobStatus tolerant = client.status(JOB);
        assertThat(client.failureNeedsConfirmation(tolerant)).isTrue();
        JobStatus plain = client.status(JOB);
        assertThat(client.failureNeedsConfirmation(plain)).isFalse();
    }

    @Test
    void aJobSubmittedWithFaultToleranceAsksForConfirmationOfAFailedRead() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"jobName\":\"train-1\"}}"));
        AihcClient client = client();

        JobRef job = client.submit(spec("{\"name\":\"train-1\",\"faultTolerance\":true,\"jobSpec\":{}}"), "tok-1");

        assertThat(client.failureNeedsConfirmation(
                        new JobStatus(job, JobPhase.FAILED, "Failed", null, null, null, null, "", List.of(), null)))
                .isTrue();
        assertThat(client.failureNeedsConfirmation(
                        new JobStatus(job, JobPhase.RUNNING, "Running", null, null, null, null, "", List.of(), null)))
                .isFalse();
    }

    // ---- stop, delete, events ---------------------------------------------------------------------

    @Test
    void cancelPostsStopAndIsRetriedBecauseStoppingIsIdempotent() throws Exception {
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\"}}"));

        client().cancel(JOB);

        server.takeRequest(); // the attempt whose connection was dropped
        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getTarget()).isEqualTo("/api/v1/aijobs/" + JOB_ID + "/stop?resourcePoolId=cce-pool1");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    /**
     * Security review S5: OkHttp resolves a path segment of exactly {@code ..}, so {@code …/aijobs/../stop}
     * would be a signed {@code POST /api/v1/stop}; such an id or pod name is refused before any call.
     */
    @Test
    void aDotSegmentJobIdOrPodNameIsRefusedBeforeAnyCall() {
        JobRef dots = new JobRef(PlatformKind.AIHC, "..", null);

        assertThatThrownBy(() -> client().cancel(dots))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("jobId: '..' cannot be part of an API path");
        assertThatThrownBy(() -> client().status(new JobRef(PlatformKind.AIHC, ".", null)))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> client().logs(JOB, "..", null, 10))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("worker: ");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void deleteSendsDelete() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"jobName\":\"train-1\"}}"));

        client().delete(JOB);

        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("DELETE");
        assertThat(request.getTarget()).isEqualTo("/api/v1/aijobs/" + JOB_ID + "?resourcePoolId=cce-pool1");
    }

    @Test
    void managedPoolsAddTheQueueIdToJobCalls() throws Exception {
        server.enqueue(ok("{\"result\":{}}"));

        client("aihc-serverless", "aihcq-7", Credentials.of(AK, SK), FAST).cancel(JOB);

        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aijobs/" + JOB_ID + "/stop?resourcePoolId=aihc-serverless&queueID=aihcq-7");
    }

    @Test
    void eventsAreReadFromTheUnwrappedAnswer() throws Exception {
        server.enqueue(ok("""
                {"events":[{"reason":"FailedScheduling","message":"0/8 nodes are available","type":"Warning",
                  "firstTimestamp":"2026-03-01T09:01:00Z","lastTimestamp":"2026-03-01T09:05:00Z","count":7}],
                 "total":1}"""));

        List<JobEvent> events = client().events(JOB);

        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aijobs/" + JOB_ID + "/events?resourcePoolId=cce-pool1&jobFramework=PyTorchJob");
        assertThat(events)
                .containsExactly(new JobEvent(
                        "Warning",
                        "FailedScheduling",
                        "0/8 nodes are available",
                        Instant.parse("2026-03-01T09:01:00Z"),
                        Instant.parse("2026-03-01T09:05:00Z"),
                        7));
    }

    /** The event doc examples (lmb0c0ovm, Km56iw5oj) print times in Go's time.Time.String() form. */
    @Test
    void eventTimesInTheDocumentedGoFormatAreRead() throws Exception {
        server.enqueue(ok("""
                {"events":[{"reason":"Scheduled","message":"Successfully assigned default/p to 10.0.0.1",
                  "type":"Normal","firstTimestamp":"2024-07-15 16:52:50 +0000 UTC",
                  "lastTimestamp":"2024-07-16 00:53:10 +0800 CST","count":1}],"total":1}"""));

        List<JobEvent> events = client().events(JOB);

        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.firstSeen()).isEqualTo(Instant.parse("2024-07-15T16:52:50Z"));
            assertThat(e.lastSeen()).isEqualTo(Instant.parse("2024-07-15T16:53:10Z"));
        });
    }

    // ---- diagnosis --------------------------------------------------------------------------------

    @Test
    void launchDiagnosisPostsPoolAndJob() throws Exception {
        server.enqueue(ok("{\"requestId\":\"r\",\"result\":{\"diagnosisId\":\"9de0\",\"jobId\":\"" + JOB_ID + "\"}}"));

        DiagnosisHandle handle = client().launchDiagnosis(JOB);

        assertThat(handle).isEqualTo(new DiagnosisHandle("9de0", JOB));
        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getTarget()).isEqualTo("/api/v1/aifd/schedulediagnosis/job/launcher");
        assertThat(body(request))
                .isEqualTo(JSON.readTree("{\"resourcePoolId\":\"cce-pool1\",\"jobId\":\"" + JOB_ID + "\"}"));
    }

    @Test
    void aFailedPreCheckCarriesThePlatformsReason() {
        server.enqueue(error(400, "PreCheckError", "Check before diagnosis error: job is not queueing"));

        assertThatThrownBy(() -> client().launchDiagnosis(JOB))
                .isInstanceOf(DiagnosisPreCheckException.class)
                .hasMessage("Baidu AIHC POST /api/v1/aifd/schedulediagnosis/job/launcher: Check before diagnosis "
                        + "error: job is not queueing (HTTP 400, code PreCheckError, request id body-rid)");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void fetchDiagnosisParsesTheDocumentedAnswer() throws Exception {
        String sample;
        try (InputStream in = getClass().getResourceAsStream("aihc-schedule-diagnosis-query.json")) {
            sample = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        server.enqueue(ok(sample));

        AihcScheduleDiagnosis diagnosis =
                (AihcScheduleDiagnosis) client().fetchDiagnosis(new DiagnosisHandle("9de0", JOB));

        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aifd/schedulediagnosis/job/query?diagnosisId=9de0");
        assertThat(diagnosis.job()).isEqualTo(JOB);
        assertThat(diagnosis.diagnosisId()).isEqualTo("9de0");
        assertThat(diagnosis.requestId()).isEqualTo("c8427910-3451-4436-b8e7-56eb382b00fb");
        assertThat(diagnosis.rules())
                .extracting(AihcScheduleDiagnosis.Rule::ruleName)
                .containsExactly(
                        "NodeAvailabilityDiagnostics", "NodeTaintToleranceDiagnostics", "GPUResourceDiagnostics");
    }

    @Test
    void aReportNotFoundSentWith200MeansNotReadyYet() {
        server.enqueue(ok("{\"code\":\"DiagnosisReportNotFound\",\"message\":\"The diagnosis report is not found, "
                + "try later please.\",\"requestId\":\"rid-9\"}"));

        assertThatThrownBy(() -> client().fetchDiagnosis(new DiagnosisHandle("9de0", JOB)))
                .isInstanceOf(DiagnosisNotReadyException.class)
                .hasMessageContaining("try later please")
                .hasMessageContaining("request id rid-9");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aDiagnosisAnswerWithoutAResultArrayIsTransient() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(ok("{\"requestId\":\"r\",\"result\":{}}"));
        }
        assertThatThrownBy(() -> client().fetchDiagnosis(new DiagnosisHandle("9de0", JOB)))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("'result' array");
    }

    // ---- settings ---------------------------------------------------------------------------------

    @Test
    void aConnectionWithoutAPoolRefusesEveryCallThatNamesThePoolBeforeSendingIt() {
        AihcClient noPool = client(" ", null, Credentials.of(AK, SK), FAST);
        String rule = "resourcePool: required for Baidu AIHC (the resource pool id, e.g. cce-xxxxxxxx)";
        assertThatThrownBy(() -> noPool.status(JOB))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessage(rule);
        assertThatThrownBy(() -> noPool.submit(SPEC, "tok-1"))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessage(rule);
        assertThatThrownBy(() -> noPool.listStatuses(null, 1)).hasMessage(rule);
        assertThatThrownBy(() -> noPool.launchDiagnosis(JOB)).hasMessage(rule);
        assertThat(server.getRequestCount()).isZero();
    }

    /** The query API takes only diagnosisId (doc Zmb0c0p05): fetching a diagnosis by id needs no pool. */
    @Test
    void aConnectionWithoutAPoolCanFetchADiagnosisById() throws Exception {
        server.enqueue(ok("{\"requestId\":\"r\",\"result\":[]}"));

        client(null, null, Credentials.of(AK, SK), FAST).fetchDiagnosis(new DiagnosisHandle("9de0", JOB));

        assertThat(server.takeRequest().getTarget())
                .isEqualTo("/api/v1/aifd/schedulediagnosis/job/query?diagnosisId=9de0");
    }

    @Test
    void aConnectionWithoutALocationIsRefused() {
        ConnectionSettings settings = new ConnectionSettings(
                URI.create("ftp://x"), null, Credentials.of(AK, SK), new AihcTarget("cce-1", null));
        assertThatThrownBy(() -> AihcClient.create(settings))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageStartingWith("endpoint: 'ftp://x' is not an http(s) URL");
    }
}

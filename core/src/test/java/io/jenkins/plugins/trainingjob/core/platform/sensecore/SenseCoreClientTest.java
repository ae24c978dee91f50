package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.COLLECTION;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.FAST;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.JSON;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.NOW;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.job;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.Spec;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/** Every call's method, path, query, body and signature. Failure handling: {@link SenseCoreClientFailuresTest}. */
class SenseCoreClientTest extends SenseCoreServerTest {

    private RecordedRequest take() throws InterruptedException {
        return server.takeRequest();
    }

    @Test
    void submitPostsTheSpecBodyWithTheNameInQueryAndBody() throws Exception {
        server.enqueue(json(200, job("resnet-ci-1", "u1", "INIT", "pool-a", "2026-11-30T10:00:00Z")));

        JobRef ref = client().submit(Spec.sensecore("resnet-ci-1"), "token-1");

        assertThat(ref).isEqualTo(new JobRef(PlatformKind.SENSECORE, "resnet-ci-1", "resnet-ci-1"));
        RecordedRequest create = take();
        assertThat(create.getMethod()).isEqualTo("POST");
        assertThat(create.getTarget()).isEqualTo(COLLECTION + "?training_job_name=resnet-ci-1");
        assertThat(create.getHeaders().get("Content-Type")).startsWith("application/json");
        com.fasterxml.jackson.databind.node.ObjectNode sent = (com.fasterxml.jackson.databind.node.ObjectNode)
                JSON.readTree(create.getBody().utf8());
        com.fasterxml.jackson.databind.JsonNode env = sent.remove("env");
        com.fasterxml.jackson.databind.node.ObjectNode asked =
                Spec.sensecore("resnet-ci-1").body().put("name", "resnet-ci-1");
        com.fasterxml.jackson.databind.JsonNode askedEnv = asked.remove("env");
        assertThat(sent).isEqualTo(asked);
        // the spec's env, then the client-token entry: the token and this key's signature over it and the body
        assertThat(env.size()).isEqualTo(askedEnv == null ? 1 : askedEnv.size() + 1);
        com.fasterxml.jackson.databind.JsonNode entry = env.get(env.size() - 1);
        assertThat(entry.path("key").asText()).isEqualTo("TRAINJOB_CLIENT_TOKEN");
        assertThat(entry.path("value").asText()).matches("token-1 [0-9a-f]{16}\\.[0-9a-f]{40}");
        assertThat(io.jenkins.plugins.trainingjob.core.platform.SignedDigestLabel.verifiedDigest(
                        SenseCoreFixture.SECRET,
                        "token-1",
                        entry.path("value").asText().substring("token-1 ".length())))
                .contains(io.jenkins.plugins.trainingjob.core.spec.SpecDigest.of(
                        Spec.sensecore("resnet-ci-1").body().put("name", "resnet-ci-1"), java.util.Set.of()));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aSpecWithoutANameIsSubmittedUnderTheNameDerivedFromTheClientToken() throws Exception {
        String derived = SenseCoreJobName.fromClientToken("build-7");
        server.enqueue(json(200, "{\"name\": \"" + derived + "\", \"uid\": \"u\"}"));

        JobRef ref = client().submit(Spec.sensecore(""), "build-7");

        assertThat(ref.id()).isEqualTo(derived).matches("tj-[0-9a-f]{12}");
        RecordedRequest create = take();
        assertThat(create.getUrl().queryParameter("training_job_name")).isEqualTo(derived);
        assertThat(JSON.readTree(create.getBody().utf8()).path("name").asText()).isEqualTo(derived);
    }

    @Test
    void aDateOnlyConnectionCarriesTheXDateSignatureOfTheClockTime() throws Exception {
        SenseCoreClient client = closedAfterTest(SenseCoreClient.builder(
                        SenseCoreFixture.settings(server, FAST).withSenseCoreSignature(SenseCoreSignature.DATE_ONLY))
                .time(clock)
                .build());
        server.enqueue(json(200, job("j", "u", "RUNNING", "p", "2026-11-30T09:00:00Z")));
        server.enqueue(json(200, "{\"workers\": [], \"total_size\": 0}"));

        client.status(ref("j"));

        RecordedRequest get = take();
        String date = SenseCoreHmacSigner.formatDate(NOW);
        assertThat(get.getHeaders().get("X-Date"))
                .isEqualTo("Mon, 30 Nov 2026 10:00:00 GMT")
                .isEqualTo(date);
        String signature =
                SenseCoreHmacSigner.expectedSignature(Scheme.X_DATE, SenseCoreFixture.SECRET, date, "", "", "");
        assertThat(get.getHeaders().get("Authorization"))
                .isEqualTo("hmac accesskey=\"ak-public-id\","
                        + " algorithm=\"hmac-sha256\", headers=\"x-date\", signature=\"" + signature + "\"");
    }

    /** Security review S2: by default the signature binds method, path, query and host. */
    @Test
    void byDefaultSchemeBSignsHostAndRequestTargetAsSent() throws Exception {
        server.enqueue(json(200, "{\"training_jobs\": []}"));

        client().listStatuses(null, 10);

        RecordedRequest list = take();
        String host = server.getHostName() + ":" + server.getPort();
        String date = SenseCoreHmacSigner.formatDate(NOW);
        assertThat(list.getHeaders().get("Date")).isEqualTo(date);
        assertThat(list.getHeaders().get("Host")).isEqualTo(host);
        String signature = SenseCoreHmacSigner.expectedSignature(
                Scheme.DATE_HOST_TARGET, SenseCoreFixture.SECRET, date, host, "GET", list.getTarget());
        assertThat(list.getHeaders().get("Authorization"))
                .contains("headers=\"date host @request-target\"", "signature=\"" + signature + "\"");
    }

    @Test
    void statusReadsTheJobAndPagesWorkersByNumberUntilTotalSize() throws Exception {
        server.enqueue(json(200, """
                {"name": "j", "uid": "u", "state": "RUNNING", "create_time": "2026-11-30T08:00:00Z",
                 "start_time": "2026-11-30T08:10:00Z", "complete_time": "2026-11-30T09:00:00.5Z"}"""));
        server.enqueue(json(200, """
                {"workers": [{"name": "j-worker-0", "node_name": "n1", "phase": "Running"},
                             {"name": "j-worker-1", "node_name": "n2", "phase": "Running"}],
                 "total_size": "3", "next_page_token": ""}"""));
        server.enqueue(json(200, """
                {"workers": [{"name": "j-worker-2", "phase": "Pending"}], "total_size": 3}"""));

        JobStatus status = client().status(ref("j"));

        assertThat(status.phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(status.rawState()).isEqualTo("RUNNING");
        assertThat(status.createdAt()).isEqualTo(Instant.parse("2026-11-30T08:00:00Z"));
        assertThat(status.startedAt()).isEqualTo(Instant.parse("2026-11-30T08:10:00Z"));
        assertThat(status.finishedAt()).isEqualTo(Instant.parse("2026-11-30T09:00:00.5Z"));
        assertThat(status.workers())
                .containsExactly(
                        new WorkerStatus("j-worker-0", "n1", "Running", ""),
                        new WorkerStatus("j-worker-1", "n2", "Running", ""),
                        new WorkerStatus("j-worker-2", "", "Pending", ""));
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "/j");
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "/j/workers?page_size=500&page_token=1");
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "/j/workers?page_size=500&page_token=2");
    }

    @Test
    void anUnknownStateIsUnknownNotAFailure() {
        server.enqueue(json(200, "{\"name\": \"j\", \"state\": \"HIBERNATING\"}"));
        server.enqueue(json(200, "{}"));

        JobStatus status = client().status(ref("j"));

        assertThat(status.phase()).isEqualTo(JobPhase.UNKNOWN);
        assertThat(status.rawState()).isEqualTo("HIBERNATING");
        assertThat(status.workers()).isEmpty();
    }

    @Test
    void listStatusesStartsAtPageOneDeduplicatesByUidAndReturnsTheNextPageNumber() throws Exception {
        server.enqueue(json(
                200,
                "{\"training_jobs\": [" + job("a", "u-a", "RUNNING", "p", "2026-11-30T08:00:00Z")
                        + ", " + job("b", "u-b", "QUEUEING", "p", "2026-11-30T09:00:00Z")
                        + ", " + job("a", "u-a", "RUNNING", "p", "2026-11-30T08:00:00Z")
                        + "], \"next_page_token\": \"2\", \"total_size\": 40}"));
        server.enqueue(json(
                200,
                "{\"training_jobs\": [" + job("c", "u-c", "FAILED", "p", "2026-11-30T07:00:00Z")
                        + "], \"next_page_token\": \"0\"}"));

        StatusPage first = client().listStatuses(null, 2);
        StatusPage second = client.listStatuses(first.nextPageToken(), 2);

        assertThat(first.jobs())
                .extracting(s -> s.job().id())
                .as("newest first")
                .containsExactly("b", "a");
        assertThat(first.jobs()).extracting(JobStatus::phase).containsExactly(JobPhase.PENDING, JobPhase.RUNNING);
        assertThat(first.nextPageToken()).isEqualTo("2");
        assertThat(second.jobs()).extracting(s -> s.job().id()).containsExactly("c");
        assertThat(second.hasNext()).isFalse();
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "?page_size=2&page_token=1");
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "?page_size=2&page_token=2");
    }

    @Test
    void anEmptyOrNonAdvancingNextPageTokenEndsTheList() {
        server.enqueue(json(200, "{\"training_jobs\": [], \"next_page_token\": \"\"}"));
        server.enqueue(json(200, "{\"training_jobs\": [], \"next_page_token\": \"3\"}"));

        assertThat(client().listStatuses(null, 50).hasNext()).isFalse();
        assertThat(client.listStatuses("3", 50).hasNext())
                .as("a token equal to the page asked for")
                .isFalse();
    }

    @Test
    void pageSizesAreClampedToTheDocumentedRangeAndBadTokensRefused() throws Exception {
        server.enqueue(json(200, "{}"));

        client().listStatuses("1", 10_000);

        assertThat(take().getUrl().queryParameter("page_size")).isEqualTo("500");
        assertThatThrownBy(() -> client.listStatuses("abc", 10))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("pageToken: 'abc'");
        assertThatThrownBy(() -> client.listStatuses("0", 10)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void cancelPostsBatchStopWithTheWorkspaceScopeAndTheName() throws Exception {
        server.enqueue(json(200, "{}"));

        client().cancel(ref("j"));

        RecordedRequest stop = take();
        assertThat(stop.getMethod()).isEqualTo("POST");
        assertThat(stop.getTarget()).isEqualTo(COLLECTION + ":batchStop");
        assertThat(JSON.readTree(stop.getBody().utf8())).isEqualTo(JSON.readTree("""
                {"subscription_name": "sub", "resource_group_name": "rg", "zone": "cn-sh-01z",
                 "workspace_name": "ws", "training_job_names": ["j"]}"""));
    }

    @Test
    void cancelIsRetriedOnTransientErrorsBecauseStoppingTwiceIsHarmless() {
        server.enqueue(json(503, "{}"));
        server.enqueue(json(200, "{}"));

        client().cancel(ref("j"));

        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void cancellingAnAlreadyFinishedJobSucceeds() throws Exception {
        server.enqueue(json(400, "{\"code\": 9, \"message\": \"job is not running\"}"));
        server.enqueue(json(200, "{\"name\": \"j\", \"state\": \"SUSPENDED\"}"));
        server.enqueue(json(200, "{\"workers\": []}"));

        client().cancel(ref("j"));

        assertThat(take().getTarget()).endsWith(":batchStop");
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "/j");
    }

    @Test
    void deletePostsBatchDeleteAndAJobAlreadyGoneIsFine() throws Exception {
        server.enqueue(json(200, "{}"));
        server.enqueue(json(404, "{\"code\": 5, \"message\": \"not found\"}"));

        client().delete(ref("j"));
        client.delete(ref("j"));

        RecordedRequest delete = take();
        assertThat(delete.getMethod()).isEqualTo("POST");
        assertThat(delete.getTarget()).isEqualTo(COLLECTION + ":batchDelete");
        assertThat(JSON.readTree(delete.getBody().utf8())
                        .path("training_job_names")
                        .get(0)
                        .asText())
                .isEqualTo("j");
    }

    @Test
    void eventsAreReadOldestFirst() throws Exception {
        server.enqueue(json(200, """
                {"events": [
                  {"type": "Normal", "reason": "Scheduled", "first_timestamp": "2026-11-30T09:05:00Z"},
                  {"type": "Warning", "reason": "FailedScheduling", "message": "0/4 nodes",
                   "first_timestamp": "2026-11-30T09:00:00Z", "count": 3}]}"""));

        List<JobEvent> events = client().events(ref("j"));

        assertThat(events).extracting(JobEvent::reason).containsExactly("FailedScheduling", "Scheduled");
        assertThat(events.get(0).count()).isEqualTo(3);
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "/j/events");
    }

    @Test
    void eventsDegradeToNoneWhenTheEndpointIsMissingOrForbidden() {
        server.enqueue(json(404, "{\"code\": 5, \"message\": \"no route\"}"));
        server.enqueue(json(403, "{\"code\": 7, \"message\": \"permission denied\"}"));

        assertThat(client().events(ref("j"))).isEmpty();
        assertThat(client.events(ref("j"))).isEmpty();
    }

    @Test
    void eventsStillFailOnABadSignature() {
        // refused request-bound, then date-only (the one fallback of a connection that chose no scheme)
        server.enqueue(json(401, "{\"code\": 16, \"message\": \"signature mismatch\"}"));
        server.enqueue(json(401, "{\"code\": 16, \"message\": \"signature mismatch\"}"));

        assertThatThrownBy(() -> client().events(ref("j"))).isInstanceOf(AuthenticationException.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void findSubmittedLooksTheDerivedNameUp() throws Exception {
        String derived = SenseCoreJobName.fromClientToken("build-9");
        server.enqueue(json(200, "{\"name\": \"" + derived + "\", \"state\": \"QUEUEING\"}"));
        server.enqueue(json(404, "{\"code\": 5, \"message\": \"not found\"}"));

        assertThat(client().findSubmitted(Spec.sensecore(""), "build-9")).contains(ref(derived));
        assertThat(client.findSubmitted(Spec.sensecore(""), "build-9")).isEmpty();
        assertThat(take().getTarget()).isEqualTo(COLLECTION + "/" + derived);
    }

    @Test
    void launchDiagnosisChecksTheJobExistsAndReturnsALocalHandle() {
        server.enqueue(json(200, "{\"name\": \"j\", \"state\": \"QUEUEING\"}"));
        server.enqueue(json(404, "{\"code\": 5, \"message\": \"job j not found\"}"));

        var handle = client().launchDiagnosis(ref("j"));

        assertThat(handle.job()).isEqualTo(ref("j"));
        assertThat(handle.id()).startsWith("sensecore-evidence-");
        assertThatThrownBy(() -> client.launchDiagnosis(ref("gone"))).isInstanceOf(NotFoundException.class);
    }

    @Test
    void callsGoThroughTheProxyOfTheConnectionSettings() throws Exception {
        server.enqueue(json(200, "{\"events\": []}"));
        ConnectionSettings viaProxy = ConnectionSettings.senseCore(
                        URI.create("http://aec2.cn-sh-01.sensecoreapi.cn"),
                        null,
                        Credentials.of("ak", "sk"),
                        "sub",
                        "rg",
                        "cn-sh-01z",
                        "ws")
                .withHttp(FAST.withProxy(server.getProxyAddress()))
                .withInsecureHttp(true); // plain http through a loopback proxy: the opt-in says so
        SenseCoreClient client =
                closedAfterTest(SenseCoreClient.builder(viaProxy).time(clock).build());

        assertThat(client.events(ref("j"))).isEmpty();
        RecordedRequest request = take();
        assertThat(request.getTarget()).isEqualTo("http://aec2.cn-sh-01.sensecoreapi.cn" + COLLECTION + "/j/events");
        assertThat(request.getHeaders().get("Host")).isEqualTo("aec2.cn-sh-01.sensecoreapi.cn");
    }

    @Test
    void theEndpointComesFromTheRegionWhenNotExplicit() {
        ConnectionSettings settings = ConnectionSettings.senseCore(
                null, "cn-sh-01", Credentials.of("ak", "region-secret-value"), "s", "r", "cn-sh-01z", "w");
        try (SenseCoreClient fromRegion = SenseCoreClient.create(settings)) {
            assertThat(fromRegion.settings().resolvedEndpoint())
                    .isEqualTo(URI.create("https://aec2.cn-sh-01.sensecoreapi.cn"));
            assertThat(fromRegion.kind()).isEqualTo(PlatformKind.SENSECORE);
            assertThat(fromRegion.toString())
                    .doesNotContain("region-secret-value")
                    .contains("aec2.cn-sh-01");
        }
    }

    @Test
    void specsAndJobsOfAnotherPlatformAreRefusedNamingTheField() {
        assertThatThrownBy(() -> client().submit(
                                UncheckedSpecs.of(PlatformKind.AIHC, JsonNodeFactory.instance.objectNode()), "t"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("spec: platform is aihc");
        assertThatThrownBy(() -> client.status(new JobRef(PlatformKind.AIHC, "x", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("job: x belongs to aihc");
        assertThat(server.getRequestCount()).isZero();
    }
}

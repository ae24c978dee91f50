package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.COLLECTION;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.FAST;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.SECRET;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.created;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.job;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.internal.http.DebugLog;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobNameTakenException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.Spec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/** Error classes, retries, uncertain creates and hostile responses. */
class SenseCoreClientFailuresTest extends SenseCoreServerTest {

    private static final HttpSettings ONE_ATTEMPT = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));

    private static MockResponse timeout() {
        return new MockResponse.Builder()
                .headersDelay(4, TimeUnit.SECONDS)
                .body("{}")
                .build();
    }

    /**
     * A create that reached the server and whose answer was lost: the connection closes before the status
     * line. No timer makes it, so the calls around it keep timeouts no loaded machine reaches.
     */
    private static MockResponse answerLost() {
        return new MockResponse.Builder()
                .onResponseStart(new SocketEffect.CloseSocket())
                .build();
    }

    /** Timeouts far from anything a slow machine reaches: for tests where no call is meant to time out. */
    private static HttpSettings patient() {
        return FAST.withTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofMinutes(2));
    }

    /**
     * A read timeout the create's {@link #timeout()} answer passes and the look-ups' answers do not reach on a
     * loaded machine (at 200 ms a look-up timed out at load 20, was retried and took the next answer).
     */
    private static HttpSettings createTimesOut() {
        return FAST.withTimeouts(Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofSeconds(10));
    }

    private static HttpSettings shortRead() {
        return FAST.withTimeouts(Duration.ofMillis(500), Duration.ofMillis(200), Duration.ofSeconds(5));
    }

    private static final String NOT_FOUND = "{\"code\": 5, \"message\": \"training job not found\"}";

    // ------------------------------------------------------------------ uncertain creates

    @Test
    void aTimedOutCreateIsNotRepeatedButReplacedByALookUpByName() throws Exception {
        server.enqueue(timeout());
        server.enqueue(json(404, NOT_FOUND));
        server.enqueue(json(200, created(Spec.sensecore("resnet-1"), "resnet-1", "t")));

        JobRef ref = client(createTimesOut()).submit(Spec.sensecore("resnet-1"), "t");

        assertThat(ref).isEqualTo(ref("resnet-1"));
        assertThat(server.takeRequest().getMethod()).isEqualTo("POST");
        RecordedRequest look1 = server.takeRequest();
        assertThat(look1.getMethod()).isEqualTo("GET");
        assertThat(look1.getTarget()).isEqualTo(COLLECTION + "/resnet-1");
        assertThat(server.takeRequest().getMethod()).isEqualTo("GET");
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(clock.sleeps())
                .as("a short wait before each look-up, no retry wait")
                .containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    @Test
    void aCreateAnswered5xxIsLookedUpToo() throws Exception {
        server.enqueue(json(502, "{}"));
        server.enqueue(json(200, created(Spec.sensecore("resnet-1"), "resnet-1", "t")));

        assertThat(client().submit(Spec.sensecore("resnet-1"), "t")).isEqualTo(ref("resnet-1"));
        assertThat(server.takeRequest().getMethod()).isEqualTo("POST");
        assertThat(server.takeRequest().getMethod()).isEqualTo("GET");
    }

    @Test
    void whenTheLookUpsFindNothingOneReCreateIsMadeAndItsAlreadyExistsMeansTheFirstLanded() throws Exception {
        // The create's answer is lost without a timeout: a 200 ms read timeout here (as before) also bound the
        // look-ups, and one answered late under load was retried, so the third look-up took the 409 below.
        server.enqueue(answerLost());
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(404, NOT_FOUND));
        }
        server.enqueue(json(409, "{\"code\": 6, \"message\": \"training job resnet-1 already exists\"}"));
        server.enqueue(json(200, created(Spec.sensecore("resnet-1"), "resnet-1", "t")));

        JobRef ref = client(patient()).submit(Spec.sensecore("resnet-1"), "t");

        assertThat(ref).isEqualTo(ref("resnet-1"));
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            RecordedRequest r = server.takeRequest();
            calls.add(r.getMethod() + " " + r.getTarget().replace(COLLECTION, ""));
        }
        assertThat(calls)
                .containsExactly(
                        "POST ?training_job_name=resnet-1",
                        "GET /resnet-1",
                        "GET /resnet-1",
                        "GET /resnet-1",
                        "POST ?training_job_name=resnet-1",
                        "GET /resnet-1");
        assertThat(clock.sleeps())
                .as("the waits before the look-ups of both rounds, and no retry of any call")
                .containsExactly(
                        Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    @Test
    void whenTheLookUpsFindNothingTheReCreateUnderTheSameNameCreatesTheJob() throws Exception {
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(404, NOT_FOUND));
        }
        server.enqueue(json(200, job("resnet-1", "u1", "INIT", "pool-a", "2026-11-30T10:00:00Z")));

        assertThat(client().submit(Spec.sensecore("resnet-1"), "t")).isEqualTo(ref("resnet-1"));
        assertThat(server.getRequestCount()).isEqualTo(5);
    }

    /** The submit flow then creates the job under the name its token gives it (JobNames.whenTaken). */
    @Test
    void aFirstCreateAnsweredAlreadyExistsIsANameClashNotOurJob() {
        server.enqueue(json(409, "{\"code\": 6, \"message\": \"already exists\"}"));

        assertThatThrownBy(() -> client().submit(Spec.sensecore("resnet-1"), "t"))
                .isInstanceOfSatisfying(JobNameTakenException.class, e -> {
                    assertThat(e.field()).isEqualTo("name");
                    assertThat(e.name()).isEqualTo("resnet-1");
                    assertThat(e.getMessage())
                            .contains("a job named 'resnet-1' already exists in workspace 'ws'", "HTTP 409");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // ------------------------------------------------------------------ error classes

    @Test
    void memberQuotaExceededWith429IsAQuotaRefusalAndNotRetried() {
        server.enqueue(new MockResponse.Builder()
                .code(429)
                .addHeader("Retry-After", "1")
                .body("{\"code\": 8, \"message\": \"MEMBER_QUOTA_EXCEEDED: gpu quota of member is exceeded\"}")
                .build());

        assertThatThrownBy(() -> client().submit(Spec.sensecore("resnet-1"), "t"))
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> {
                    assertThat(e.code()).isEqualTo("MEMBER_QUOTA_EXCEEDED");
                    assertThat(e.httpStatus()).isEqualTo(429);
                    assertThat(e.isRetryable()).isFalse();
                    assertThat(e.getMessage())
                            .startsWith("SenseCore ACP POST trainingJobs?training_job_name={name}: ")
                            .contains("free quota");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void memberQuotaExceededWith409InADetailReasonIsAQuotaRefusal() {
        server.enqueue(json(409, """
                {"code": 6, "message": "quota", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                 "reason": "MEMBER_QUOTA_EXCEEDED"}]}"""));

        assertThatThrownBy(() -> client().submit(Spec.sensecore("resnet-1"), "t"))
                .isInstanceOf(QuotaExceededException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aBadRequestCarriesThePlatformsReason() {
        server.enqueue(new MockResponse.Builder()
                .code(400)
                .addHeader("X-Request-Id", "req-77")
                .body("""
                {"code": 3, "message": "startup script is required",
                 "details": [{"reason": "tjRequiredStartupScript", "field": "roles[0].startup_script"}]}""")
                .build());

        assertThatThrownBy(() -> client().submit(Spec.sensecore("resnet-1"), "t"))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
                    assertThat(e.reason()).isEqualTo("tjRequiredStartupScript");
                    assertThat(e.field()).isEqualTo("roles[0].startup_script");
                    assertThat(e.code()).isEqualTo("tjRequiredStartupScript");
                    assertThat(e.requestId()).isEqualTo("req-77");
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "SenseCore ACP POST trainingJobs?training_job_name={name}:"
                                            + " startup script is required (HTTP 400, code tjRequiredStartupScript, request id req-77)");
                });
    }

    @Test
    void unauthorisedAndForbiddenAreAuthenticationFailures() {
        server.enqueue(json(401, "{\"code\": 16, \"message\": \"invalid signature\"}"));
        // the date-only signature, sent once after a 401 to the request-bound one, refused too
        server.enqueue(json(401, "{\"code\": 16, \"message\": \"invalid signature\"}"));
        server.enqueue(json(403, "{\"code\": 7, \"message\": \"permission denied\"}"));

        assertThatThrownBy(() -> client().status(ref("j")))
                .isInstanceOfSatisfying(
                        AuthenticationException.class, e -> assertThat(e.code()).isEqualTo("UNAUTHENTICATED"));
        assertThatThrownBy(() -> client.status(ref("j")))
                .isInstanceOfSatisfying(AuthenticationException.class, e -> assertThat(e.httpStatus())
                        .isEqualTo(403));
        assertThat(server.getRequestCount())
                .as("not retried but for the one date-only try")
                .isEqualTo(3);
    }

    @Test
    void aMissingJobIsNotFound() {
        server.enqueue(json(404, NOT_FOUND));

        assertThatThrownBy(() -> client().status(ref("gone")))
                .isInstanceOfSatisfying(
                        NotFoundException.class,
                        e -> assertThat(e.getMessage())
                                .isEqualTo(
                                        "SenseCore ACP GET trainingJobs/{name}: training job not found (HTTP 404, code NOT_FOUND)"));
    }

    @Test
    void rateLimitedReadsWaitForRetryAfterAndSucceed() {
        server.enqueue(new MockResponse.Builder()
                .code(429)
                .addHeader("Retry-After", "3")
                .body("{\"code\": 8, \"message\": \"too many requests\"}")
                .build());
        server.enqueue(json(200, "{\"events\": []}"));

        assertThat(client().events(ref("j"))).isEmpty();
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void rateLimitingThatOutlastsTheAttemptsIsReportedWithRetryAfter() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse.Builder()
                    .code(429)
                    .addHeader("Retry-After", "5")
                    .body("{}")
                    .build());
        }

        // Three waits of 5 s: a call timeout that holds them all (FAST's 5 s would end the call after the first).
        HttpSettings patient = FAST.withTimeouts(FAST.connectTimeout(), FAST.readTimeout(), Duration.ofMinutes(1));

        assertThatThrownBy(() -> client(patient).status(ref("j")))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> assertThat(e.retryAfter())
                        .isEqualTo(Duration.ofSeconds(5)));
        assertThat(server.getRequestCount()).isEqualTo(4);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    @Test
    void aBurstOf503IsRetriedWithGrowingBackoff() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(503, "{\"code\": 14, \"message\": \"unavailable\"}"));
        }
        server.enqueue(json(200, "{\"name\": \"j\", \"state\": \"RUNNING\"}"));
        server.enqueue(json(200, "{\"workers\": []}"));

        assertThat(client().status(ref("j")).rawState()).isEqualTo("RUNNING");
        assertThat(clock.sleeps()).hasSize(3).allSatisfy(w -> assertThat(w)
                .isBetween(Duration.ofMillis(100), Duration.ofSeconds(2)));
    }

    @Test
    void persistent5xxIsTransient() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(json(500, "{\"code\": 13, \"message\": \"internal\"}"));
        }

        assertThatThrownBy(() -> client().status(ref("j")))
                .isInstanceOfSatisfying(TransientException.class, e -> assertThat(e.isRetryable())
                        .isTrue());
    }

    // ------------------------------------------------------------------ hostile responses

    @Test
    void aGatewaysHtmlPageIsTransient() {
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "text/html")
                .body("<html><body><h1>502 Bad Gateway</h1></body></html>")
                .build());

        assertThatThrownBy(() -> client(ONE_ATTEMPT).status(ref("j")))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("non-JSON");
    }

    @Test
    void anHtmlErrorPageWithA502IsTransient() {
        server.enqueue(new MockResponse.Builder()
                .code(502)
                .addHeader("Content-Type", "text/html")
                .body("<html>bad gateway</html>")
                .build());

        assertThatThrownBy(() -> client(ONE_ATTEMPT).status(ref("j"))).isInstanceOf(TransientException.class);
    }

    @Test
    void aTruncatedJsonBodyIsTransient() {
        server.enqueue(json(200, "{\"name\": \"j\", \"state\": \"RUNN"));

        assertThatThrownBy(() -> client(ONE_ATTEMPT).status(ref("j"))).isInstanceOf(TransientException.class);
    }

    @Test
    void aHugeBodyIsNotReadBeyondTheLimit() {
        server.enqueue(json(200, "{\"name\": \"j\", \"state\": \"" + "X".repeat(200_000) + "\"}"));

        assertThatThrownBy(() -> client(ONE_ATTEMPT).status(ref("j")))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("exceeds the limit");
    }

    @Test
    void aDisconnectAtStartIsRetriedForReads() {
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        server.enqueue(json(200, "{\"events\": [{\"reason\": \"Pulled\"}]}"));

        assertThat(client().events(ref("j"))).hasSize(1);
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void aDisconnectMidBodyIsTransient() {
        server.enqueue(new MockResponse.Builder()
                .body("{\"name\": \"j\", \"pad\": \"" + "x".repeat(4000) + "\"}")
                .throttleBody(512, 10, TimeUnit.MILLISECONDS)
                .onResponseBody(new SocketEffect.CloseSocket())
                .build());

        assertThatThrownBy(() -> client(ONE_ATTEMPT).status(ref("j")))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("connection closed");
    }

    @Test
    void aBodySlowerThanTheReadTimeoutIsTransient() {
        server.enqueue(new MockResponse.Builder()
                .body("{\"name\": \"j\", \"state\": \"RUNNING\"}")
                .throttleBody(4, 1, TimeUnit.SECONDS)
                .build());

        assertThatThrownBy(() -> client(shortRead().withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1)))
                        .status(ref("j")))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("timed out");
    }

    // ------------------------------------------------------------------ secrets

    @Test
    void theSecretNeverReachesMessagesOrTheDebugLog() {
        List<PlatformException> failures = new ArrayList<>();
        List<String> logged;
        try (DebugLog debug = DebugLog.capture()) {
            server.enqueue(json(200, job("resnet-1", "u1", "INIT", "pool-a", "2026-11-30T10:00:00Z")));
            server.enqueue(json(401, "{\"code\": 16, \"message\": \"signature mismatch\"}"));
            server.enqueue(json(400, "{\"code\": 3, \"message\": \"bad\", \"details\": [{\"reason\": \"x\"}]}"));
            client(ONE_ATTEMPT).submit(Spec.sensecore("resnet-1"), "t");
            for (int i = 0; i < 2; i++) {
                try {
                    client.status(ref("j"));
                } catch (PlatformException e) {
                    failures.add(e);
                }
            }
            logged = debug.lines();
        }
        // Signatures are request-bound and so differ per request: no Authorization parameter may show at all.
        assertThat(logged)
                .isNotEmpty()
                .anySatisfy(l -> assertThat(l).contains("Authorization: ****"))
                .noneMatch(l -> l.contains(SECRET) || l.contains("signature=\""));
        assertThat(failures)
                .hasSize(2)
                .noneMatch(
                        e -> e.getMessage().contains(SECRET) || e.getMessage().contains("signature=\""));
        assertThat(client.toString()).doesNotContain(SECRET);
        assertThat(client.settings().toString()).doesNotContain(SECRET);
    }

    @Test
    void exceptionsNameThePlatform() {
        server.enqueue(json(404, NOT_FOUND));

        assertThatThrownBy(() -> client().status(ref("j")))
                .isInstanceOfSatisfying(
                        PlatformException.class, e -> assertThat(e.platform()).isEqualTo(PlatformKind.SENSECORE));
    }
}

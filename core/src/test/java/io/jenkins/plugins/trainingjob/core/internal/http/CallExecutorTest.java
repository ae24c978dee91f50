package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CallExecutorTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final HttpSettings FAST = new HttpSettings(
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            4,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            4096);

    @StartStop
    private final MockWebServer server = new MockWebServer();

    /** The executor's time: signatures are dated by it, back-offs move it and are recorded, never slept. */
    private final ManualClock clock = new ManualClock(NOW);

    private CallExecutor executor;

    @AfterEach
    void close() {
        if (executor != null) {
            executor.close();
        }
    }

    private CallExecutor executor(HttpSettings settings) {
        executor = CallExecutor.builder(PlatformKind.AIHC, settings)
                .signer((request, now) -> request.newBuilder()
                        .header("X-Signed-At", now.toString())
                        .build())
                .requestIdHeader("x-bce-request-id")
                .time(clock)
                .random(new SplittableRandom(42))
                .build();
        return executor;
    }

    private HttpUrl url(String path) {
        return server.url(path);
    }

    /** A 429 whose {@code Retry-After} is {@code retryAfter} (seconds or an HTTP date). */
    private static MockResponse rateLimited(String retryAfter) {
        return new MockResponse.Builder()
                .code(429)
                .addHeader("Retry-After", retryAfter)
                .body("{}")
                .build();
    }

    private static MockResponse json(int code, String body) {
        return new MockResponse.Builder()
                .code(code)
                .addHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    @Test
    void aGetIsSignedWithTheClockAndItsJsonReturned() throws Exception {
        server.enqueue(json(200, "{\"result\":{\"jobId\":\"j-1\"}}"));

        ApiResponse response = executor(FAST).execute(ApiCall.get("GET /jobs/{id}", url("/jobs/j-1?pool=p")));

        assertThat(response.json().path("result").path("jobId").asText()).isEqualTo("j-1");
        RecordedRequest recorded = server.takeRequest();
        assertThat(recorded.getMethod()).isEqualTo("GET");
        assertThat(recorded.getTarget()).isEqualTo("/jobs/j-1?pool=p");
        assertThat(recorded.getHeaders().get("X-Signed-At")).isEqualTo("2026-03-01T10:00:00Z");
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void aJsonBodyIsSentAsApplicationJson() throws Exception {
        server.enqueue(json(200, "{}"));
        ObjectNode body = JSON.createObjectNode().put("name", "n");

        executor(FAST).execute(ApiCall.create("POST /jobs", url("/jobs"), body));

        RecordedRequest recorded = server.takeRequest();
        assertThat(recorded.getMethod()).isEqualTo("POST");
        assertThat(recorded.getHeaders().get("Content-Type")).isEqualTo("application/json");
        assertThat(recorded.getBody().utf8()).isEqualTo("{\"name\":\"n\"}");
    }

    @Test
    void aBodilessPostSendsAnEmptyBody() throws Exception {
        server.enqueue(json(200, "{}"));

        executor(FAST).execute(ApiCall.idempotentPost("POST /jobs/{id}/stop", url("/jobs/j/stop"), null));

        RecordedRequest recorded = server.takeRequest();
        assertThat(recorded.getMethod()).isEqualTo("POST");
        assertThat(recorded.getBodySize()).isZero();
    }

    @Test
    void a503BurstIsRetriedWithJitteredBackoffUntilSuccess() {
        server.enqueue(json(503, "{}"));
        server.enqueue(json(503, "{}"));
        server.enqueue(json(200, "{\"ok\":true}"));

        ApiResponse response = executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs")));

        assertThat(response.json().path("ok").asBoolean()).isTrue();
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(clock.sleeps()).hasSize(2).allSatisfy(w -> assertThat(w)
                .isBetween(FAST.initialBackoff(), FAST.maxBackoff()));
    }

    @Test
    void retriesStopAfterMaxAttemptsWithTheLastTransientFailure() {
        for (int i = 0; i < 5; i++) {
            server.enqueue(new MockResponse.Builder()
                    .code(503)
                    .addHeader("x-bce-request-id", "rid-" + i)
                    .body("{}")
                    .build());
        }

        assertThatThrownBy(() -> executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("GET /jobs")
                .hasMessageContaining("HTTP 503")
                .hasMessageContaining("request id rid-3");
        assertThat(server.getRequestCount()).isEqualTo(FAST.maxAttempts());
        assertThat(clock.sleeps()).hasSize(FAST.maxAttempts() - 1);
    }

    @Test
    void a429RetryAfterInSecondsIsWaitedExactly() {
        server.enqueue(rateLimited("7"));
        server.enqueue(json(200, "{}"));

        executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs")));

        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void theBackOffsWaitOnTheTimeSourceAndCountAgainstTheCallTimeout() {
        // FAST: a 5 s call timeout and four attempts. Two waits of 3 s pass on the manual clock at once; the
        // second ends past the call timeout, so the third answer ends the call although an attempt is left.
        for (int i = 0; i < 3; i++) {
            server.enqueue(rateLimited("3"));
        }
        server.enqueue(json(200, "{}"));

        assertThatThrownBy(() -> executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(RateLimitedException.class);

        assertThat(server.getRequestCount()).as("attempts").isEqualTo(3);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(3));
        assertThat(clock.now()).isEqualTo(NOW.plusSeconds(6));
    }

    @Test
    void eachAttemptIsSignedAtTheTimeSourcesNowAfterTheBackOff() throws Exception {
        server.enqueue(rateLimited("2"));
        server.enqueue(json(200, "{}"));

        executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs")));

        assertThat(server.takeRequest().getHeaders().get("X-Signed-At")).isEqualTo(NOW.toString());
        assertThat(server.takeRequest().getHeaders().get("X-Signed-At"))
                .isEqualTo(NOW.plusSeconds(2).toString());
    }

    @Test
    void a429RetryAfterAsHttpDateIsMeasuredFromTheClock() {
        server.enqueue(rateLimited("Sun, 01 Mar 2026 10:00:12 GMT"));
        server.enqueue(json(200, "{}"));

        executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs")));

        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(12));
    }

    @Test
    void aRetryAfterBeyondTheHonouredMaximumGoesToTheCaller() {
        server.enqueue(rateLimited("3600"));

        assertThatThrownBy(() -> executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> assertThat(e.retryAfter())
                        .isEqualTo(Duration.ofHours(1)));
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void aCreateIsNotRetriedAfterA5xx() {
        server.enqueue(json(502, "{}"));
        server.enqueue(json(200, "{}"));

        assertThatThrownBy(() ->
                        executor(FAST).execute(ApiCall.create("POST /jobs", url("/jobs"), JSON.createObjectNode())))
                .isInstanceOf(TransientException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aCreateIsNotRetriedAfterATimeout() {
        server.enqueue(new MockResponse.Builder()
                .headersDelay(2, TimeUnit.SECONDS)
                .body("{}")
                .build());
        server.enqueue(json(200, "{}"));
        HttpSettings tiny = FAST.withTimeouts(Duration.ofMillis(500), Duration.ofMillis(200), Duration.ofSeconds(5));

        assertThatThrownBy(() ->
                        executor(tiny).execute(ApiCall.create("POST /jobs", url("/jobs"), JSON.createObjectNode())))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("timed out");
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void aCreateRefusedWith429IsRetriedBecauseTheServerDidNotActOnIt() {
        server.enqueue(rateLimited("1"));
        server.enqueue(json(200, "{\"id\":1}"));

        executor(FAST).execute(ApiCall.create("POST /jobs", url("/jobs"), JSON.createObjectNode()));

        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void aDisconnectAtStartIsTransientAndRetriedForReads() {
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        server.enqueue(json(200, "{\"ok\":1}"));

        ApiResponse response = executor(FAST).execute(ApiCall.get("GET /jobs", url("/jobs")));

        assertThat(response.json().path("ok").asInt()).isEqualTo(1);
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void aDisconnectAtStartSaysNoResponseArrived() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOfSatisfying(TransientException.class, e -> {
                    assertThat(e.httpStatus()).isZero();
                    assertThat(e.getMessage()).startsWith("Baidu AIHC GET /jobs: ");
                    // OkHttp's "unexpected end of stream on ..." is known by its EOFException cause, not its words
                    assertThat(e.getMessage()).contains("connection closed before a response arrived");
                });
    }

    @Test
    void aDisconnectMidBodyIsTransient() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(new MockResponse.Builder()
                .body("{\"result\":\"" + "x".repeat(2000) + "\"}")
                .throttleBody(256, 10, TimeUnit.MILLISECONDS)
                .onResponseBody(new SocketEffect.CloseSocket())
                .build());

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("GET /jobs")
                .hasMessageContaining("HTTP 200")
                .hasMessageContaining("connection closed before the response body was complete");
    }

    @Test
    void aBodySlowerThanTheReadTimeoutIsTransient() {
        // A 1 s read timeout against 4 bytes every 3 s: it can only fire inside the body, even when a loaded
        // machine delays the headers by a few hundred milliseconds.
        HttpSettings tiny = FAST.withTimeouts(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(10))
                .withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(new MockResponse.Builder()
                .body("{\"result\":\"slow body\"}")
                .throttleBody(4, 3, TimeUnit.SECONDS)
                .build());

        assertThatThrownBy(() -> executor(tiny).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("timed out reading the response body");
    }

    @Test
    void aTruncatedJsonBodyIsTransient() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(json(200, "{\"result\":{\"jobId\":\"j-"));

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("unexpected non-JSON response");
    }

    @Test
    void anHtmlGatewayPageIsTransientWithAShortCleanExcerptAndNoHeaders() {
        String html = "<html><head><title>502 Bad Gateway</title></head>\n<body>\u001b[31m" + "<p>nginx</p>".repeat(100)
                + "</body></html>";
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(new MockResponse.Builder()
                .code(502)
                .addHeader("Content-Type", "text/html")
                .addHeader("X-Internal-Secret", "hdr-value")
                .body(html)
                .build());

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOfSatisfying(TransientException.class, e -> {
                    assertThat(e.getMessage())
                            .contains("HTTP 502")
                            .contains("502 Bad Gateway")
                            .doesNotContain("\u001b")
                            .doesNotContain("\n")
                            .doesNotContain("hdr-value");
                    assertThat(e.getMessage().length()).isLessThan(400);
                });
    }

    @Test
    void anHtmlPageWithSuccessStatusIsTransient() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .body("<html>login portal</html>")
                .build());

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("HTTP 200")
                .hasMessageContaining("login portal");
    }

    @Test
    void aBodyBeyondTheLimitIsRefusedWithoutReadingIt() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(json(200, "[" + "1,".repeat(5000) + "1]"));

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("exceeds the limit of 4096 bytes");
    }

    @Test
    void aChunkedBodyBeyondTheLimitIsRefusedToo() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(new MockResponse.Builder()
                .chunkedBody("[" + "1,".repeat(5000) + "1]", 512)
                .build());

        assertThatThrownBy(() -> executor(once).execute(ApiCall.get("GET /jobs", url("/jobs"))))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("exceeds the limit of 4096 bytes");
    }

    @Test
    void failureStatusesWithoutADecoderMapToTheHierarchy() {
        HttpSettings once = FAST.withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
        server.enqueue(json(400, "{}"));
        server.enqueue(json(403, "{}"));
        server.enqueue(json(404, "{}"));
        CallExecutor ex = executor(once);
        ApiCall call = ApiCall.get("GET /jobs", url("/jobs"));

        assertThatThrownBy(() -> ex.execute(call)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> ex.execute(call)).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> ex.execute(call)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void theDecoderMayFlagAnErrorSentWithSuccessStatus() {
        server.enqueue(json(200, "{\"code\":\"NotReady\"}"));
        executor = CallExecutor.builder(PlatformKind.AIHC, FAST)
                .time(clock)
                .errorDecoder((call, response) -> response.jsonText("code").isEmpty()
                        ? null
                        : new InvalidRequestException(
                                new FailedCall(
                                        PlatformKind.AIHC,
                                        call.operation(),
                                        response.status(),
                                        response.jsonText("code"),
                                        ""),
                                "flagged",
                                "",
                                "",
                                null))
                .build();

        assertThatThrownBy(() -> executor.execute(ApiCall.get("GET /x", url("/x"))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("code NotReady");
    }

    @Test
    void anInterruptedWaitStopsRetryingAndKeepsTheInterruptFlag() {
        server.enqueue(json(503, "{}"));
        clock.onSleep(() -> Thread.currentThread().interrupt());
        executor = CallExecutor.builder(PlatformKind.AIHC, FAST).time(clock).build();

        assertThatThrownBy(() -> executor.execute(ApiCall.get("GET /x", url("/x"))))
                .isInstanceOf(PlatformException.class);
        assertThat(Thread.interrupted()).isTrue();
    }
}

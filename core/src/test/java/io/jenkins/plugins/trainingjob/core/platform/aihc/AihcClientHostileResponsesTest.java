package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.internal.http.DebugLog;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.SignedDigestLabel;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/** Fault injection: what a broken network, a gateway or a hostile server does to the AIHC client. */
class AihcClientHostileResponsesTest extends AihcServerTest {

    private static final String SK = "sk-SECRET-value";
    private static final String TOKEN = "sts-SECRET-token";
    private static final String PASSWORD = "registry-SECRET-password";
    private static final String ENV_VALUE = "env-SECRET-value";
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-1");
    // No test here waits for these timeouts (a slow read sets its own): they only bound a hang, and must not
    // fire on a loaded machine where an answer takes a few hundred milliseconds.
    private static final HttpSettings FAST = new HttpSettings(
            Duration.ofSeconds(2),
            Duration.ofSeconds(5),
            Duration.ofSeconds(5),
            2,
            Duration.ofMillis(100),
            Duration.ofSeconds(1),
            null,
            2048);
    private static final JobSpec SPEC = AihcTestSpec.of("{\"name\":\"train-1\"}");
    private static final String RUNNING = "{\"result\":{\"jobId\":\"pytorchjob-1\",\"status\":\"Running\"}}";

    private AihcClient client(HttpSettings http) {
        return client("cce-1", null, Credentials.of("ak", SK, TOKEN), http);
    }

    @Test
    void aDisconnectAtStartIsRetriedForAStatusRead() {
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        server.enqueue(new MockResponse.Builder().body(RUNNING).build());

        assertThat(client(FAST).status(JOB).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void aDisconnectAtStartOfACreateIsNotResentButLookedUp() throws Exception {
        String digest = io.jenkins.plugins.trainingjob.core.spec.SpecDigest.of(
                SPEC, java.util.Set.of(AihcClient.CLIENT_TOKEN_LABEL, AihcClient.SPEC_DIGEST_LABEL));
        String list = "{\"result\":{\"jobs\":[{\"jobId\":\"pytorchjob-1\","
                + "\"name\":\"train-1\",\"labels\":[{\"key\":\"" + AihcClient.CLIENT_TOKEN_LABEL
                + "\",\"value\":\"tok\"},{\"key\":\"" + AihcClient.SPEC_DIGEST_LABEL + "\",\"value\":\""
                + SignedDigestLabel.value(SK, "tok", digest) + "\"}]}]}}";
        // By route, not in order: a look-up retried on a slow machine still gets the answer for its route.
        server.setDispatcher(new mockwebserver3.Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getMethod().equals("POST")) {
                    return new MockResponse.Builder()
                            .onRequestStart(new SocketEffect.CloseSocket())
                            .build();
                }
                return new MockResponse.Builder()
                        .body(
                                request.getUrl().encodedPath().endsWith("/pytorchjob-1")
                                        ? "{\"result\":{\"jobId\":\"pytorchjob-1\",\"name\":\"train-1\"}}"
                                        : list)
                        .build();
            }
        });

        assertThat(client(FAST).submit(SPEC, "tok")).isEqualTo(JOB);
        // The dispatcher reads the POST before it cuts the connection: a second POST would be a resend.
        List<String> methods = new ArrayList<>();
        for (RecordedRequest r = server.takeRequest(); r != null; r = server.takeRequest(100, TimeUnit.MILLISECONDS)) {
            methods.add(r.getMethod());
        }
        assertThat(methods).filteredOn("POST"::equals).hasSize(1);
        assertThat(methods).contains("GET");
    }

    @Test
    void aDisconnectMidBodyIsRetriedForAStatusRead() {
        server.enqueue(new MockResponse.Builder()
                .body("{\"result\":{\"jobId\":\"pytorchjob-1\",\"pad\":\"" + "x".repeat(1500) + "\"}}")
                .throttleBody(200, 5, TimeUnit.MILLISECONDS)
                .onResponseBody(new SocketEffect.CloseSocket())
                .build());
        server.enqueue(new MockResponse.Builder().body(RUNNING).build());

        assertThat(client(FAST).status(JOB).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void aBodySlowerThanTheReadTimeoutIsTransient() {
        // Headers come at once, then 8 bytes every 3 s: the 1 s read timeout can only fire inside the body,
        // even on a loaded machine where the headers themselves take a few hundred milliseconds.
        server.enqueue(new MockResponse.Builder()
                .body(RUNNING)
                .throttleBody(8, 3, TimeUnit.SECONDS)
                .build());
        HttpSettings slowRead = FAST.withTimeouts(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(10))
                .withRetries(1, Duration.ZERO, Duration.ZERO);

        assertThatThrownBy(() -> client(slowRead).status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("timed out reading the response body");
    }

    @Test
    void aTruncatedJsonBodyIsTransient() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder()
                    .body("{\"result\":{\"jobId\":\"pytor")
                    .build());
        }
        assertThatThrownBy(() -> client(FAST).status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("non-JSON");
    }

    @Test
    void aHugeBodyIsRefusedAtTheLimit() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder()
                    .body("{\"result\":{\"pad\":\"" + "y".repeat(100_000) + "\"}}")
                    .build());
        }
        assertThatThrownBy(() -> client(FAST).status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("exceeds the limit of 2048 bytes");
    }

    @Test
    void aLoginPageWithStatus200IsTransient() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder()
                    .addHeader("Content-Type", "text/html")
                    .body("<!DOCTYPE html><title>Sign in</title>")
                    .build());
        }
        assertThatThrownBy(() -> client(FAST).status(JOB))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("Sign in")
                .hasMessageContaining("HTTP 200");
    }

    @Test
    void secretsNeverReachTheDebugLogOrAMessage() throws Exception {
        JobSpec spec = AihcTestSpec.of("{\"name\":\"train-1\",\"jobSpec\":"
                + "{\"image\":\"r/i:1\",\"imageConfig\":{\"username\":\"u\",\"password\":\"" + PASSWORD + "\"},"
                + "\"envs\":[{\"name\":\"WANDB_KEY\",\"value\":\"" + ENV_VALUE + "\"}]}}");
        List<String> messages = new ArrayList<>();
        String log;
        try (DebugLog debug = DebugLog.capture()) {
            server.enqueue(new MockResponse.Builder()
                    .code(403)
                    .body("{\"code\":\"SignatureDoesNotMatch\",\"message\":\"bad signature\"}")
                    .build());
            server.enqueue(new MockResponse.Builder()
                    .code(500)
                    .body("<html>oops</html>")
                    .build());
            server.enqueue(new MockResponse.Builder()
                    .code(500)
                    .body("<html>oops</html>")
                    .build());
            AihcClient aihc = client(FAST);
            for (Runnable call : List.<Runnable>of(() -> aihc.submit(spec, "tok-1"), () -> aihc.status(JOB))) {
                try {
                    call.run();
                } catch (PlatformException e) {
                    messages.add(e.getMessage());
                }
            }
            log = debug.text();
        }

        assertThat(messages).hasSize(2);
        assertThat(log)
                .contains(
                        "--> POST",
                        "Authorization: ****",
                        "x-bce-security-token: ****",
                        "\"password\":\"****\"",
                        "\"name\":\"WANDB_KEY\",\"value\":\"****\"");
        for (String text : List.of(log, String.join("\n", messages))) {
            assertThat(text).doesNotContain(SK, TOKEN, PASSWORD, ENV_VALUE, "bce-auth-v1/");
        }
    }
}

package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.http.CallExecutor;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformKind;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Fault injection: what a broken network, a gateway or a hostile server does to the AIHC client. */
class AihcClientHostileResponsesTest {

    private static final String SK = "sk-SECRET-value";
    private static final String TOKEN = "sts-SECRET-token";
    private static final String PASSWORD = "registry-SECRET-password";
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-1");
    private static final HttpSettings FAST = new HttpSettings(Duration.ofMillis(500), Duration.ofMillis(300),
            Duration.ofSeconds(5), 2, Duration.ofMillis(100), Duration.ofSeconds(1), null, 2048);
    private static final String RUNNING = "{\"result\":{\"jobId\":\"pytorchjob-1\",\"status\":\"Running\"}}";

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private final List<Duration> waits = new ArrayList<>();
    private AihcClient client;

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private AihcClient client(HttpSettings http) {
        ConnectionSettings settings = ConnectionSettings.aihc(URI.create(server.url("/").toString()), null,
                Credentials.of("ak", SK, TOKEN), "cce-1", null).withHttp(http);
        client = new AihcClient(settings, Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC),
                waits::add, new SplittableRandom(5));
        return client;
    }

    @Test
    void aDisconnectMidBodyIsRetriedForAStatusRead() {
        server.enqueue(new MockResponse.Builder().body("{\"result\":{\"jobId\":\"pytorchjob-1\",\"pad\":\""
                        + "x".repeat(1500) + "\"}}")
                .throttleBody(200, 5, TimeUnit.MILLISECONDS)
                .onResponseBody(new SocketEffect.CloseSocket()).build());
        server.enqueue(new MockResponse.Builder().body(RUNNING).build());

        assertThat(client(FAST).status(JOB).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(waits).hasSize(1);
    }

    @Test
    void aBodySlowerThanTheReadTimeoutIsTransient() {
        server.enqueue(new MockResponse.Builder().body(RUNNING).throttleBody(8, 1, TimeUnit.SECONDS).build());

        assertThatThrownBy(() -> client(FAST.withRetries(1, Duration.ZERO, Duration.ZERO)).status(JOB)).isInstanceOf(TransientException.class)
                .hasMessageContaining("timed out reading the response body");
    }

    @Test
    void aTruncatedJsonBodyIsTransient() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder().body("{\"result\":{\"jobId\":\"pytor").build());
        }
        assertThatThrownBy(() -> client(FAST).status(JOB)).isInstanceOf(TransientException.class)
                .hasMessageContaining("non-JSON");
    }

    @Test
    void aHugeBodyIsRefusedAtTheLimit() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder().body("{\"result\":{\"pad\":\"" + "y".repeat(100_000) + "\"}}")
                    .build());
        }
        assertThatThrownBy(() -> client(FAST).status(JOB)).isInstanceOf(TransientException.class)
                .hasMessageContaining("exceeds the limit of 2048 bytes");
    }

    @Test
    void aLoginPageWithStatus200IsTransient() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "text/html")
                    .body("<!DOCTYPE html><title>Sign in</title>").build());
        }
        assertThatThrownBy(() -> client(FAST).status(JOB)).isInstanceOf(TransientException.class)
                .hasMessageContaining("Sign in").hasMessageContaining("HTTP 200");
    }

    @Test
    void secretsNeverReachTheDebugLogOrAMessage() throws Exception {
        Logger logger = Logger.getLogger(CallExecutor.LOGGER_NAME);
        List<String> lines = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                lines.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Level previous = logger.getLevel();
        logger.setLevel(Level.FINE);
        logger.addHandler(capture);
        ObjectNode body = (ObjectNode) new ObjectMapper().readTree("{\"name\":\"train-1\",\"jobSpec\":"
                + "{\"image\":\"r/i:1\",\"imageConfig\":{\"username\":\"u\",\"password\":\"" + PASSWORD + "\"}}}");
        JobSpec spec = new JobSpec() {
            @Override
            public PlatformKind platform() {
                return PlatformKind.AIHC;
            }

            @Override
            public String name() {
                return "train-1";
            }

            @Override
            public ObjectNode body() {
                return body.deepCopy();
            }
        };
        List<String> messages = new ArrayList<>();
        try {
            server.enqueue(new MockResponse.Builder().code(403)
                    .body("{\"code\":\"SignatureDoesNotMatch\",\"message\":\"bad signature\"}").build());
            server.enqueue(new MockResponse.Builder().code(500).body("<html>oops</html>").build());
            server.enqueue(new MockResponse.Builder().code(500).body("<html>oops</html>").build());
            AihcClient aihc = client(FAST);
            for (Runnable call : List.<Runnable>of(() -> aihc.submit(spec, "tok-1"), () -> aihc.status(JOB))) {
                try {
                    call.run();
                } catch (PlatformException e) {
                    messages.add(e.getMessage());
                }
            }
        } finally {
            logger.removeHandler(capture);
            logger.setLevel(previous);
        }

        String log = String.join("\n", lines);
        assertThat(messages).hasSize(2);
        assertThat(log).contains("--> POST", "Authorization: ****", "x-bce-security-token: ****", "\"password\":\"****\"");
        for (String text : List.of(log, String.join("\n", messages))) {
            assertThat(text).doesNotContain(SK, TOKEN, PASSWORD, "bce-auth-v1/");
        }
    }
}

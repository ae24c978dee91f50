package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** The debug log shows requests and responses but never a secret, and neither do exception messages. */
// Isolated: turns the HTTP debug logger on and reads what it collects (junit-platform.properties runs other classes
// concurrently).
@Isolated
class CallExecutorLoggingTest {

    private static final String AUTH = "bce-auth-v1/ak/2026/1800/host/sig-SECRET-1";
    private static final String TOKEN = "sts-SECRET-2";
    private static final String PASSWORD = "registry-SECRET-3";
    private static final String QUERY_SECRET = "query-SECRET-4";

    @StartStop
    private final MockWebServer server = new MockWebServer();

    @Test
    void secretsAreMaskedInTheDebugLogAndAbsentFromMessages() {
        server.enqueue(new MockResponse.Builder()
                .code(403)
                .addHeader("Set-Cookie", "session=" + TOKEN)
                .body("{\"code\":\"AccessDenied\",\"echo\":{\"password\":\"" + PASSWORD + "\"}}")
                .build());
        CallExecutor executor = CallExecutor.builder(
                        PlatformKind.AIHC,
                        HttpSettings.defaults().withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1)))
                .signer((request, now) -> request.newBuilder()
                        .header("Authorization", AUTH)
                        .header("x-bce-security-token", TOKEN)
                        .build())
                .build();
        ObjectNode body = new ObjectMapper().createObjectNode().put("name", "job-1");
        body.putObject("jobSpec").putObject("imageConfig").put("username", "u").put("password", PASSWORD);

        String log;
        try (executor;
                DebugLog debug = DebugLog.capture()) {
            assertThatThrownBy(() -> executor.execute(
                            ApiCall.create("POST /jobs", server.url("/jobs?pool=p&signature=" + QUERY_SECRET), body)))
                    .isInstanceOfSatisfying(AuthenticationException.class, e -> assertThat(e.getMessage())
                            .contains("HTTP 403")
                            .doesNotContain(AUTH, "sig-SECRET", TOKEN, PASSWORD, QUERY_SECRET));
            log = debug.text();
        }

        assertThat(log)
                .contains(
                        "--> POST", "<-- 403", "pool=p", "job-1", "Authorization: ****", "x-bce-security-token: ****");
        assertThat(log).doesNotContain("sig-SECRET", TOKEN, PASSWORD, QUERY_SECRET);
    }
}

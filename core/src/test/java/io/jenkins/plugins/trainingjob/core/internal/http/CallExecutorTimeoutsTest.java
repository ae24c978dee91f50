package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A silent endpoint (accepts, never answers): the error names the endpoint and the timeout that ran out,
 * and the call timeout bounds the attempts together, so many allowed attempts do not multiply the wait.
 */
class CallExecutorTimeoutsTest {

    private ServerSocket silent;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private CallExecutor executor;

    @BeforeEach
    void open() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(
                () -> {
                    while (!silent.isClosed()) {
                        try {
                            accepted.add(silent.accept());
                            connections.incrementAndGet();
                        } catch (IOException closed) {
                            return;
                        }
                    }
                },
                "silent-endpoint");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void close() throws IOException {
        if (executor != null) {
            executor.close();
        }
        silent.close();
        for (Socket s : accepted) {
            s.close();
        }
    }

    private CallExecutor executor(HttpSettings settings) {
        executor = CallExecutor.builder(PlatformKind.AIHC, settings)
                .random(new SplittableRandom(1))
                .time(TimeSource.system()) // real sockets, real timeouts: the back-offs of 1 ms are slept too
                .build();
        return executor;
    }

    private HttpUrl url() {
        return HttpUrl.get("http://127.0.0.1:" + silent.getLocalPort() + "/api/v1/aijobs/j-1");
    }

    @Test
    void aReadTimeoutNamesTheEndpointAndTheReadTimeout() {
        HttpSettings oneAttempt = new HttpSettings(
                Duration.ofSeconds(2),
                Duration.ofMillis(300),
                Duration.ofSeconds(30),
                1,
                Duration.ofMillis(1),
                Duration.ofMillis(1),
                null,
                4096);

        assertThatThrownBy(() -> executor(oneAttempt).execute(ApiCall.get("GET /api/v1/aijobs/{jobId}", url())))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("no answer from http://127.0.0.1:" + silent.getLocalPort()
                        + " within the read timeout of 300ms");
    }

    @Test
    void theCallTimeoutBoundsEveryAttemptTogether() {
        // 50 attempts of a 300 ms read timeout would take 15 s; the call timeout stops them at 1 s.
        HttpSettings manyAttempts = new HttpSettings(
                Duration.ofSeconds(2),
                Duration.ofMillis(300),
                Duration.ofSeconds(1),
                50,
                Duration.ofMillis(1),
                Duration.ofMillis(1),
                null,
                4096);

        assertThatThrownBy(() -> executor(manyAttempts).execute(ApiCall.get("GET /api/v1/aijobs/{jobId}", url())))
                .isInstanceOf(TransientException.class)
                .hasMessageContaining("http://127.0.0.1:" + silent.getLocalPort())
                .hasMessageContaining("timeout");
        org.assertj.core.api.Assertions.assertThat(connections.get())
                .as("attempts made")
                .isLessThan(50);
    }
}

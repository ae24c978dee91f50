package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An {@code https://} endpoint that speaks plain HTTP (the simulator, a local proxy) reads the ClientHello as
 * a request line and never answers, so the handshake used to wait out the read timeout on every retry: 120 s
 * of silence (review newcomer-release-3 P21). The handshake is now bounded, and an endpoint that answers a
 * plain request in HTTP is named at once; one that does not is retried as before, its handshakes given
 * more time.
 */
class PlainHttpBehindHttpsTest {

    private static final HttpSettings SETTINGS = new HttpSettings(
            Duration.ofMillis(1500),
            Duration.ofSeconds(60),
            Duration.ofSeconds(120),
            2,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            4096);

    private final List<Socket> held = new CopyOnWriteArrayList<>();
    private final AtomicInteger handshakes = new AtomicInteger();
    private final AtomicInteger plainRequests = new AtomicInteger();
    private ServerSocket server;
    private CallExecutor executor;

    /** A server that never answers a ClientHello, and answers a plain request in HTTP when {@code http}. */
    private int serve(boolean http) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(
                () -> {
                    while (!server.isClosed()) {
                        try {
                            Socket s = server.accept();
                            held.add(s);
                            InputStream in = s.getInputStream();
                            int first = in.read();
                            if (first == 0x16) {
                                handshakes.incrementAndGet(); // a TLS record: read as a request line, no answer
                            } else if (first == 'H') {
                                plainRequests.incrementAndGet();
                                if (http) {
                                    s.getOutputStream()
                                            .write("HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n"
                                                    .getBytes(StandardCharsets.US_ASCII));
                                    s.close();
                                }
                            }
                        } catch (IOException closed) {
                            return;
                        }
                    }
                },
                "tls-to-plain-http");
        t.setDaemon(true);
        t.start();
        return server.getLocalPort();
    }

    @AfterEach
    void close() throws IOException {
        if (executor != null) {
            executor.close();
        }
        if (server != null) {
            server.close();
        }
        for (Socket s : held) {
            s.close();
        }
    }

    private CallExecutor executor(OkHttpClient client) {
        executor = CallExecutor.builder(PlatformKind.AIHC, SETTINGS)
                .client(client)
                .signer((request, now) -> request)
                .time(new ManualClock())
                .build();
        return executor;
    }

    @Test
    void anHttpsEndpointThatAnswersInPlainHttpIsNamedAtOnceWithTheUrlToUse() throws Exception {
        int port = serve(true);
        HttpUrl url = HttpUrl.get("https://127.0.0.1:" + port + "/api/v1/aijobs");

        assertThatThrownBy(() -> executor(HttpClientFactory.create(SETTINGS)).execute(ApiCall.get("list", url)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("https://127.0.0.1:" + port + " speaks plain HTTP, not TLS")
                .hasMessageContaining("'HTTP/1.0 404 Not Found'")
                .hasMessageContaining("use http://127.0.0.1:" + port);
        assertThat(handshakes).as("not retried: the scheme is wrong").hasValue(1);
        assertThat(plainRequests).hasValue(1);
    }

    @Test
    void anEndpointThatAnswersNeitherIsRetriedAndItsHandshakesGetTheConnectTimeout() throws Exception {
        int port = serve(false);
        HttpUrl url = HttpUrl.get("https://127.0.0.1:" + port + "/api/v1/aijobs");
        OkHttpClient client = HttpClientFactory.create(SETTINGS);
        HandshakeTimeoutSocketFactory bounded = (HandshakeTimeoutSocketFactory) client.sslSocketFactory();
        assertThat(bounded.timeoutFor("127.0.0.1", port)).isEqualTo(HandshakeTimeoutSocketFactory.LOOPBACK);

        assertThatThrownBy(() -> executor(client).execute(ApiCall.get("list", url)))
                .isInstanceOf(TransientException.class);
        assertThat(handshakes).as("a slow TLS server is given its retry").hasValue(2);
        assertThat(bounded.timeoutFor("127.0.0.1", port)).isEqualTo(SETTINGS.connectTimeout());
    }

    @Test
    void onlyLoopbackLiteralsGetTheOneSecondHandshake() {
        HandshakeTimeoutSocketFactory f = new HandshakeTimeoutSocketFactory(null, Duration.ofSeconds(10));
        assertThat(f.timeoutFor("127.0.0.1", 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(f.timeoutFor("127.8.9.10", 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(f.timeoutFor("localhost", 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(f.timeoutFor("::1", 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(f.timeoutFor("aihc.bj.baidubce.com", 1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(f.timeoutFor("10.0.0.1", 1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(new HandshakeTimeoutSocketFactory(null, Duration.ofMillis(500)).timeoutFor("127.0.0.1", 1))
                .as("never longer than the connect timeout")
                .isEqualTo(Duration.ofMillis(500));
    }
}

package io.jenkins.plugins.trainingjob.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * B5: an endpoint that accepts connections and never answers (a black-holing proxy, a TLS port spoken
 * to in plain HTTP). One-shot commands end within their call timeout with one line naming the endpoint
 * and the timeout that ran out. The timeouts are a few hundred milliseconds: a timeout that runs out proves
 * the same at 300 ms as at 3 s, and the tests wait each of them in real time.
 */
class SilentEndpointTest {

    @TempDir
    Path dir;

    private ServerSocket silent;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private Thread acceptor;
    private CliHarness cli;
    private String endpoint;

    @BeforeEach
    void openASilentEndpoint() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        endpoint = "http://127.0.0.1:" + silent.getLocalPort();
        acceptor = new Thread(
                () -> {
                    while (!silent.isClosed()) {
                        try {
                            accepted.add(silent.accept()); // and never a byte back
                        } catch (IOException closed) {
                            return;
                        }
                    }
                },
                "silent-endpoint");
        acceptor.setDaemon(true);
        acceptor.start();
        cli = new CliHarness(dir.resolve("home"));
        cli.env.put("TRAINJOB_PLATFORM", "aihc");
        cli.env.put("TRAINJOB_ENDPOINT", endpoint);
        cli.env.put("TRAINJOB_RESOURCE_POOL", "cce-x");
        cli.env.put("TRAINJOB_ACCESS_KEY", "ak");
        cli.env.put("TRAINJOB_SECRET_KEY", "sk-not-shown");
    }

    @AfterEach
    void close() throws IOException {
        silent.close();
        for (Socket s : accepted) {
            s.close();
        }
    }

    @Test
    void statusEndsWithOneLineNamingTheEndpointAndTheTimeout() {
        cli.run("status", "pytorchjob-x", "--read-timeout", "300ms", "--call-timeout", "600ms")
                .failsWithOneLine(5, "GET /api/v1/aijobs/{jobId}", endpoint, "timeout");
    }

    @Test
    void cancelEndsTheSameWay() {
        cli.run("cancel", "pytorchjob-x", "--read-timeout", "300ms", "--call-timeout", "600ms")
                .failsWithOneLine(5, endpoint, "timeout");
    }

    @Test
    void diagnoseByIdEndsTheSameWay() {
        cli.run(
                        "diagnose",
                        "--id",
                        "diag-1",
                        "--read-timeout",
                        "300ms",
                        "--call-timeout",
                        "600ms",
                        "--diagnosis-timeout",
                        "5s")
                .failsWithOneLine(5, endpoint, "timeout");
    }

    @Test
    void theTimeoutsCanComeFromTheEnvironment() {
        cli.env.put("TRAINJOB_READ_TIMEOUT", "300ms");
        cli.env.put("TRAINJOB_CALL_TIMEOUT", "600ms");
        cli.run("status", "pytorchjob-x").failsWithOneLine(5, endpoint, "timeout");
    }

    @Test
    void aBadTimeoutIsInvalidInputNamingWhereItCameFrom() {
        cli.env.put("TRAINJOB_READ_TIMEOUT", "10");
        cli.run("status", "pytorchjob-x").failsWithOneLine(2, "TRAINJOB_READ_TIMEOUT", "--read-timeout");
    }
}

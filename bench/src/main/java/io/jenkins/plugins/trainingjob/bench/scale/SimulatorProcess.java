package io.jenkins.plugins.trainingjob.bench.scale;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simulator in its own JVM on 127.0.0.1 and a free port, so that its threads and heap are not
 * counted in the client's figures. Closing it kills the process.
 */
public final class SimulatorProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

    private final Process process;
    private final URI baseUrl;

    private SimulatorProcess(Process process, URI baseUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
    }

    /** Starts the simulator with the scenario file and waits (at most 60 s) for its banner. */
    public static SimulatorProcess start(Path scenario, String heap) {
        // TCP_NODELAY on the simulator's sockets: without it the JDK HTTP server's separate header and
        // body writes meet the client's delayed ACK, and every answer waits about 40 ms.
        List<String> command = List.of(
                Jvm.java(),
                "-Xmx" + heap,
                "-Dsun.net.httpserver.nodelay=true",
                "-cp",
                Jvm.classpath(),
                "io.jenkins.plugins.trainingjob.simulator.SimulatorMain",
                "--scenario",
                scenario.toString(),
                "--port",
                "0");
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the simulator: " + e.getMessage(), e);
        }
        CompletableFuture<URI> url = new CompletableFuture<>();
        Thread drain = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            Matcher m = LISTENING.matcher(line);
                            if (m.find()) {
                                url.complete(URI.create(m.group(1)));
                            } else if (!url.isDone()) {
                                System.err.println("simulator: " + line);
                            }
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                    url.completeExceptionally(new IllegalStateException("the simulator exited before it listened"));
                },
                "simulator-output");
        drain.setDaemon(true);
        drain.start();
        try {
            return new SimulatorProcess(p, url.get(60, TimeUnit.SECONDS));
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            p.destroyForcibly();
            throw new IllegalStateException("the simulator did not start: " + e, e);
        }
    }

    public URI baseUrl() {
        return baseUrl;
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

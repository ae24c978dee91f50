package io.jenkins.plugins.trainingjob.bench.scale;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Figure 1, scale of waiting: for each N, the same N-job wait done by our monitor and by the
 * thread-per-job baseline, each in a fresh client JVM of its own against the simulator process.
 */
public final class ScaleFigure {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The monitor side with every watch estimating its job's start (figure 1's history reads). */
    public static final String MONITOR_ESTIMATING = "monitor-eta";

    private final URI endpoint;
    private final SimulatorAdmin admin;
    private final long pollMs;
    private final int pageSize;
    private final int steadyRounds;

    public ScaleFigure(URI endpoint, long pollMs, int pageSize, int steadyRounds) {
        this.endpoint = endpoint;
        this.admin = new SimulatorAdmin(endpoint);
        this.pollMs = pollMs;
        this.pageSize = pageSize;
        this.steadyRounds = steadyRounds;
    }

    public long pollMs() {
        return pollMs;
    }

    public int pageSize() {
        return pageSize;
    }

    /** One run: a fresh cluster, N jobs submitted and waiting, then the client process of {@code mode}. */
    public ScaleResult run(String mode, int n) throws IOException, InterruptedException {
        admin.reset();
        List<JobRef> jobs;
        long t0 = System.nanoTime();
        try (TrainingPlatform platform = TrainingPlatforms.connect(ConnectionSettings.aihc(
                endpoint, null, Credentials.of("sim-access-key", "sim-secret-key"), "cce-bench", "default"))) {
            jobs = JobSubmitter.submit(platform, "bench-" + mode + "-" + n, n);
        }
        System.out.printf(
                "  submitted %,d jobs in %.1f s; %s client watching...%n", n, (System.nanoTime() - t0) / 1e9, mode);
        Path ids = Files.createTempFile("bench-jobs-", ".txt");
        try {
            List<String> lines = new ArrayList<>(jobs.size());
            jobs.forEach(j -> lines.add(j.id()));
            Files.write(ids, lines);
            return runClient(mode, ids);
        } finally {
            Files.deleteIfExists(ids);
        }
    }

    private ScaleResult runClient(String mode, Path ids) throws IOException, InterruptedException {
        List<String> command = List.of(
                Jvm.java(),
                "-Xmx1g",
                "-cp",
                Jvm.classpath(),
                WatchRun.class.getName(),
                endpoint.toString(),
                ids.toString(),
                mode,
                Long.toString(pollMs),
                Integer.toString(pageSize),
                Integer.toString(steadyRounds));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String result = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("RESULT ")) {
                    result = line.substring("RESULT ".length());
                } else {
                    System.out.println("    [" + mode + "] " + line);
                }
            }
        } finally {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        if (result == null) {
            throw new IllegalStateException("the " + mode + " client exited " + p.exitValue() + " without a result");
        }
        return JSON.readValue(result, ScaleResult.class);
    }
}

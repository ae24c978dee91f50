package io.jenkins.plugins.trainingjob.simulator;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.aihc.BceV1Signer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not a test: a load target for measuring status-request throughput. Starts the {@code tiny} scenario on
 * 127.0.0.1, submits one long-running AIHC job, prints a {@code wrk} command with a pre-signed
 * Authorization (valid for 30 minutes) for its status URL, and keeps serving for the given seconds.
 *
 * <pre>java -cp ... StatusThroughputBench [seconds]</pre>
 */
public final class StatusThroughputBench {

    private StatusThroughputBench() {}

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        try (Simulator sim = Simulator.start(Scenario.bundled("tiny"))) {
            ConnectionSettings settings = ConnectionSettings.aihc(
                    sim.baseUrl(), null, Credentials.of("sim-access-key", "sim-secret-key"), "cce-tiny", null);
            JobRef job;
            try (AihcClient client = AihcClient.create(settings)) {
                job = client.submit(SimSpecs.aihc("bench", "default", 2, 1, "SIM_RUN_SECONDS", "100000"), "bench");
            }
            String path = "/api/v1/aijobs/" + job.id();
            String host = "127.0.0.1:" + sim.port();
            Instant now = Instant.now();
            Map<String, String> headers = new TreeMap<>(Map.of("host", host, "x-bce-date", BceV1Signer.timestamp(now)));
            String auth = BceV1Signer.authorize(
                            "sim-access-key",
                            "sim-secret-key",
                            "GET",
                            path,
                            List.of(Map.entry("resourcePoolId", "cce-tiny")),
                            headers,
                            now,
                            1800,
                            List.of("host", "x-bce-date"))
                    .toString();
            System.out.println("wrk -t2 -c32 -d10s -H 'x-bce-date: " + headers.get("x-bce-date")
                    + "' -H 'Authorization: " + auth + "' 'http://" + host + path + "?resourcePoolId=cce-tiny'");
            System.out.flush();
            Thread.sleep(Duration.ofSeconds(seconds).toMillis());
        }
    }
}

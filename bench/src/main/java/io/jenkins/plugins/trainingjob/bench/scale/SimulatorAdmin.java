package io.jenkins.plugins.trainingjob.bench.scale;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The simulator's {@code /_sim/} admin API, over plain HTTP (not counted as platform requests). */
public final class SimulatorAdmin {
    public static final String NODE = "bench-node-1";

    private final URI base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public SimulatorAdmin(URI base) {
        this.base = base;
    }

    /** Forgets every job and restores the scenario (the bench node cordoned again). */
    public void reset() {
        post("/_sim/reset");
    }

    /** Makes every waiting job schedulable: the simulator places them all before it answers. */
    public void uncordon() {
        post("/_sim/nodes/" + NODE + "/uncordon");
    }

    private void post(String path) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build();
        try {
            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("POST " + path + " answered " + r.statusCode() + ": " + r.body());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("POST " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during POST " + path, e);
        }
    }
}

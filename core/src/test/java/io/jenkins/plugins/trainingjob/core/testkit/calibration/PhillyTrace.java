package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The Philly trace subset (Microsoft, CC BY 4.0; see README.md beside the CSV): 3,034 jobs of 4+ GPUs, as
 * history jobs (created = submitted, started = first start, finished = last end). The trace's times have
 * no zone; they are read as UTC, which only shifts them all alike.
 */
public final class PhillyTrace {

    public static final String RESOURCE = "philly-multigpu-jobs.csv";
    public static final String ATTRIBUTION = "Philly trace (Microsoft; Jeon et al., USENIX ATC '19; CC BY 4.0),"
            + " jobs of 4+ GPUs only: smaller jobs and the cluster's size are not in it";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private PhillyTrace() {}

    public static List<HistoryJob> load() {
        try (InputStream in = PhillyTrace.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<HistoryJob> parse(BufferedReader r) throws IOException {
        List<HistoryJob> out = new ArrayList<>();
        String header = r.readLine();
        if (header == null || !header.startsWith("submitted_time,job_id,num_gpus,first_start_time,last_end_time")) {
            throw new IllegalStateException("unexpected header: " + header);
        }
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",", -1);
            out.add(new HistoryJob(f[1], Integer.parseInt(f[2]), time(f[0]), time(f[3]), time(f[4])));
        }
        return out;
    }

    private static Instant time(String s) {
        return s.isBlank() ? null : LocalDateTime.parse(s.trim(), TIME).toInstant(ZoneOffset.UTC);
    }
}

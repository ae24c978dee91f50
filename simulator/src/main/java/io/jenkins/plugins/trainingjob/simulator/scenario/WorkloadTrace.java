package io.jenkins.plugins.trainingjob.simulator.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A workload trace as CSV: a header {@code at,pods,gpus_per_pod,run_seconds,queue} (the last column may be
 * left out), then one job per line; {@code #} starts a comment line. Times are the trace's own seconds,
 * {@code at} counted from now (negative: history). See {@link TraceJob}.
 */
public final class WorkloadTrace {

    static final String HEADER = "at,pods,gpus_per_pod,run_seconds";

    private WorkloadTrace() {}

    /** The trace's jobs; {@code source} names it in errors, which say the line and the field. */
    public static List<TraceJob> parse(String csv, String source) {
        List<TraceJob> jobs = new ArrayList<>();
        boolean header = false;
        String[] lines = csv.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "workload trace " + source + " line " + (i + 1) + ": ";
            if (!header) {
                if (!line.startsWith(HEADER)) {
                    throw new IllegalArgumentException(where + "the header must be " + HEADER + "[,queue]");
                }
                header = true;
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length < 4 || f.length > 5) {
                throw new IllegalArgumentException(
                        where + "expected 4 or 5 fields (" + HEADER + ",queue), found " + f.length);
            }
            try {
                jobs.add(new TraceJob(
                        number(f[0], "at"),
                        (int) number(f[1], "pods"),
                        (int) number(f[2], "gpus_per_pod"),
                        number(f[3], "run_seconds"),
                        f.length == 5 ? f[4] : ""));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        if (!header) {
            throw new IllegalArgumentException("workload trace " + source + ": empty (no " + HEADER + " header)");
        }
        return jobs;
    }

    private static long number(String text, String field) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + ": not a whole number: '" + text.strip() + "'");
        }
    }
}

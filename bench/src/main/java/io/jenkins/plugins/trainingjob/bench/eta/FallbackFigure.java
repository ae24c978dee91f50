package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.bench.doc.MarkedSection;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Figure 7 (fallback) as Markdown, spliced into docs/benchmarks.md between its markers like figure 6. */
public final class FallbackFigure {

    static final String BEGIN = "<!-- figure 7: fallback (BenchMain --mode fallback) -->";
    static final String END = "<!-- end of figure 7 -->";
    /**
     * The replays: 3 queues of 28 nodes (the busy queue overloaded: its home jobs wait days without fallback)
     * and of 32 (the busy queue loaded, the others light). On 24 the three together cannot keep up with the
     * trace, on 40 hardly a job waits: neither says much.
     */
    public static final List<Integer> NODES_PER_QUEUE = List.of(28, 32);
    /** The CLI's default pending timeout. */
    public static final Duration PENDING_TIMEOUT = Duration.ofMinutes(10);
    /** Jobs submitted in these weeks after the warm-up are measured: a subset, to keep the run short. */
    public static final Duration MEASURED = Duration.ofDays(28);

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private FallbackFigure() {}

    public static List<FallbackReplay.Result> run() {
        List<FallbackReplay.Result> out = new ArrayList<>();
        for (int n : NODES_PER_QUEUE) {
            out.add(run(n));
        }
        return out;
    }

    public static FallbackReplay.Result run(int nodesPerQueue) {
        return new FallbackReplay(
                        PhillyTrace.load(),
                        nodesPerQueue,
                        EtaCalibrationFigure.WARM_UP,
                        MEASURED,
                        io.jenkins.plugins.trainingjob.core.eta.QueueHistory.DEFAULT_WINDOW,
                        PENDING_TIMEOUT)
                .run();
    }

    public static String markdown(List<FallbackReplay.Result> results) {
        StringBuilder md = new StringBuilder();
        md.append("## Figure 7: fallback, time from submit to a running job\n\n");
        FallbackReplay.Result first = results.get(0);
        md.append("Data: ")
                .append(PhillyTrace.ATTRIBUTION)
                .append(". The trace's arrivals, sizes and run times replayed into the simulator's cluster model")
                .append(String.format(
                        Locale.ROOT,
                        " split into three queues of equal size (nodes of 8 GPUs); every trace job has a home"
                                + " queue (5 in 10 busy, 3 in 10 medium, 2 in 10 light, interleaved in arrival"
                                + " order). The first 7 days are history only; the jobs submitted from %s to %s"
                                + " are measured (a subset of the trace: later jobs are not replayed)."
                                + " The same jobs run twice in one run: without fallback (each waits in its home"
                                + " queue) and with it (the other two queues as fallback targets, chosen by"
                                + " pre-flight verdict and per-target ETA p50 with `--fallback-order best`, moved"
                                + " when still pending after the pending timeout, %s; stops are instant here)."
                                + " Time to running counts from the first submit, across moves. Most jobs start"
                                + " at once on either side, so medians are often 0: the mean and the number of"
                                + " jobs that waited a minute or more say more.%n%n",
                        DAY.format(first.from()),
                        DAY.format(first.until()),
                        minutes(first.pendingTimeout().toSeconds())));
        for (int i = 0; i < results.size(); i++) {
            table(md, (char) ('a' + i), results.get(i));
        }
        return md.toString();
    }

    private static void table(StringBuilder md, char label, FallbackReplay.Result r) {
        md.append(String.format(
                Locale.ROOT,
                "(%s) %d nodes per queue (%d GPUs each):%n%n",
                label,
                r.nodesPerQueue(),
                r.nodesPerQueue() * 8));
        md.append("| home queue | jobs | without: p50 / p90 / mean (waited 1 min+) | with fallback: p50 / p90 /"
                + " mean (waited 1 min+) | ratio with/without: p50 / p90 / mean | moves (jobs moved) | sent"
                + " elsewhere at submit |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        for (FallbackReplay.Row row : r.rows()) {
            FallbackReplay.Side a = row.without();
            FallbackReplay.Side b = row.with();
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %s / %s / %s (%d) | %s / %s / %s (%d) | %s / %s / %s | %,d (%,d) | %,d |%n",
                    row.queue(),
                    row.jobs(),
                    minutes(a.percentile(0.5)),
                    minutes(a.percentile(0.9)),
                    minutes(Math.round(a.meanSeconds())),
                    a.waitedAMinute(),
                    minutes(b.percentile(0.5)),
                    minutes(b.percentile(0.9)),
                    minutes(Math.round(b.meanSeconds())),
                    b.waitedAMinute(),
                    ratio(b.percentile(0.5), a.percentile(0.5)),
                    ratio(b.percentile(0.9), a.percentile(0.9)),
                    ratio(Math.round(b.meanSeconds()), Math.round(a.meanSeconds())),
                    b.moves(),
                    b.movedJobs(),
                    b.elsewhereAtSubmit()));
        }
        md.append(String.format(
                Locale.ROOT,
                "%nA ratio below 1: fallback got jobs running sooner; above 1: later; \"n/a\": 0 on both sides."
                        + " The replay took %.0f s.",
                r.seconds()));
        // Said in words where fallback did not help: the jobs that moved took nodes from a queue's own jobs.
        List<String> worse = new ArrayList<>();
        for (FallbackReplay.Row row : r.rows()) {
            if (!row.queue().equals("all")
                    && row.with().meanSeconds() > row.without().meanSeconds()) {
                worse.add(String.format(
                        Locale.ROOT,
                        "%s (mean %s without, %s with)",
                        row.queue(),
                        minutes(Math.round(row.without().meanSeconds())),
                        minutes(Math.round(row.with().meanSeconds()))));
            }
        }
        md.append(
                worse.isEmpty()
                        ? " Fallback shortened the mean wait of every home queue.\n\n"
                        : " Fallback did not help every queue: the home jobs of " + String.join(" and ", worse)
                                + " waited longer, because the jobs that moved there took their nodes.\n\n");
    }

    private static String ratio(long with, long without) {
        if (without == 0) {
            return with == 0 ? "n/a" : "worse (from 0)";
        }
        return String.format(Locale.ROOT, "%.2f", (double) with / without);
    }

    private static String minutes(long seconds) {
        if (seconds == Long.MAX_VALUE) {
            return "never";
        }
        return seconds >= 7200
                ? String.format(Locale.ROOT, "%.1f h", seconds / 3600.0)
                : String.format(Locale.ROOT, "%.1f min", seconds / 60.0);
    }

    public static String splice(String document, String section) {
        return MarkedSection.splice(document, BEGIN, END, section);
    }
}

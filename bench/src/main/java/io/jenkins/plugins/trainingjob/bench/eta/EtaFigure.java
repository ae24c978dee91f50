package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.bench.doc.MarkedSection;
import io.jenkins.plugins.trainingjob.bench.figures.Machine;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Figure 6 as Markdown, spliced into docs/benchmarks.md between its markers like figure 5. */
public final class EtaFigure {

    static final String BEGIN = "<!-- figure 6: eta (BenchMain --mode eta) -->";
    static final String END = "<!-- end of figure 6 -->";
    static final double COVERAGE_LOW = 0.70;
    static final double COVERAGE_HIGH = 0.90;
    static final double TIME_TARGET_MS = 100;
    static final long HEAP_TARGET_BYTES = 64L << 20;

    private EtaFigure() {}

    public static String markdown(EtaCalibrationFigure.Result cal, EtaCostFigure.Result cost) {
        StringBuilder md = new StringBuilder();
        md.append("## Figure 6: ETA calibration and cost\n\n");
        md.append("Data: ")
                .append(PhillyTrace.ATTRIBUTION)
                .append(". 3,034 jobs, 2017-09-04 to 2017-12-22;")
                .append(" the first 7 days are history only. Scored: jobs that waited at least 1 min. Coverage is")
                .append(" the share of real waits inside [p10, p90] (goal 70-90 %); width is p90 - p10; errors are")
                .append(" medians of |p50 - real| and |ln(p50 / real)| (p50 floored at 1 s). Point predictors give")
                .append(" p10 = p50 = p90.\n\n");
        table(
                md,
                "(a) The trace alone, at the submit: each predictor sees the jobs as the trace shows them at"
                        + " that instant (7-day window); capacity unknown to all (the trace has no cluster size)",
                cal.traceAtSubmit());
        table(
                md,
                "(b) The trace alone, at the tool's first poll 30 s after the submit, for a job still pending"
                        + " then (a job that started sooner is shown no ETA); same data and rules as (a)",
                cal.traceAtFirstPoll());
        WorkloadReplay.Result r = cal.replay();
        table(
                md,
                String.format(
                        Locale.ROOT,
                        "(c) The simulator's workload mode: the trace's arrivals, sizes (pods"
                                + " of up to 8 GPUs) and run times replayed into the simulator's cluster model (%d nodes of 8 GPUs;"
                                + " priority then age, gangs, backfill) on a manual clock; each predictor sees the list and the"
                                + " inventory at the submit. Replay: %,d jobs scored of %,d, wait p50 %s, p90 %s",
                        cal.replayNodes(),
                        r.waitedAMinute(),
                        r.jobs(),
                        mins(r.medianWaitSeconds()),
                        mins(r.p90WaitSeconds())),
                r.scores());
        md.append(String.format(Locale.ROOT, "Calibration took %.0f s.%n%n", cal.seconds()));
        md.append(String.format(
                        Locale.ROOT,
                        "(d) Cost, on %s (load average %.1f when it ran), synthetic queue (",
                        Machine.current().describe(),
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                                .getSystemLoadAverage()))
                .append(String.format(Locale.ROOT, "%,d", EtaCostFigure.HISTORY_JOBS))
                .append(" jobs over 7 days, ")
                .append(String.format(Locale.ROOT, "%,d", EtaCostFigure.NODES))
                .append(" nodes of 8 GPUs):\n\n");
        md.append("| measure | value | target | met |\n|---|---|---|---|\n");
        md.append(String.format(
                Locale.ROOT,
                "| one ETA, CPU time, median of %d runs | %.1f ms | < %.0f ms | %s |%n",
                EtaCostFigure.RUNS,
                cost.medianCpuMs(),
                TIME_TARGET_MS,
                cost.medianCpuMs() < TIME_TARGET_MS ? "yes" : "NO"));
        md.append(String.format(
                Locale.ROOT,
                "| one ETA, wall time, median of %d runs (max) | %.1f ms (%.1f ms) | < %.0f ms" + " | %s |%n",
                EtaCostFigure.RUNS,
                cost.medianMs(),
                cost.maxMs(),
                TIME_TARGET_MS,
                cost.medianMs() < TIME_TARGET_MS ? "yes" : "NO"));
        md.append(String.format(
                Locale.ROOT,
                "| bytes allocated by one ETA | %.1f MB | < 64 MB | %s |%n",
                cost.allocatedBytes() / 1048576.0,
                cost.allocatedBytes() < HEAP_TARGET_BYTES ? "yes" : "NO"));
        md.append(String.format(
                Locale.ROOT,
                "| heap held by the history and the inventory | %.1f MB | < 64 MB | %s |%n",
                cost.retainedBytes() / 1048576.0,
                cost.retainedBytes() < HEAP_TARGET_BYTES ? "yes" : "NO"));
        md.append(String.format(
                Locale.ROOT,
                "| history reads for %,d watches of %d queues over %d poll rounds"
                        + " (HistoryCache; list calls) | %d reads (%d list calls of %d pages each) | %d (one per"
                        + " queue per round) | %s |%n",
                cost.watches(),
                cost.queues(),
                cost.rounds(),
                cost.listRounds(),
                cost.listCalls(),
                cost.pagesPerRead(),
                cost.queues() * cost.rounds(),
                cost.listRounds() == cost.queues() * cost.rounds() ? "yes" : "NO"));
        md.append("\nThe ETA the cost run printed: ").append(cost.eta()).append("\n\n");
        return md.toString();
    }

    /** The replay's table alone, for choosing the replay cluster's size. */
    public static String replayOnly(int nodes) {
        WorkloadReplay.Result r = new WorkloadReplay(
                        PhillyTrace.load(),
                        nodes,
                        EtaCalibrationFigure.WARM_UP,
                        io.jenkins.plugins.trainingjob.core.eta.QueueHistory.DEFAULT_WINDOW)
                .run(io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors.all());
        StringBuilder md = new StringBuilder();
        table(
                md,
                String.format(
                        Locale.ROOT,
                        "Replay on %d nodes: %,d scored of %,d, wait p50 %s, p90 %s",
                        nodes,
                        r.waitedAMinute(),
                        r.jobs(),
                        mins(r.medianWaitSeconds()),
                        mins(r.p90WaitSeconds())),
                r.scores());
        return md.toString();
    }

    private static void table(StringBuilder md, String title, Map<String, Score> scores) {
        md.append(title).append(".\n\n");
        md.append("| predictor | jobs scored (no answer) | coverage [p10, p90] | mean width | median abs. error of p50"
                + " | median abs. ln(p50/real) |\n|---|---|---|---|---|---|\n");
        List<Score> all = new ArrayList<>(scores.values());
        for (Score s : all) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d (%d) | %.1f %% | %s | %.1f min | %.2f |%n",
                    s.predictor(),
                    s.scored(),
                    s.noAnswer(),
                    100 * s.coverage(),
                    minutes(s.meanWidthMinutes()),
                    s.medianAbsErrorMinutes(),
                    s.medianAbsLogRatio()));
        }
        Score ours = all.get(0);
        boolean inBand = ours.coverage() >= COVERAGE_LOW && ours.coverage() <= COVERAGE_HIGH;
        List<String> lostTo = new ArrayList<>();
        for (Score peer : all.subList(1, all.size())) {
            if (!(ours.medianAbsErrorMinutes() < peer.medianAbsErrorMinutes()
                    && ours.medianAbsLogRatio() < peer.medianAbsLogRatio())) {
                lostTo.add(peer.predictor());
            }
        }
        md.append("\nOurs: coverage in 70-90 %: ")
                .append(inBand ? "yes" : "**NO**")
                .append("; beats all three peers on p50 error (minutes and log): ")
                .append(
                        lostTo.isEmpty()
                                ? "yes"
                                : "**NO** (not on both measures against: " + String.join("; ", lostTo) + ")")
                .append(".\n\n");
    }

    private static String minutes(double m) {
        return m >= 120 ? String.format(Locale.ROOT, "%.1f h", m / 60) : String.format(Locale.ROOT, "%.0f min", m);
    }

    private static String mins(long seconds) {
        return seconds >= 7200
                ? String.format(Locale.ROOT, "%.1f h", seconds / 3600.0)
                : String.format(Locale.ROOT, "%.1f min", seconds / 60.0);
    }

    public static String splice(String document, String section) {
        return MarkedSection.splice(document, BEGIN, END, section);
    }
}

package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.bench.doc.MarkedSection;
import io.jenkins.plugins.trainingjob.bench.figures.Machine;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Cases;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Look;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Protocol;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Figure 6 as Markdown, spliced into docs/benchmarks.md between its markers like figure 5. */
public final class EtaFigure {

    static final String BEGIN = "<!-- figure 6: eta (BenchMain --mode eta) -->";
    static final String END = "<!-- end of figure 6 -->";
    static final double TIME_TARGET_MS = 100;
    static final long HEAP_TARGET_BYTES = 64L << 20;
    /** One estimate when the round's history already holds what it needs (the cache's target). */
    static final double WARM_TARGET_MS = 5;

    static final long WARM_TARGET_BYTES = 2L << 20;
    /** A poll round of 1,000 watches of one queue, CPU time in all. */
    static final double ROUND_TARGET_MS = 2_000;

    private EtaFigure() {}

    public static String markdown(EtaCalibrationFigure.Result cal, EtaCostFigure.Result cost) {
        StringBuilder md = new StringBuilder();
        md.append("## Figure 6: ETA calibration and cost\n\n");
        md.append(EtaProtocolText.intro());
        Cases report = cal.trace().select(Protocol.Period.REPORT.holds());
        md.append(EtaTargets.markdown(report));
        section(md, "(a) The trace alone, " + Protocol.Period.REPORT.label(), cal.trace(), Protocol.Period.REPORT);
        section(md, "(b) The trace alone, " + Protocol.Period.TUNING.label(), cal.trace(), Protocol.Period.TUNING);
        WorkloadReplay.Result r = cal.replay();
        String replay = String.format(
                Locale.ROOT,
                "(c) The simulator's workload mode: the trace's arrivals, sizes (pods of up to 8 GPUs) and run times"
                        + " replayed into the simulator's cluster model (%d nodes of 8 GPUs; priority then age, gangs,"
                        + " backfill) on a manual clock; each predictor sees the list and the inventory at the look."
                        + " Replay: %,d jobs after the warm-up, %,d waited a minute or more, wait p50 %s, p90 %s",
                cal.replayNodes(),
                r.jobs(),
                r.waitedAMinute(),
                duration(r.medianWaitSeconds()),
                duration(r.p90WaitSeconds()));
        section(md, replay + "; " + Protocol.Period.REPORT.label(), r.cases(), Protocol.Period.REPORT);
        section(md, "(c, continued) The replay, " + Protocol.Period.TUNING.label(), r.cases(), Protocol.Period.TUNING);
        md.append(String.format(Locale.ROOT, "Calibration took %.0f s.%n%n", cal.seconds()));
        md.append(EtaProtocolText.tuned());
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
        md.append(costTable(cost));
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

    /** The cost measures, one row each, with their targets (the history reads follow). */
    public static String costTable(EtaCostFigure.Result cost) {
        StringBuilder md = new StringBuilder("| measure | value | target | met |\n|---|---|---|---|\n");
        one(md, "the first on a round's history (nothing shared yet)", cost.firstOfRound(), false);
        one(
                md,
                "another watch of the queue asked at its age this round (the calibration's replays shared)",
                cost.sameAge(),
                true);
        one(md, "at an age not asked yet this round (the timeline shared)", cost.newAge(), false);
        round(md, "created at distinct seconds over the last " + EtaCostFigure.SPREAD_HOURS + " hours", cost.spread());
        round(md, "a sweep submitted within " + EtaCostFigure.BURST_SECONDS + " s", cost.burst());
        md.append(String.format(
                Locale.ROOT,
                "| heap the round's history then holds for its estimates (the timeline, the replays of the"
                        + " last ages asked), the first of those rounds | %s | < 64 MB | %s |%n",
                megabytes(cost.spread().heldBytes()),
                met(cost.spread().heldBytes() < HEAP_TARGET_BYTES)));
        md.append(String.format(
                Locale.ROOT,
                "| heap held by the history and the inventory | %s | < 64 MB | %s |%n",
                megabytes(cost.retainedBytes()),
                met(cost.retainedBytes() < HEAP_TARGET_BYTES)));
        return md.toString();
    }

    /** One estimate's rows: against the cache's targets when {@code shared}, else the first round's. */
    private static void one(StringBuilder md, String which, EtaCostFigure.Cost c, boolean shared) {
        boolean timeMet = shared ? c.medianCpuMs() <= WARM_TARGET_MS : c.medianCpuMs() < TIME_TARGET_MS;
        boolean bytesMet = shared ? c.allocatedBytes() <= WARM_TARGET_BYTES : c.allocatedBytes() < HEAP_TARGET_BYTES;
        md.append(String.format(
                Locale.ROOT,
                "| one ETA, %s: CPU time, median of %d runs | %.2f ms | %s | %s |%n",
                which,
                EtaCostFigure.RUNS,
                c.medianCpuMs(),
                String.format(
                        Locale.ROOT, shared ? "<= %.0f ms" : "< %.0f ms", shared ? WARM_TARGET_MS : TIME_TARGET_MS),
                met(timeMet)));
        md.append(String.format(
                Locale.ROOT,
                "| the same, wall time, median (max) | %.2f ms (%.1f ms) | | |%n",
                c.medianMs(),
                c.maxMs()));
        md.append(String.format(
                Locale.ROOT,
                "| the same, bytes allocated (the most of one run) | %s | %s | %s |%n",
                megabytes(c.allocatedBytes()),
                shared ? "<= " + megabytes(WARM_TARGET_BYTES) : "< " + (HEAP_TARGET_BYTES >> 20) + " MB",
                met(bytesMet)));
    }

    private static void round(StringBuilder md, String how, EtaCostFigure.Round r) {
        md.append(String.format(
                Locale.ROOT,
                "| one poll round of %,d watches of the queue, %s (%,d ages): CPU time in all (per watch; bytes"
                        + " allocated per watch) | %.2f s (%.1f ms; %s) | <= %.0f s | %s |%n",
                r.watches(),
                how,
                r.ages(),
                r.cpuMs() / 1000,
                r.cpuMs() / r.watches(),
                megabytes(r.allocatedBytes() / r.watches()),
                ROUND_TARGET_MS / 1000,
                met(r.cpuMs() <= ROUND_TARGET_MS)));
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.2f MB", bytes / 1048576.0);
    }

    private static String met(boolean met) {
        return met ? "yes" : "**NO**";
    }

    /** The replay's tables alone, for choosing the replay cluster's size. */
    public static String replayOnly(int nodes) {
        WorkloadReplay.Result r = new WorkloadReplay(
                        PhillyTrace.load(), nodes, EtaCalibrationFigure.WARM_UP, QueueHistory.DEFAULT_WINDOW)
                .run(EtaCalibrationFigure.predictors(), Look.ALL);
        StringBuilder md = new StringBuilder();
        String title = String.format(
                Locale.ROOT,
                "Replay on %d nodes: %,d jobs, %,d waited a minute, wait p50 %s, p90 %s",
                nodes,
                r.jobs(),
                r.waitedAMinute(),
                duration(r.medianWaitSeconds()),
                duration(r.p90WaitSeconds()));
        section(md, title + "; " + Protocol.Period.TUNING.label(), r.cases(), Protocol.Period.TUNING);
        return md.toString();
    }

    /** One period of one data set: a table per look, each with ours against the best peer. */
    private static void section(StringBuilder md, String title, Cases all, Protocol.Period period) {
        md.append("### ").append(title).append("\n\n");
        for (Look look : Look.ALL) {
            Cases at = Protocol.at(all, period, look);
            md.append("**").append(look.name()).append("**");
            md.append(look.after().isZero() ? ", all jobs" : ", the jobs still pending then");
            md.append(String.format(Locale.ROOT, " (%,d)", at.cases().size()));
            if (at.cases().isEmpty()) {
                md.append(": no job was still pending then.\n\n");
                continue;
            }
            md.append(":\n\n");
            table(md, at);
        }
    }

    private static void table(StringBuilder md, Cases at) {
        md.append("| predictor | scored (no answer) | coverage [p10, p90] (below / above) | mean width"
                + " | interval score, 10x (20x) | median abs. ln(p50/real) | median abs. p50 - real |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (String p : tablePredictors(at)) {
            Score s = Score.of(p, at);
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d (%d) | %s | %s | %s (%s) | %s | %s |%n",
                    p,
                    s.scored(),
                    s.noAnswer(),
                    s.scored() == 0
                            ? "-"
                            : String.format(
                                    Locale.ROOT,
                                    "%.1f %% (%.0f / %.0f)",
                                    100 * s.coverage(),
                                    100 * s.below(),
                                    100 * s.above()),
                    duration(s.meanWidthSeconds()),
                    duration(s.meanIntervalScoreSeconds(Score.MISS_WEIGHT)),
                    duration(s.meanIntervalScoreSeconds(Score.ISSUE_MISS_WEIGHT)),
                    Double.isNaN(s.medianAbsLog()) ? "-" : String.format(Locale.ROOT, "%.2f", s.medianAbsLog()),
                    duration(s.medianAbsErrorSeconds())));
        }
        md.append('\n').append(EtaTargets.comparison(at)).append("\n\n");
    }

    /** Every predictor of the walk but the base rate, which states no range. */
    static List<String> tablePredictors(Cases at) {
        List<String> out = new ArrayList<>(at.predictors());
        out.remove(Predictors.windowBaseRate().name());
        return out;
    }

    /** Seconds as people read a wait: "45 s", "12.5 min", "3.2 h". */
    static String duration(double seconds) {
        if (Double.isNaN(seconds)) {
            return "-";
        }
        if (seconds < 60) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        return seconds < 7200
                ? String.format(Locale.ROOT, "%.1f min", seconds / 60)
                : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }

    public static String splice(String document, String section) {
        return MarkedSection.splice(document, BEGIN, END, section);
    }
}

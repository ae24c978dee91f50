package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.testkit.calibration.Brier;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Cases;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.DayBootstrap;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Look;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Protocol;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 34's done-when, checked on the cases it names (Philly, submitted from 2017-11-17 on): at every look
 * from +30 s, a median |ln| at least 20 % below the best peer's with the by-day interval of the difference
 * below zero, coverage of the pending jobs in 75-85 %, and the best interval score; at the submit, no worse
 * than the best peer and a Brier score better than the base rate's. Written as it comes out, met or not.
 */
final class EtaTargets {

    static final double LOWER_BY = 0.20;
    static final double COVERAGE_LOW = 0.75;
    static final double COVERAGE_HIGH = 0.85;
    static final long SEED = 34;

    private EtaTargets() {}

    static String ours() {
        return Predictors.ours().name();
    }

    static String markdown(Cases report) {
        StringBuilder md = new StringBuilder("Issue 34's targets, on the trace's jobs ")
                .append(Protocol.Period.REPORT.label())
                .append(":\n\n| look | target | measured | met |\n|---|---|---|---|\n");
        for (Look look : Look.ALL) {
            Cases at = Protocol.at(report, Protocol.Period.REPORT, look);
            String peer = bestPeer(at);
            if (peer == null) {
                row(md, look, "any", "no job to score", false);
            } else if (look.after().isZero()) {
                atSubmit(md, look, at, DayBootstrap.of(at, ours(), peer, SEED), peer);
            } else {
                atLook(md, look, at, DayBootstrap.of(at, ours(), peer, SEED), peer);
            }
        }
        return md.append('\n').toString();
    }

    private static void atLook(StringBuilder md, Look look, Cases at, DayBootstrap b, String peer) {
        row(
                md,
                look,
                "median abs. ln at least 20 % below the best peer's, by-day interval below 0",
                String.format(
                        Locale.ROOT,
                        "%s against %s (%+.2f, [%+.2f, %+.2f])",
                        percent(b.ratio()),
                        peer,
                        b.difference(),
                        b.low(),
                        b.high()),
                b.ratio() <= 1 - LOWER_BY && b.high() < 0);
        Score s = Score.of(ours(), at);
        row(
                md,
                look,
                "coverage of the pending jobs in 75-85 %",
                String.format(Locale.ROOT, "%.1f %%", 100 * s.coverage()),
                s.coverage() >= COVERAGE_LOW && s.coverage() <= COVERAGE_HIGH);
        intervalScoreRow(md, look, at);
    }

    private static void atSubmit(StringBuilder md, Look look, Cases at, DayBootstrap b, String peer) {
        row(
                md,
                look,
                "median abs. ln no worse than the best peer's",
                String.format(Locale.ROOT, "%+.2f [%+.2f, %+.2f] against %s", b.difference(), b.low(), b.high(), peer),
                b.difference() <= 0);
        Brier brier = brier(at);
        row(
                md,
                look,
                "Brier score of \"waits over 30 s\" better than the base rate's",
                String.format(
                        Locale.ROOT,
                        "%.3f against %.3f (window) and %.3f (the period's own, in hindsight)",
                        brier.score(),
                        brier.windowBaseRate(),
                        brier.hindsightBaseRate()),
                brier.score() < brier.windowBaseRate() && brier.score() < brier.hindsightBaseRate());
    }

    private static void intervalScoreRow(StringBuilder md, Look look, Cases at) {
        String best10 = String.valueOf(bestIntervalScore(at, Score.MISS_WEIGHT));
        String best20 = String.valueOf(bestIntervalScore(at, Score.ISSUE_MISS_WEIGHT));
        row(
                md,
                look,
                "best interval score of all predictors",
                String.format(
                        Locale.ROOT,
                        "10x: %s best (%s); 20x: %s best",
                        best10.equals(ours()) ? "ours" : best10,
                        EtaFigure.duration(Score.of(ours(), at).meanIntervalScoreSeconds(Score.MISS_WEIGHT)),
                        best20.equals(ours()) ? "ours" : best20),
                best10.equals(ours()));
    }

    private static void row(StringBuilder md, Look look, String target, String measured, boolean met) {
        md.append("| ")
                .append(look.name())
                .append(" | ")
                .append(target)
                .append(" | ")
                .append(measured)
                .append(" | ")
                .append(met ? "yes" : "**NO**")
                .append(" |\n");
    }

    static String bestIntervalScore(Cases at, double weight) {
        String best = null;
        double low = Double.MAX_VALUE;
        for (String p : EtaFigure.tablePredictors(at)) {
            double v = Score.of(p, at).meanIntervalScoreSeconds(weight);
            if (!Double.isNaN(v) && v < low) {
                low = v;
                best = p;
            }
        }
        return best;
    }

    static Brier brier(Cases at) {
        List<Long> real = at.cases().stream().map(Cases.Case::realWait).toList();
        return Brier.of(
                at.answers(ours()), at.answers(Predictors.windowBaseRate().name()), real);
    }

    /** The line under a table: ours against the best peer at that look, and at the submit the Brier score. */
    static String comparison(Cases at) {
        String peer = bestPeer(at);
        if (peer == null) {
            return "No job to compare on.";
        }
        DayBootstrap b = DayBootstrap.of(at, ours(), peer, SEED);
        String line = String.format(
                Locale.ROOT,
                "Ours - best peer (%s): median abs. ln %+.2f (by-day 95 %% [%+.2f, %+.2f]), %s;"
                        + " %,d paired jobs over %d days.",
                peer,
                b.difference(),
                b.low(),
                b.high(),
                percent(b.ratio()),
                b.pairs(),
                b.days());
        if (!at.cases().isEmpty() && at.cases().get(0).look().after().isZero()) {
            Brier brier = brier(at);
            line += String.format(
                    Locale.ROOT,
                    " Waits over 30 s: %.0f %% of %,d; Brier score ours %.3f, window base rate %.3f, the period's"
                            + " own base rate (hindsight) %.3f.",
                    100 * brier.share(),
                    brier.cases(),
                    brier.score(),
                    brier.windowBaseRate(),
                    brier.hindsightBaseRate());
        }
        return line;
    }

    /** A ratio of medians as a change: "-15 %"; "n/a" when the peer's median is 0 (both exact). */
    static String percent(double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio)
                ? "n/a (a median of 0)"
                : String.format(Locale.ROOT, "%+.0f %%", 100 * (ratio - 1));
    }

    /** The best peer at a look: the lowest median |ln| among the table's predictors but ours. */
    static String bestPeer(Cases at) {
        List<String> peers = new ArrayList<>(EtaFigure.tablePredictors(at));
        peers.remove(ours());
        return Protocol.bestPeer(at, peers);
    }
}

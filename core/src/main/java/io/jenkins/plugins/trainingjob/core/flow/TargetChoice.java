package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where a submit with fallback targets goes first, and in which order it moves on: every target's
 * pre-flight check runs at once (bounded, so one slow pool delays the choice by at most the bound), then
 * {@link FallbackOrder} sorts them. Skipping a target acts on the user's job, so only a proven verdict
 * skips one: a pool that could not be read, or did not answer in time, is UNKNOWN and stays in the list.
 */
public final class TargetChoice {

    private TargetChoice() {}

    /**
     * A candidate and what pre-flight said of it.
     *
     * @param preflight the report, or {@code null} when pre-flight is off or did not answer
     * @param etaP50 the median wait there, when the ETA source gave one
     * @param note why there is no report (did not answer in time, failed), or empty
     */
    public record Judged(BoundTarget candidate, DiagnosisReport preflight, Optional<Duration> etaP50, String note) {

        /** The verdict, {@code null} when none was made. */
        Verdict verdict() {
            return preflight == null ? null : preflight.verdict();
        }

        /** {@code target 2 (queue=spot): FITS_NOW, ETA p50 5m}. */
        String line() {
            String v = preflight == null
                    ? (note.isEmpty() ? "not checked" : "not checked (" + note + ")")
                    : preflight.verdict().name();
            // a job that fits now waits for nothing: "no ETA" there read as a missing estimate (P24)
            String eta = etaP50.map(d -> ", ETA p50 " + DurationText.exact(d))
                    .orElse(verdict() == Verdict.FITS_NOW ? "" : ", no ETA");
            return ConsoleText.strip("target " + candidate.number() + " (" + candidate.label() + "): " + v + eta);
        }
    }

    /**
     * The order to try, and what was left out.
     *
     * @param order the targets to try, first one first; empty when every target was skipped
     * @param skipped the targets left out, each with its verdict
     * @param lines one line per target in the given order, then the line that says why the first won
     */
    public record Plan(List<Judged> order, List<Judged> skipped, List<String> lines) {
        public Plan {
            order = List.copyOf(order);
            skipped = List.copyOf(skipped);
            lines = List.copyOf(lines);
        }
    }

    /**
     * The median wait on a target, when it can be had cheaply; empty means "no ETA". {@link QueueEtaSource}
     * estimates it from each target's queue history and inventory; {@link #NONE} keeps the given order.
     */
    @FunctionalInterface
    interface EtaSource {
        EtaSource NONE = (candidate, preflight, now) -> Optional.empty();

        /** @param now the flow's time (the monitor's), which the estimate counts from */
        Optional<Duration> p50(BoundTarget candidate, DiagnosisReport preflight, Instant now);
    }

    /**
     * The ordering rule, over targets already judged (in the given order): the submit flow judges them on the
     * monitor ({@link PlanStep}); the fallback benchmark replays it over a simulated cluster.
     *
     * @param preflight {@code false}: nothing was checked, the given order is kept and nothing skipped
     * @param offSetting how the user turned pre-flight off ({@code --preflight false}), for the line that says
     *     why the first target was chosen; unused when {@code preflight}
     */
    public static Plan plan(List<Judged> judged, boolean preflight, FallbackOrder order, String offSetting) {
        List<Judged> ordered = new ArrayList<>();
        List<Judged> skipped = new ArrayList<>();
        if (!preflight) {
            ordered.addAll(judged);
        } else if (order == FallbackOrder.GIVEN) {
            for (Judged j : judged) {
                (j.verdict() == Verdict.NEVER_FITS ? skipped : ordered).add(j);
            }
        } else {
            for (Judged j : judged) {
                if (j.verdict() == Verdict.NEVER_FITS || j.verdict() == Verdict.NEEDS_ADMIN) {
                    skipped.add(j);
                }
            }
            judged.stream().filter(j -> j.verdict() == Verdict.FITS_NOW).forEach(ordered::add);
            // Stable sort: targets without an ETA keep the given order, after those with one.
            judged.stream()
                    .filter(j -> j.verdict() == Verdict.FITS_LATER)
                    .sorted(Comparator.comparing(
                            (Judged j) -> j.etaP50().orElse(null), Comparator.nullsLast(Comparator.naturalOrder())))
                    .forEach(ordered::add);
            judged.stream()
                    .filter(j -> j.verdict() == null || j.verdict() == Verdict.UNKNOWN)
                    .forEach(ordered::add);
        }
        List<String> lines = new ArrayList<>();
        for (Judged j : judged) {
            lines.add(j.line() + (skipped.contains(j) ? "; skipped" : ""));
        }
        lines.add(
                ordered.isEmpty()
                        ? "no target left to submit to: every one was skipped"
                        : why(ordered.get(0), preflight, order, offSetting));
        return new Plan(List.copyOf(ordered), List.copyOf(skipped), List.copyOf(lines));
    }

    private static String why(Judged first, boolean preflight, FallbackOrder order, String offSetting) {
        String head = "chose target " + first.candidate().number() + " ("
                + ConsoleText.strip(first.candidate().label()) + "): ";
        if (!preflight) {
            return head + "first in the given order (" + offSetting + ": nothing checked, nothing skipped)";
        }
        if (order == FallbackOrder.GIVEN) {
            return head + "first in the given order that can fit (fallback order: given)";
        }
        Verdict v = first.verdict();
        if (v == Verdict.FITS_NOW) {
            return head + "it fits now, first such in the given order";
        }
        if (v == Verdict.FITS_LATER) {
            return head + "no target fits now; "
                    + first.etaP50()
                            .map(d -> "its ETA p50 " + DurationText.exact(d) + " is the soonest")
                            .orElse("first that fits later in the given order (no ETA to compare)");
        }
        return head + "no target is known to fit; first whose fit is unknown in the given order";
    }
}

package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Where a submit with fallback targets goes first, and in which order it moves on: every target's
 * pre-flight check runs at once (bounded, so one slow pool delays the choice by at most the bound), then
 * {@link FallbackOrder} sorts them. Skipping a target acts on the user's job, so only a proven verdict
 * skips one: a pool that could not be read, or did not answer in time, is UNKNOWN and stays in the list.
 */
public final class TargetChoice {

    private TargetChoice() {}

    /**
     * One target, ready to submit to.
     *
     * @param number 1 for the primary, then the fallbacks in the given order
     * @param label the target in the user's words ({@code primary}, {@code queue=spot})
     * @param connectionId the monitor's key for {@code platform}'s connection
     */
    public record Candidate(int number, String label, TrainingPlatform platform, JobSpec spec, String connectionId) {}

    /**
     * A candidate and what pre-flight said of it.
     *
     * @param preflight the report, or {@code null} when pre-flight is off or did not answer
     * @param etaP50 the median wait there, when the ETA source gave one
     * @param note why there is no report (did not answer in time, failed), or empty
     */
    public record Judged(Candidate candidate, DiagnosisReport preflight, Optional<Duration> etaP50, String note) {

        /** The verdict, {@code null} when none was made. */
        public Verdict verdict() {
            return preflight == null ? null : preflight.verdict();
        }

        /** {@code target 2 (queue=spot): FITS_NOW, ETA p50 5m}. */
        public String line() {
            String v = preflight == null
                    ? (note.isEmpty() ? "not checked" : "not checked (" + note + ")")
                    : preflight.verdict().name();
            // a job that fits now waits for nothing: "no ETA" there read as a missing estimate (P24)
            String eta = etaP50.map(d -> ", ETA p50 " + DurationText.format(d))
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
    public interface EtaSource {
        EtaSource NONE = (candidate, preflight) -> Optional.empty();

        Optional<Duration> p50(Candidate candidate, DiagnosisReport preflight);
    }

    /**
     * Checks and orders {@code candidates} (the primary first).
     *
     * @param preflight {@code false}: nothing is checked and the given order is kept, nothing skipped
     * @param bound how long the checks may take together; a target not answered by then is UNKNOWN
     */
    public static Plan choose(
            List<Candidate> candidates, boolean preflight, FallbackOrder order, Duration bound, EtaSource eta) {
        List<Judged> judged = preflight
                ? judge(candidates, bound, eta)
                : candidates.stream()
                        .map(c -> new Judged(c, null, Optional.<Duration>empty(), "--preflight false"))
                        .toList();
        return plan(judged, preflight, order);
    }

    /**
     * The ordering rule alone, over targets already judged (in the given order): for a caller that judged
     * them itself (the fallback benchmark replays it over a simulated cluster).
     */
    public static Plan plan(List<Judged> judged, boolean preflight, FallbackOrder order) {
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
                        : why(ordered.get(0), preflight, order));
        return new Plan(List.copyOf(ordered), List.copyOf(skipped), List.copyOf(lines));
    }

    private static String why(Judged first, boolean preflight, FallbackOrder order) {
        String head = "chose target " + first.candidate().number() + " ("
                + ConsoleText.strip(first.candidate().label()) + "): ";
        if (!preflight) {
            return head + "first in the given order (--preflight false: nothing checked, nothing skipped)";
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
                            .map(d -> "its ETA p50 " + DurationText.format(d) + " is the soonest")
                            .orElse("first that fits later in the given order (no ETA to compare)");
        }
        return head + "no target is known to fit; first whose fit is unknown in the given order";
    }

    private static List<Judged> judge(List<Candidate> candidates, Duration bound, EtaSource eta) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(4, candidates.size()), r -> {
            Thread t = new Thread(r, "trainingjob-fallback-preflight");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Judged>> futures = new ArrayList<>();
            // Each verdict as soon as it is known: an ETA that is slow or fails costs the ETA, not the verdict.
            AtomicReferenceArray<DiagnosisReport> verdicts = new AtomicReferenceArray<>(candidates.size());
            for (int i = 0; i < candidates.size(); i++) {
                Candidate c = candidates.get(i);
                int at = i;
                futures.add(pool.submit(() -> {
                    DiagnosisReport report = Preflight.check(c.platform(), c.spec());
                    verdicts.set(at, report);
                    Optional<Duration> p50;
                    try {
                        p50 = eta.p50(c, report);
                    } catch (RuntimeException e) {
                        p50 = Optional.empty();
                    }
                    return new Judged(c, report, p50, "");
                }));
            }
            long deadline = System.nanoTime() + bound.toNanos();
            List<Judged> judged = new ArrayList<>();
            for (int i = 0; i < candidates.size(); i++) {
                Candidate c = candidates.get(i);
                try {
                    judged.add(futures.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
                } catch (TimeoutException e) {
                    futures.get(i).cancel(true);
                    DiagnosisReport checked = verdicts.get(i);
                    judged.add(
                            checked != null
                                    ? new Judged(c, checked, Optional.empty(), "")
                                    : new Judged(
                                            c,
                                            null,
                                            Optional.empty(),
                                            "no answer within " + DurationText.format(bound)));
                } catch (java.util.concurrent.ExecutionException e) {
                    judged.add(new Judged(
                            c,
                            null,
                            Optional.empty(),
                            ConsoleText.strip(String.valueOf(e.getCause().getMessage()))));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    judged.add(new Judged(c, null, Optional.empty(), "interrupted"));
                }
            }
            return judged;
        } finally {
            pool.shutdownNow();
        }
    }
}

package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.time.Duration;
import java.util.Objects;

/**
 * When a pending job is expected to start, from now: a range (p10, p50, p90), never a bare number, and
 * what it rests on. Or no estimate, with the reason: the history is too thin, or only an administrator can
 * make the job fit. Small on purpose, so a progress line, a report, JSON and a step's return value can all
 * carry it: {@code eta: [p10:, p50:, p90:]} in seconds plus {@link #basis}.
 *
 * @param p10 {@code null} unless {@link Kind#ESTIMATE}; likewise p50 and p90
 * @param jobsAhead waiting jobs created before this one, as far as the list shows them
 * @param gpusAhead the GPUs those jobs ask for in all (0 when the list does not say)
 * @param soonest {@code null} unless {@link Kind#ESTIMATE}: the soonest start the queue's present state allows
 *     for this job alone (the running jobs ending early, at the 10th percentile of their remaining run time
 *     given how long each has run, and a scheduler that backfills past the jobs ahead); zero when free
 *     capacity holds it now. The range comes from past waits; this comes from the jobs running now, so an
 *     early end of a wait ({@link #provablyPast}) needs both
 * @param waitsOverPoll the chance (0..1) that the job waits more than one poll ({@link EtaEstimator#POLL}),
 *     given while it has waited less than that; {@code null} otherwise or when not estimated. The range
 *     stays the whole wait's: this says how likely "at once" is, the range how long otherwise
 */
public record Eta(
        Kind kind,
        Duration p10,
        Duration p50,
        Duration p90,
        int jobsAhead,
        long gpusAhead,
        String basis,
        Duration soonest,
        Double waitsOverPoll) {

    public enum Kind {
        ESTIMATE,
        /** Too few finished jobs to say anything honest. */
        NO_BASIS,
        /** Only the pool administrator can make the job fit: waiting alone will not help. */
        NEEDS_ADMIN
    }

    public Eta {
        Objects.requireNonNull(kind, "kind");
        basis = basis == null ? "" : basis;
        if (kind == Kind.ESTIMATE) {
            Objects.requireNonNull(p10, "p10");
            Objects.requireNonNull(p50, "p50");
            Objects.requireNonNull(p90, "p90");
            Objects.requireNonNull(soonest, "soonest");
            if (p10.compareTo(p50) > 0 || p50.compareTo(p90) > 0) {
                throw new IllegalArgumentException("p10 <= p50 <= p90 must hold: " + p10 + ", " + p50 + ", " + p90);
            }
        } else if (p10 != null || p50 != null || p90 != null || soonest != null || waitsOverPoll != null) {
            throw new IllegalArgumentException(kind + " carries no range");
        }
        if (waitsOverPoll != null && !(waitsOverPoll >= 0 && waitsOverPoll <= 1)) {
            throw new IllegalArgumentException("waitsOverPoll must be in [0, 1], was " + waitsOverPoll);
        }
    }

    /** Without the chance of waiting more than one poll. */
    public Eta(
            Kind kind,
            Duration p10,
            Duration p50,
            Duration p90,
            int jobsAhead,
            long gpusAhead,
            String basis,
            Duration soonest) {
        this(kind, p10, p50, p90, jobsAhead, gpusAhead, basis, soonest, null);
    }

    /**
     * A range whose caller knows no separate bound from the running jobs: the soonest start is taken to be
     * {@code p10}.
     */
    public static Eta estimate(Duration p10, Duration p50, Duration p90, int jobsAhead, long gpusAhead, String basis) {
        return new Eta(Kind.ESTIMATE, p10, p50, p90, jobsAhead, gpusAhead, basis, p10);
    }

    public static Eta estimate(
            Duration p10, Duration p50, Duration p90, int jobsAhead, long gpusAhead, String basis, Duration soonest) {
        return new Eta(Kind.ESTIMATE, p10, p50, p90, jobsAhead, gpusAhead, basis, soonest);
    }

    public static Eta noBasis(int finishedJobs, Duration window) {
        return new Eta(
                Kind.NO_BASIS,
                null,
                null,
                null,
                0,
                0,
                "no basis for an estimate (" + Plural.count(finishedJobs, "finished job", "finished jobs") + " in "
                        + DurationWords.compact(window) + ")",
                null);
    }

    public static Eta needsAdmin() {
        return new Eta(
                Kind.NEEDS_ADMIN,
                null,
                null,
                null,
                0,
                0,
                "no estimate: only the pool administrator can make this job fit",
                null);
    }

    public boolean known() {
        return kind == Kind.ESTIMATE;
    }

    /**
     * The same estimate as it reads {@code passed} later: every end counted down, never below zero. An
     * estimate is of an instant of start, so a screen that shows it for a while counts it down rather than
     * repeat "40 min" for an hour. The chance of waiting over a poll belongs to the moment it was made for.
     */
    public Eta after(Duration passed) {
        if (!known() || passed.isNegative() || passed.isZero()) {
            return this;
        }
        return new Eta(
                kind,
                less(p10, passed),
                less(p50, passed),
                less(p90, passed),
                jobsAhead,
                gpusAhead,
                basis,
                less(soonest, passed),
                null);
    }

    private static Duration less(Duration d, Duration passed) {
        Duration left = d.minus(passed);
        return left.isNegative() ? Duration.ZERO : left;
    }

    /**
     * True when the job will not start within {@code left}, as far as evidence goes: both the optimistic end of
     * the range (p10, from past waits) and the soonest start the running jobs allow are past it. Ending a wait
     * acts on the user's job: past waits alone are no proof when the jobs running now are about to free
     * enough (a queue that was long and is now nearly free), nor is one optimistic reading of the running jobs
     * when the queue's history says otherwise.
     */
    public boolean provablyPast(Duration left) {
        return known() && p10.compareTo(left) > 0 && soonest.compareTo(left) > 0;
    }

    /** As a report carries it: seconds, the summary and the basis. */
    public WaitEstimate toReport() {
        return new WaitEstimate(
                kind.name(),
                known() ? p10.toSeconds() : null,
                known() ? p50.toSeconds() : null,
                known() ? p90.toSeconds() : null,
                jobsAhead,
                gpusAhead,
                summary(),
                basis);
    }

    /**
     * One line for a console: "expected to start in 25-70 min (p50 40 min); 3 jobs ahead need 24 GPUs", or
     * the reason there is no estimate.
     */
    public String summary() {
        if (!known()) {
            return basis;
        }
        String range = DurationWords.range(p10, p90);
        String line = "expected to start in " + range + " (p50 " + DurationWords.compact(p50) + ")";
        if (waitsOverPoll != null) {
            line += String.format(
                    java.util.Locale.ROOT,
                    "; %d %% chance it waits over %s",
                    Math.round(100 * waitsOverPoll),
                    DurationWords.compact(EtaEstimator.POLL));
        }
        if (jobsAhead > 0) {
            line += "; " + jobsAhead + (jobsAhead == 1 ? " job" : " jobs") + " ahead"
                    + (gpusAhead > 0 ? (jobsAhead == 1 ? " needs " : " need ") + gpusAhead + " GPUs" : "");
        }
        return line;
    }
}

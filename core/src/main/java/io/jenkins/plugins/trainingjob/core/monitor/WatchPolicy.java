package io.jenkins.plugins.trainingjob.core.monitor;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How to wait for one job.
 *
 * @param until what to wait for
 * @param pendingTimeout how long the job may stay queued before it is diagnosed (default 10 minutes)
 * @param diagnosisTimeout how long to wait for a diagnosis to be accepted and ready, once started
 * @param overallTimeout the whole watch's limit; {@code null} for none
 * @param pollInitial the first poll interval; it grows with jitter up to {@code pollMax}
 * @param pollMax the poll interval's cap
 * @param heartbeat how often a waiting watch tells its listener it is still waiting
 * @param maxWait the wait budget: how long the job may take to start, or {@code null} for none. When it runs
 *     out, or the optimistic estimate (p10) shows it will, the watch ends with {@link Outcome.NotStartedInBudget};
 *     with a budget, a {@code FITS_LATER} diagnosis no longer ends the wait (the budget does)
 * @param budgetStart when the budget started counting, or {@code null} for the watch's own start: a fallback
 *     move gives its next attempt the budget of the whole submit by passing the first attempt's start
 * @param estimate whether a pending job gets an ETA each poll round (reads the queue's history, shared by the
 *     watches of a connection); always on with a budget, which needs the estimate to end early
 */
public record WatchPolicy(
        WaitTarget until,
        Duration pendingTimeout,
        Duration diagnosisTimeout,
        Duration overallTimeout,
        Duration pollInitial,
        Duration pollMax,
        Duration heartbeat,
        Duration maxWait,
        Instant budgetStart,
        boolean estimate) implements Serializable {

    public WatchPolicy {
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(pendingTimeout, "pendingTimeout");
        Objects.requireNonNull(diagnosisTimeout, "diagnosisTimeout");
        Objects.requireNonNull(pollInitial, "pollInitial");
        Objects.requireNonNull(pollMax, "pollMax");
        Objects.requireNonNull(heartbeat, "heartbeat");
        requirePositive("pendingTimeout", pendingTimeout);
        requirePositive("diagnosisTimeout", diagnosisTimeout);
        requirePositive("pollInitial", pollInitial);
        requirePositive("pollMax", pollMax);
        requirePositive("heartbeat", heartbeat);
        if (overallTimeout != null) {
            requirePositive("overallTimeout", overallTimeout);
        }
        if (maxWait != null) {
            requirePositive("maxWait", maxWait);
        }
        if (pollMax.compareTo(pollInitial) < 0) {
            throw new IllegalArgumentException("pollMax (" + pollMax + ") is shorter than pollInitial (" + pollInitial + ")");
        }
    }

    /** A policy without a budget and without estimates, as before they existed. */
    public WatchPolicy(WaitTarget until, Duration pendingTimeout, Duration diagnosisTimeout, Duration overallTimeout,
                       Duration pollInitial, Duration pollMax, Duration heartbeat) {
        this(until, pendingTimeout, diagnosisTimeout, overallTimeout, pollInitial, pollMax, heartbeat, null, null,
                false);
    }

    public static WatchPolicy defaults(WaitTarget until) {
        return new WatchPolicy(until, Duration.ofMinutes(10), Duration.ofMinutes(5), null, Duration.ofSeconds(5),
                Duration.ofSeconds(30), Duration.ofMinutes(5));
    }

    /** With a wait budget counted from the watch's start ({@code null}: none). */
    public WatchPolicy withMaxWait(Duration d) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, pollInitial, pollMax, heartbeat,
                d, budgetStart, estimate);
    }

    /**
     * With a wait budget counted from {@code start}, e.g. the first attempt of a submit that moves to a fallback
     * target: the new attempt gets only what is left, and says "did not start within" the whole budget.
     */
    public WatchPolicy withBudget(Duration d, Instant start) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, pollInitial, pollMax, heartbeat,
                d, start, estimate);
    }

    /** With or without an ETA for a pending job each poll round. */
    public WatchPolicy withEstimate(boolean on) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, pollInitial, pollMax, heartbeat,
                maxWait, budgetStart, on);
    }

    /** Whether the watch estimates when a pending job starts: asked for, or needed by a budget. */
    public boolean estimates() {
        return estimate || maxWait != null;
    }

    /** When the budget runs out for a watch started at {@code watchStart}, or {@code null} without one. */
    public Instant budgetDeadline(Instant watchStart) {
        return maxWait == null ? null : (budgetStart != null ? budgetStart : watchStart).plus(maxWait);
    }

    public WatchPolicy withPendingTimeout(Duration d) {
        return new WatchPolicy(until, d, diagnosisTimeout, overallTimeout, pollInitial, pollMax, heartbeat,
                maxWait, budgetStart, estimate);
    }

    public WatchPolicy withDiagnosisTimeout(Duration d) {
        return new WatchPolicy(until, pendingTimeout, d, overallTimeout, pollInitial, pollMax, heartbeat,
                maxWait, budgetStart, estimate);
    }

    public WatchPolicy withOverallTimeout(Duration d) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, d, pollInitial, pollMax, heartbeat,
                maxWait, budgetStart, estimate);
    }

    public WatchPolicy withPolling(Duration initial, Duration max) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, initial, max, heartbeat,
                maxWait, budgetStart, estimate);
    }

    public WatchPolicy withHeartbeat(Duration d) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, pollInitial, pollMax, d,
                maxWait, budgetStart, estimate);
    }

    private static void requirePositive(String name, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import java.time.Duration;
import java.time.Instant;

/**
 * The wait budget of one watch ({@code maxWait}) and whether it estimates when a pending job starts. When the
 * budget runs out, or the optimistic estimate (p10) shows it will, the watch ends with
 * {@link Outcome.NotStartedInBudget}; with a budget, a {@code FITS_LATER} diagnosis no longer ends the wait.
 *
 * <p>Given beside the {@link WatchPolicy}, not inside it: the policy and {@link WatchState} are records saved
 * by Jenkins' step executions, and JBoss River (which saves a Pipeline step mid-wait) cannot read a saved
 * record whose components changed since, so a new component there would break every build that waits across
 * the upgrade. A front end that survives restarts keeps its own {@code maxWait} and gives the budget again
 * on resume; the budget then counts from the watch's saved start.
 *
 * @param maxWait the budget, or {@code null} for none
 * @param start when the budget started counting, or {@code null} for the watch's own start: a fallback move
 *     gives its next attempt the budget of the whole submit by passing the first attempt's start
 * @param estimate whether a pending job gets an ETA each poll round (reads the queue's history, one read per
 *     connection and round for all its watches); a budget always estimates, it needs the estimate to end early
 */
public record WaitBudget(Duration maxWait, Instant start, boolean estimate) {

    /** No budget, no estimate: a watch as before either existed. */
    public static final WaitBudget NONE = new WaitBudget(null, null, false);

    public WaitBudget {
        if (maxWait != null && (maxWait.isNegative() || maxWait.isZero())) {
            throw new IllegalArgumentException("maxWait must be positive, was " + maxWait);
        }
    }

    /** A budget counted from the watch's start ({@code null}: none), with estimates. */
    static WaitBudget of(Duration maxWait) {
        return new WaitBudget(maxWait, null, true);
    }

    /** This budget counted from {@code from}, e.g. the first attempt of a submit that moves to a fallback target. */
    WaitBudget from(Instant from) {
        return new WaitBudget(maxWait, from, estimate);
    }

    /** Whether the watch estimates when a pending job starts: asked for, or needed by a budget. */
    boolean estimates() {
        return estimate || maxWait != null;
    }

    /** When the budget runs out for a watch started at {@code watchStart}, or {@code null} without one. */
    Instant deadline(Instant watchStart) {
        return maxWait == null ? null : (start != null ? start : watchStart).plus(maxWait);
    }
}

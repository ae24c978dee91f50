package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;

/**
 * Why a wait ended before its budget ran out: the estimate put even the optimistic start past what was left
 * of the budget, and so did the running jobs ({@link Eta#provablyPast}). The reason of an early
 * {@link Outcome.NotStartedInBudget}, worded here and nowhere else ({@link #words()} is its {@code why}).
 *
 * @param p10 the optimistic start (10th percentile), from the moment the wait ended
 * @param jobsAhead waiting jobs created before this one, as far as the list shows them
 * @param soonest the soonest start the running jobs allow
 */
record StartPastBudget(Duration p10, int jobsAhead, Duration soonest) {

    /** The reason an estimate gives; {@code eta} is a range ({@link Eta#known()}). */
    static StartPastBudget of(Eta eta) {
        return new StartPastBudget(eta.p10(), eta.jobsAhead(), eta.soonest());
    }

    /** {@code p10 start in 2h 10m; 3 jobs ahead; the running jobs free enough in 1h at the soonest}. */
    String words() {
        return "p10 start in " + DurationText.compact(p10)
                + (jobsAhead > 0 ? "; " + jobsAhead + (jobsAhead == 1 ? " job" : " jobs") + " ahead" : "")
                + "; the running jobs free enough in " + DurationText.compact(soonest) + " at the soonest";
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

/**
 * A run of failed calls of one kind (a watch keeps one for its status reads and one for its diagnosis
 * calls): since when they fail and how many failed. A success ends the run ({@link #NONE}); the watch
 * retries with a growing back-off until the run has lasted {@link MonitorSettings#retryLimit()}.
 *
 * @param since when the first failure of the run happened, or {@code null} when no call is failing
 * @param failures how many calls failed in a row
 */
record FailureStreak(Instant since, int failures) {

    /** No call of this kind is failing. */
    static final FailureStreak NONE = new FailureStreak(null, 0);

    /** Whether the last call of this kind succeeded (or none failed yet). */
    boolean isNone() {
        return since == null;
    }

    /** One more failure at {@code now}: the run starts now unless it had started already. */
    FailureStreak failedAt(Instant now) {
        return new FailureStreak(since == null ? now : since, failures + 1);
    }

    /** Whether the run has lasted {@code limit} at {@code now}: the watch stops retrying. */
    boolean lasted(Duration limit, Instant now) {
        return since != null && Duration.between(since, now).compareTo(limit) >= 0;
    }

    /**
     * The wait before the next try: doubling with each failure of the run, jittered, then shortened by
     * {@code toNextDeadline} (retries act on the watch's deadlines too: a budget that runs out during an outage
     * ends the wait on time, not a back-off later), but never shorter than a server's Retry-After.
     */
    Duration retryDelay(PlatformException e, MonitorSettings settings, UnaryOperator<Duration> toNextDeadline) {
        Duration base = PollBackoff.retryDelay(failures, settings.retryInitial(), settings.retryMax(), null);
        Duration delay =
                toNextDeadline.apply(PollBackoff.jittered(base, settings.jitter(), ThreadLocalRandom.current()));
        Duration retryAfter = e instanceof RateLimitedException rl ? rl.retryAfter() : null;
        return retryAfter != null && retryAfter.compareTo(delay) > 0 ? retryAfter : delay;
    }
}

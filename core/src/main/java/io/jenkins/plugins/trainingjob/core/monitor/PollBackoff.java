package io.jenkins.plugins.trainingjob.core.monitor;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Poll and retry delays: polls start fast and grow by half each round up to a cap; retries double. Both
 * are jittered so that many watches started together spread out instead of polling in lock-step.
 */
final class PollBackoff {
    private static final Duration SHORTEST = Duration.ofMillis(1);

    private PollBackoff() {}

    /** The next poll interval after {@code current}: one and a half times longer, at most {@code max}. */
    static Duration grow(Duration current, Duration max) {
        Duration next = current.plus(current.dividedBy(2));
        return next.compareTo(max) > 0 ? max : next;
    }

    /** The delay before retry number {@code attempt} (1 for the first), honouring a server's Retry-After. */
    static Duration retryDelay(int attempt, Duration initial, Duration max, Duration retryAfter) {
        Duration delay = initial;
        for (int i = 1; i < attempt && delay.compareTo(max) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        if (delay.compareTo(max) > 0) {
            delay = max;
        }
        return retryAfter != null && retryAfter.compareTo(delay) > 0 ? retryAfter : delay;
    }

    /** {@code d} stretched or shortened by up to {@code fraction} of itself, never below a millisecond. */
    static Duration jittered(Duration d, double fraction, RandomGenerator random) {
        if (fraction <= 0) {
            return d;
        }
        double factor = 1 + fraction * (2 * random.nextDouble() - 1);
        long nanos = (long) (d.toNanos() * factor);
        Duration out = Duration.ofNanos(nanos);
        return out.compareTo(SHORTEST) < 0 ? SHORTEST : out;
    }
}

package io.jenkins.plugins.trainingjob.core.internal.http;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with decorrelated jitter: each wait is drawn uniformly between the initial delay
 * and three times the previous wait, then capped. The jitter spreads the retries of many clients that
 * failed together (a gateway restart), and the floor keeps a retry from following its failure at once.
 */
final class Backoff {

    private final Duration initial;
    private final Duration cap;
    private final RandomGenerator random;

    public Backoff(Duration initial, Duration cap, RandomGenerator random) {
        this.initial = Objects.requireNonNull(initial, "initial");
        this.cap = Objects.requireNonNull(cap, "cap");
        this.random = Objects.requireNonNull(random, "random");
    }

    /**
     * The wait before the next retry.
     *
     * @param previous the wait before the previous retry, or {@code null} before the first retry
     */
    public Duration next(Duration previous) {
        long floor = Math.max(0, initial.toMillis());
        long capMillis = Math.max(floor, cap.toMillis());
        long prev = previous == null ? floor : Math.max(floor, previous.toMillis());
        long upper = Math.min(capMillis, saturatedTimesThree(prev));
        long wait = upper <= floor ? floor : floor + random.nextLong(upper - floor + 1);
        return Duration.ofMillis(Math.min(wait, capMillis));
    }

    private static long saturatedTimesThree(long v) {
        return v > Long.MAX_VALUE / 3 ? Long.MAX_VALUE : v * 3;
    }
}

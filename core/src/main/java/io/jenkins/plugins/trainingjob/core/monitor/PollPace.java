package io.jenkins.plugins.trainingjob.core.monitor;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When a watch looks at its job next, and when it says it is still waiting. Polls start at the policy's
 * {@code pollInitial} and grow by half each round up to {@code pollMax}; a new phase or raw state starts them
 * fast again ({@link #restart()}). A deadline within the delay cuts it short, just past that deadline, so the
 * watch acts on time whatever the interval. A heartbeat comes every {@code heartbeat} at the most.
 *
 * <p>Scheduler-thread state of one watch.
 */
final class PollPace {
    private final WatchPolicy policy;
    private final double jitter;
    private Duration interval;
    private Instant lastHeartbeat;

    PollPace(WatchPolicy policy, double jitter, Instant now) {
        this.policy = policy;
        this.jitter = jitter;
        this.interval = policy.pollInitial();
        this.lastHeartbeat = now;
    }

    /**
     * A new watch's first look: a lone watch looks at once; one joining a listed group waits for a round, so
     * that a burst of new watches shares list pages instead of starting a round each.
     */
    Duration first(boolean listed) {
        return listed ? jittered(interval) : Duration.ZERO;
    }

    /**
     * The wait until the next poll, cut short by {@code deadline}; the interval then grows. A listed group polls
     * in rounds: its watches re-arm in step, so one round per interval serves them all (jittered timers would
     * start a round whenever the earliest one fired).
     */
    Duration next(boolean listed, Instant now, Instant deadline) {
        Duration delay = listed ? interval : jittered(interval);
        interval = PollBackoff.grow(interval, policy.pollMax());
        return within(delay, now, deadline);
    }

    /** The job changed: poll fast again. */
    void restart() {
        interval = policy.pollInitial();
    }

    /** The listener just heard from the watch: the next heartbeat is due a period later. */
    void heard(Instant now) {
        lastHeartbeat = now;
    }

    /** Whether a heartbeat is due at {@code now}; a due one counts as said. */
    boolean heartbeatDue(Instant now) {
        if (Duration.between(lastHeartbeat, now).compareTo(policy.heartbeat()) >= 0) {
            lastHeartbeat = now;
            return true;
        }
        return false;
    }

    /** {@code delay}, or less when {@code deadline} ({@link Instant#MAX}: none) falls within it: just past it. */
    static Duration within(Duration delay, Instant now, Instant deadline) {
        if (deadline != Instant.MAX) {
            Duration untilDeadline = Duration.between(now, deadline).plusMillis(1);
            if (untilDeadline.compareTo(delay) < 0) {
                return untilDeadline;
            }
        }
        return delay;
    }

    /** The earliest of {@code deadlines} still ahead of {@code now} ({@code null}s ignored), else {@link Instant#MAX}. */
    static Instant earliestAhead(Instant now, Instant... deadlines) {
        Instant next = Instant.MAX;
        for (Instant d : deadlines) {
            if (d != null && d.isAfter(now) && d.isBefore(next)) {
                next = d;
            }
        }
        return next;
    }

    private Duration jittered(Duration d) {
        return PollBackoff.jittered(d, jitter, ThreadLocalRandom.current());
    }
}

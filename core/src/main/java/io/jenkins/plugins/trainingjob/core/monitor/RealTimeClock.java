package io.jenkins.plugins.trainingjob.core.monitor;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Real time: "now" from a {@link Clock} that moves at real-time pace (the system clock), timers on the
 * monitor's own scheduler thread, so a timer's task runs there without a further hand-over.
 */
final class RealTimeClock implements MonitorClock {
    private final Clock clock;
    private final ScheduledExecutorService timers;

    RealTimeClock(Clock clock, ScheduledExecutorService timers) {
        this.clock = clock;
        this.timers = timers;
    }

    @Override
    public Instant now() {
        return clock.instant();
    }

    @Override
    public Timer schedule(Runnable task, Duration delay) {
        ScheduledFuture<?> future = timers.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@linkplain TimeSource#realTime() real-time} source as the monitor uses it: "now" (and sleeps) from that
 * source, timers on the monitor's own scheduler thread, so a timer's task runs there without a hand-over.
 */
final class RealTimeClock implements TimeSource {
    private final TimeSource time;
    private final ScheduledExecutorService timers;

    RealTimeClock(TimeSource time, ScheduledExecutorService timers) {
        this.time = time;
        this.timers = timers;
    }

    @Override
    public Instant now() {
        return time.now();
    }

    @Override
    public Timer schedule(Runnable task, Duration delay) {
        ScheduledFuture<?> future = timers.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        time.sleep(duration);
    }

    @Override
    public boolean realTime() {
        return true;
    }
}

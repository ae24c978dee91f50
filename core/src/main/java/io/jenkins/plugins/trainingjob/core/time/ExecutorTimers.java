package io.jenkins.plugins.trainingjob.core.time;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A real-time source whose timers run on a given scheduled executor; "now" and sleeps are another's. */
final class ExecutorTimers implements TimeSource {
    private final TimeSource time;
    private final ScheduledExecutorService timers;

    ExecutorTimers(TimeSource time, ScheduledExecutorService timers) {
        this.time = time;
        this.timers = timers;
    }

    /** Runs {@code task} on {@code timers} once {@code delay} has passed in real time. */
    static Timer on(ScheduledExecutorService timers, Runnable task, Duration delay) {
        ScheduledFuture<?> future = timers.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    @Override
    public Instant now() {
        return time.now();
    }

    @Override
    public Timer schedule(Runnable task, Duration delay) {
        return on(timers, task, delay);
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

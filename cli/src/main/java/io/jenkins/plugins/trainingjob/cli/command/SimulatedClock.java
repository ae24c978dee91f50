package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The embedded simulator's time, for the monitor of the demo: pending and diagnosis timeouts, polls and
 * heartbeats all run in simulated time, as fast as the simulated cluster does, and agree with the jobs'
 * timestamps. The simulator's clock runs at a fixed speed, so a simulated wait is that wait divided by
 * the speed in real time.
 */
final class SimulatedClock implements TimeSource, AutoCloseable {

    private final Simulator simulator;
    private final double speed;
    private final ScheduledThreadPoolExecutor timers;

    SimulatedClock(Simulator simulator) {
        this.simulator = simulator;
        this.speed = simulator.scenario().timing().effectiveSpeed();
        if (!(speed > 0)) {
            throw new IllegalArgumentException("a frozen simulator clock (speed " + speed + ") cannot time waits");
        }
        this.timers = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "trainjob-simulated-clock");
            t.setDaemon(true);
            return t;
        });
        timers.setRemoveOnCancelPolicy(true);
    }

    @Override
    public Instant now() {
        return simulator.now();
    }

    @Override
    public Timer schedule(Runnable task, Duration delay) {
        ScheduledFuture<?> future = timers.schedule(task, realNanos(delay), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        long nanos = realNanos(duration);
        if (nanos > 0) {
            TimeUnit.NANOSECONDS.sleep(nanos);
        }
    }

    /** A simulated wait in real time: rounded up, so nothing ends before its simulated time has come. */
    private long realNanos(Duration simulated) {
        return (long) Math.ceil(Math.max(0, simulated.toNanos()) / speed);
    }

    @Override
    public void close() {
        timers.shutdownNow();
    }
}

package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitorTestAccess;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorClock;
import io.jenkins.plugins.trainingjob.core.platform.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Time that moves only when a test says so: a {@link MonitorClock} whose timers fire in due order while
 * {@link #advance} passes their time, the same time as a {@link Clock} ({@link #asClock()}) for code that
 * only reads it, and a {@link #sleeper()} whose sleeps move it. Tests thus step through minutes of polling
 * without waiting. (Not a {@code Clock} itself: a job monitor given a plain {@code Clock} waits in real
 * time, which a test on manual time never wants by mistake.)
 *
 * <p>A job monitor works on threads of its own: {@link #settleWith} tells the clock how to wait until the
 * monitor has done what the last timer started, so the next timer is armed before time moves on.
 */
public final class ManualClock implements MonitorClock {
    private static final Instant START = Instant.parse("2026-03-01T08:00:00Z");

    private final PriorityQueue<Pending> timers =
            new PriorityQueue<>(Comparator.comparing(Pending::due).thenComparingLong(Pending::order));
    private volatile Instant now;
    private long scheduled;
    private Runnable settle = () -> {};

    public ManualClock() {
        this(START);
    }

    public ManualClock(Instant start) {
        this.now = start;
    }

    /** What {@link #advance} waits for before and after each timer it fires, e.g. a monitor's idle state. */
    public void settleWith(Runnable settle) {
        this.settle = settle;
    }

    /**
     * Settles with the idle state of the monitor {@code monitor} supplies at each settle, for tests outside
     * the monitor's package; a test may replace its monitor, or create it late ({@code null}: nothing to
     * wait for yet).
     */
    public void settleWithMonitor(Supplier<JobMonitor> monitor) {
        settleWith(() -> {
            JobMonitor m = monitor.get();
            if (m != null) {
                JobMonitorTestAccess.awaitIdle(m);
            }
        });
    }

    /**
     * Moves time forward by {@code d}, firing every timer due on the way at its due time, in due order
     * (timers due together in the order they were set); timers the fired ones set fire too when they fall
     * due within {@code d}. {@code advance(Duration.ZERO)} fires what is due now.
     */
    public void advance(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("time only moves forward, got " + d);
        }
        Instant target = now.plus(d);
        while (true) {
            settle.run();
            Pending next;
            synchronized (this) {
                next = timers.peek();
                if (next == null || next.due().isAfter(target)) {
                    break;
                }
                timers.poll();
                if (next.due().isAfter(now)) {
                    now = next.due();
                }
            }
            next.task().run();
        }
        now = target;
    }

    /**
     * Moves time forward timer by timer until {@code condition} holds, by {@code limit} at most: a test
     * waits for what a monitor does without knowing how many polls it takes.
     *
     * @return whether the condition holds
     */
    public boolean advanceUntil(BooleanSupplier condition, Duration limit) {
        Instant target = now.plus(limit);
        while (true) {
            settle.run();
            if (condition.getAsBoolean()) {
                return true;
            }
            Pending next;
            synchronized (this) {
                next = timers.peek();
                if (next == null || next.due().isAfter(target)) {
                    now = target;
                    break;
                }
                timers.poll();
                if (next.due().isAfter(now)) {
                    now = next.due();
                }
            }
            next.task().run();
        }
        settle.run();
        return condition.getAsBoolean();
    }

    /**
     * Moves time forward until {@code condition} holds, failing the test when it has not after a minute
     * of this clock's time (long for monitor tests, whose polls are milliseconds apart).
     */
    public void runUntil(String what, BooleanSupplier condition) {
        if (!advanceUntil(condition, Duration.ofMinutes(1))) {
            throw new AssertionError("never happened within a minute of manual time: " + what);
        }
    }

    /** Timers set and not yet fired or cancelled. */
    public synchronized int pendingTimers() {
        return timers.size();
    }

    /** A sleeper that sleeps no real time: it moves this clock by what it is asked to sleep. */
    public Sleeper sleeper() {
        return d -> {
            if (!d.isNegative()) {
                advance(d);
            }
        };
    }

    @Override
    public Instant now() {
        return now;
    }

    /** This time as a {@link Clock} (UTC), for code that reads the time but sets no timers. */
    public Clock asClock() {
        return new Clock() {
            @Override
            public Instant instant() {
                return now;
            }

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }
        };
    }

    @Override
    public synchronized Timer schedule(Runnable task, Duration delay) {
        Instant at = now;
        Pending p = new Pending(delay.isNegative() ? at : at.plus(delay), scheduled++, task);
        timers.add(p);
        return () -> {
            synchronized (this) {
                timers.remove(p);
            }
        };
    }

    private record Pending(Instant due, long order, Runnable task) {}
}

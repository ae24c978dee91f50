package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitorTestAccess;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Time that moves only when a test says so: a {@link TimeSource} whose timers fire in due order while
 * {@link #advance} passes their time, and whose sleeps move it by what they ask for and are recorded
 * ({@link #sleeps()}), so a test counts the waits of an HTTP retry or a look-up instead of sleeping through
 * them. Tests thus step through minutes of polling without waiting.
 *
 * <p>A job monitor works on threads of its own: {@link #settleWith} tells the clock how to wait until the
 * monitor has done what the last timer started, so the next timer is armed before time moves on.
 */
public final class ManualClock implements TimeSource {
    private static final Instant START = Instant.parse("2026-03-01T08:00:00Z");

    private final PriorityQueue<Pending> timers =
            new PriorityQueue<>(Comparator.comparing(Pending::due).thenComparingLong(Pending::order));
    private volatile Instant now;
    private long scheduled;
    private final List<Duration> sleeps = new ArrayList<>();
    private volatile Runnable onSleep = () -> {};
    private Runnable settle = () -> {};

    public ManualClock() {
        this(START);
    }

    public ManualClock(Instant start) {
        this.now = start;
    }

    /**
     * At the machine's time (to the second), then moving only as the test says: for the clients of a
     * simulator, which judges their signatures by its wall clock, in a test that must not sleep their waits.
     */
    public static ManualClock startingNow() {
        return new ManualClock(Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
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

    /**
     * Sleeps no real time: records the wait and moves this clock by it, firing the timers due on the way
     * (a wait of zero or less moves nothing, but fires what is due now). As a real sleep, a wait of more than
     * zero on an interrupted thread ends at once with an {@link InterruptedException}, the flag cleared.
     */
    @Override
    public void sleep(Duration duration) throws InterruptedException {
        synchronized (this) {
            sleeps.add(duration);
        }
        onSleep.run();
        boolean waits = !duration.isNegative() && !duration.isZero();
        if (waits && Thread.interrupted()) {
            throw new InterruptedException("interrupted before a wait of " + duration);
        }
        advance(waits ? duration : Duration.ZERO);
    }

    /** Every wait {@link #sleep} was asked for, in order, zero ones included. */
    public synchronized List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    /**
     * Runs {@code hook} as each sleep begins, on the sleeping thread, after the wait was recorded: a test
     * interrupts that thread there (an interrupt arriving during the wait), or fails when nothing may sleep.
     */
    public void onSleep(Runnable hook) {
        this.onSleep = hook;
    }

    @Override
    public Instant now() {
        return now;
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

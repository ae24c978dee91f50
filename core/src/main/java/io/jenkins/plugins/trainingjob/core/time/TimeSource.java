package io.jenkins.plugins.trainingjob.core.time;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What time it is, timers and sleeps, from one source: a front end makes one ({@link #system()}) and hands it
 * to everything that reads or waits for time (the job monitor and the submit flow above it, a blocking
 * diagnosis fetch, the live status line, the build page's progress); a platform client takes one for its
 * retries, its look-ups after an uncertain create and the dates of its signatures. A test hands a clock that
 * moves only when the test says so, and so steps through hours of waiting without sleeping.
 *
 * <p>Timers suit code that must not hold a thread (the monitor's scheduler never sleeps); {@link #sleep}
 * suits code that already blocks a thread of its own (an HTTP call's retries, a CLI command).
 */
public interface TimeSource {

    /** The current time on this source. */
    Instant now();

    /**
     * Runs {@code task} once {@code delay} has passed on this source (at once, or at the next chance, for a
     * delay of zero or less). The task may run on any thread.
     *
     * @return the timer, to cancel it
     * @throws java.util.concurrent.RejectedExecutionException when the source takes no more timers
     */
    Timer schedule(Runnable task, Duration delay);

    /**
     * Blocks the calling thread until {@code duration} has passed on this source; returns at once for zero
     * or less.
     *
     * @throws InterruptedException when the thread is interrupted while it waits
     */
    void sleep(Duration duration) throws InterruptedException;

    /**
     * Whether this source moves at the pace of real time, so that a caller with a scheduled executor of its
     * own may arm its timers there ({@link #withTimersOn}). A source that moves at another pace (a
     * simulator's fast clock, a test's manual one) says no, and its timers are the only right ones.
     */
    default boolean realTime() {
        return false;
    }

    /**
     * This real-time source with its timers armed on {@code timers}, a caller's own scheduler, so that a
     * timer's task starts there without a hand-over (the job monitor's scheduler thread); "now" and sleeps
     * stay this source's.
     *
     * @throws IllegalStateException for a source that is not {@linkplain #realTime() real time}
     */
    default TimeSource withTimersOn(ScheduledExecutorService timers) {
        if (!realTime()) {
            throw new IllegalStateException(this + " does not move in real time: only its own timers keep its pace");
        }
        return new ExecutorTimers(this, timers);
    }

    /** Real time: the system clock (UTC), real sleeps, timers on a shared daemon thread. */
    static TimeSource system() {
        return SystemTime.INSTANCE;
    }

    /** A task waiting for its time. */
    interface Timer {
        /** Stops the task from running; does nothing once it ran or was cancelled. */
        void cancel();
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import java.time.Duration;
import java.time.Instant;

/**
 * The monitor's one time base: it says what time it is for every deadline, and it fires the timers
 * between a watch's steps, so waits and deadlines are measured by the same clock. A monitor given a
 * {@link java.time.Clock} runs in real time; the CLI's demo passes one that follows the simulator's fast
 * clock; a test passes one that moves only when the test advances it.
 *
 * <p>A fired task may run on any thread: the monitor hands it over to its scheduler thread itself.
 */
public interface MonitorClock {

    /** The current time on this clock. */
    Instant now();

    /**
     * Runs {@code task} once {@code delay} has passed on this clock (at once, or at the next chance, for a
     * delay of zero or less).
     *
     * @return the timer, to cancel it
     * @throws java.util.concurrent.RejectedExecutionException when the clock takes no more timers
     */
    Timer schedule(Runnable task, Duration delay);

    /** A task waiting for its time. */
    interface Timer {
        /** Stops the task from running; does nothing once it ran or was cancelled. */
        void cancel();
    }
}

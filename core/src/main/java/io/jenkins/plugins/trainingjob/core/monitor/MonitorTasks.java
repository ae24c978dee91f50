package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The monitor's scheduler thread, call pool and clock, for work above the watch engine that keeps the
 * engine's discipline (docs/contribute/monitor-threads.md): every step runs on the scheduler thread, a
 * blocking call runs on the call pool and hands its result back, a wait is a timer. The submit flow runs
 * its attempts on it, so a waiting submit costs a state object and at most one timer, never a thread.
 */
public interface MonitorTasks {

    /** The monitor's "now": the one time base of its deadlines and timers. */
    Instant now();

    /** The monitor's settings (its stop confirmation, retries): the same for the work above it. */
    MonitorSettings settings();

    /** Whether the caller runs on the scheduler thread. */
    boolean onSchedulerThread();

    /** Runs {@code task} on the scheduler thread; false when the monitor is closed. */
    boolean onScheduler(Runnable task);

    /**
     * Runs {@code task} on the scheduler thread once {@code delay} has passed on the monitor's clock.
     *
     * @return the timer, or {@code null} when the monitor is closed
     */
    TimeSource.Timer schedule(Runnable task, Duration delay);

    /**
     * Makes a platform call on the call pool and continues with its result on the scheduler thread; a
     * failure is classified ({@link CallResult#error()}), never thrown.
     *
     * @return false when the monitor is closed and the call was not made
     */
    <T> boolean call(PlatformKind platform, String operation, Supplier<T> call, Consumer<CallResult<T>> then);

    /**
     * As {@link #call}, for a long read of many calls (a finished job's log): it runs on threads of its own,
     * so the polls of every other watch never wait behind it. A task that watches nothing uses this.
     *
     * @return false when the monitor is closed and the read was not made
     */
    default <T> boolean read(PlatformKind platform, String operation, Supplier<T> read, Consumer<CallResult<T>> then) {
        return call(platform, operation, read, then);
    }

    /**
     * Runs {@code onClose} on the scheduler thread when the monitor closes, before it stops its threads, so
     * that work waiting on a timer or a call can end itself; nothing may block there.
     *
     * @return closing it forgets {@code onClose} (work that ended on its own)
     */
    Registration whenClosing(Runnable onClose);

    /** A hook given to {@link #whenClosing}. */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}

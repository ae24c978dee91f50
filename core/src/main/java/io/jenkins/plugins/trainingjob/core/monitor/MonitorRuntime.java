package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The monitor's two executors and its clock. Every watch's state lives on the single scheduler thread, so
 * it needs no locks; blocking platform calls run on a small fixed pool and hand their results back to the
 * scheduler thread. A watch thus costs a state object and at most one queued timer.
 */
final class MonitorRuntime {
    private static final System.Logger LOG = System.getLogger(JobMonitor.class.getName());

    private final Clock clock;
    private final MonitorSettings settings;
    private final ScheduledThreadPoolExecutor scheduler;
    private final ThreadPoolExecutor calls;
    private volatile Thread schedulerThread;

    MonitorRuntime(Clock clock, MonitorSettings settings) {
        this.clock = clock;
        this.settings = settings;
        this.scheduler = new ScheduledThreadPoolExecutor(1, daemon("trainingjob-monitor", true));
        // Cancelled timers leave the queue at once instead of at their due time: nothing lingers.
        scheduler.setRemoveOnCancelPolicy(true);
        scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.calls = new ThreadPoolExecutor(settings.callThreads(), settings.callThreads(), 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), daemon("trainingjob-monitor-call", false));
        calls.allowCoreThreadTimeOut(true);
    }

    Clock clock() {
        return clock;
    }

    Instant now() {
        return clock.instant();
    }

    MonitorSettings settings() {
        return settings;
    }

    boolean onSchedulerThread() {
        return Thread.currentThread() == schedulerThread;
    }

    /** Runs {@code task} on the scheduler thread; returns false when the monitor is shut down. */
    boolean onScheduler(Runnable task) {
        try {
            scheduler.execute(guarded(task));
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** Runs {@code task} on the scheduler thread after {@code delay}; {@code null} when shut down. */
    ScheduledFuture<?> schedule(Runnable task, Duration delay) {
        try {
            return scheduler.schedule(guarded(task), Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /**
     * Makes a platform call on a call thread and continues with its result on the scheduler thread.
     *
     * @return false when the monitor is shut down and the call was not made
     */
    <T> boolean call(PlatformKind platform, String operation, Supplier<T> call, Consumer<CallResult<T>> then) {
        return offload(() -> CallResult.of(platform, operation, call), then);
    }

    /**
     * Runs blocking {@code work} on a call thread and continues with its result on the scheduler thread.
     *
     * @return false when the monitor is shut down and the work was not started (watches and fetches were
     *     already ended by close(); a caller outside close() must end itself)
     */
    <T> boolean offload(Supplier<T> work, Consumer<T> then) {
        try {
            calls.execute(() -> {
                T result = work.get();
                onScheduler(() -> then.accept(result));
            });
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** Timers and hand-offs waiting on the scheduler (for tests: zero once every watch has ended). */
    int scheduledTasks() {
        return scheduler.getQueue().size();
    }

    /** Platform calls queued or running. */
    int pendingCalls() {
        return calls.getQueue().size() + calls.getActiveCount();
    }

    void shutdown() {
        scheduler.shutdownNow();
        calls.shutdownNow();
        try {
            if (!onSchedulerThread()) {
                scheduler.awaitTermination(5, TimeUnit.SECONDS);
            }
            calls.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Runnable guarded(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                // A bug in one watch's step must not stop the thread that drives all the others.
                LOG.log(System.Logger.Level.WARNING, "job monitor task failed", e);
            }
        };
    }

    private ThreadFactory daemon(String name, boolean isScheduler) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, isScheduler ? name : name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            if (isScheduler) {
                schedulerThread = t;
            }
            return t;
        };
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.eta.HistoryCache;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The monitor's executors and its {@link TimeSource}. Every watch's state lives on the single
 * scheduler thread, so it needs no locks; blocking platform calls run on a small fixed pool and hand their
 * results back to the scheduler thread. A watch thus costs a state object and at most one timer. The clock
 * is the one time base: it answers "now" and fires the timers, whose tasks then run on the scheduler thread.
 */
final class MonitorRuntime {
    private static final System.Logger LOG = System.getLogger(JobMonitor.class.getName());

    private final TimeSource clock;
    private final MonitorSettings settings;
    private final ScheduledThreadPoolExecutor scheduler;
    private final ThreadPoolExecutor calls;
    /**
     * Long reads of many calls (a finished job's log: up to ~40 pages) on threads of their own, so that the
     * call pool's polls of every other watch never queue behind them.
     */
    private final ThreadPoolExecutor reads;

    static final int READ_THREADS = 2;
    private final Set<ArmedTimer> timers = ConcurrentHashMap.newKeySet();
    /** Hand-offs queued on the scheduler, not yet started. */
    private final AtomicInteger queuedSteps = new AtomicInteger();
    /** Platform calls (and other offloaded work) queued or running. */
    private final AtomicInteger callsInFlight = new AtomicInteger();
    /** Hand-offs queued or running, plus platform calls queued or running: zero when the monitor is idle. */
    private final AtomicInteger busy = new AtomicInteger();

    private final Object idle = new Object();
    private volatile Thread schedulerThread;
    /** Each connection's queue history for one poll round, whatever the number of watches estimating on it. */
    private final HistoryCache histories;
    /** How long a history read serves: a round at the default poll cap. */
    static final Duration HISTORY_ROUND = Duration.ofSeconds(30);

    /**
     * Deadlines and timers both from {@code time}; a {@linkplain TimeSource#realTime() real-time} source's
     * timers are armed on the scheduler itself, so their tasks start there without a hand-over.
     */
    MonitorRuntime(TimeSource time, MonitorSettings settings) {
        this.settings = settings;
        this.scheduler = new ScheduledThreadPoolExecutor(1, daemon("trainingjob-monitor", true));
        // Cancelled timers leave the queue at once instead of at their due time: nothing lingers.
        scheduler.setRemoveOnCancelPolicy(true);
        scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.clock = time.realTime() ? time.withTimersOn(scheduler) : time;
        this.histories = new HistoryCache(clock, HISTORY_ROUND);
        this.calls = new ThreadPoolExecutor(
                settings.callThreads(),
                settings.callThreads(),
                30,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                daemon("trainingjob-monitor-call", false));
        calls.allowCoreThreadTimeOut(true);
        this.reads = new ThreadPoolExecutor(
                READ_THREADS,
                READ_THREADS,
                30,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                daemon("trainingjob-monitor-read", false));
        reads.allowCoreThreadTimeOut(true);
    }

    Instant now() {
        return clock.now();
    }

    /** The monitor's time source: its "now" and its timers (for work that reads time while it runs a call). */
    TimeSource time() {
        return clock;
    }

    HistoryCache histories() {
        return histories;
    }

    MonitorSettings settings() {
        return settings;
    }

    boolean onSchedulerThread() {
        return Thread.currentThread() == schedulerThread;
    }

    /** Runs {@code task} on the scheduler thread; returns false when the monitor is shut down. */
    boolean onScheduler(Runnable task) {
        busy.incrementAndGet();
        queuedSteps.incrementAndGet();
        try {
            scheduler.execute(() -> {
                queuedSteps.decrementAndGet();
                try {
                    guarded(task).run();
                } finally {
                    done();
                }
            });
            return true;
        } catch (RejectedExecutionException e) {
            queuedSteps.decrementAndGet();
            done();
            return false;
        }
    }

    /**
     * Runs {@code task} on the scheduler thread once {@code delay} has passed on the monitor's clock;
     * {@code null} when shut down.
     */
    TimeSource.Timer schedule(Runnable task, Duration delay) {
        if (scheduler.isShutdown()) {
            return null;
        }
        ArmedTimer armed = new ArmedTimer();
        timers.add(armed);
        try {
            armed.clockTimer = clock.schedule(
                    () -> {
                        if (!timers.remove(armed)) {
                            return;
                        }
                        if (onSchedulerThread()) {
                            busy.incrementAndGet();
                            try {
                                guarded(task).run();
                            } finally {
                                done();
                            }
                        } else {
                            onScheduler(task);
                        }
                    },
                    delay);
        } catch (RejectedExecutionException e) {
            timers.remove(armed);
            return null;
        }
        if (!timers.contains(armed)) {
            // Cancelled (or shut down) before the clock's timer was known: cancel that too.
            armed.clockTimer.cancel();
        }
        return armed;
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
        return offload(calls, work, then);
    }

    /**
     * Makes a long read of many platform calls on a read thread, never a call thread, and continues with its
     * result on the scheduler thread.
     *
     * @return false when the monitor is shut down and the read was not started
     */
    <T> boolean read(PlatformKind platform, String operation, Supplier<T> read, Consumer<CallResult<T>> then) {
        return offload(reads, () -> CallResult.of(platform, operation, read), then);
    }

    private <T> boolean offload(ThreadPoolExecutor pool, Supplier<T> work, Consumer<T> then) {
        busy.incrementAndGet();
        callsInFlight.incrementAndGet();
        try {
            pool.execute(() -> {
                try {
                    T result = work.get();
                    onScheduler(() -> then.accept(result));
                } finally {
                    callsInFlight.decrementAndGet();
                    done();
                }
            });
            return true;
        } catch (RejectedExecutionException e) {
            callsInFlight.decrementAndGet();
            done();
            return false;
        }
    }

    /** Timers and hand-offs waiting on the scheduler (for tests: zero once every watch has ended). */
    int scheduledTasks() {
        return timers.size() + Math.max(0, queuedSteps.get());
    }

    /**
     * Waits until no hand-off and no platform call is queued or running, so only timers are left (for tests
     * that move a manual clock: what is due now has then been done).
     *
     * @return false when that did not happen within {@code timeout}
     */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long giveUp = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (busy.get() > 0) {
                long left = giveUp - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
        }
        return true;
    }

    /** Platform calls queued or running. */
    int pendingCalls() {
        return Math.max(0, callsInFlight.get());
    }

    void shutdown() {
        scheduler.shutdownNow();
        // The hand-offs still queued were dropped with the queue: they will never start.
        queuedSteps.set(0);
        calls.shutdownNow();
        reads.shutdownNow();
        for (ArmedTimer t : List.copyOf(timers)) {
            t.cancel();
        }
        try {
            if (!onSchedulerThread()) {
                scheduler.awaitTermination(5, TimeUnit.SECONDS);
            }
            calls.awaitTermination(5, TimeUnit.SECONDS);
            reads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // What was dropped will never finish: nothing is busy any more.
        callsInFlight.set(0);
        busy.set(0);
        synchronized (idle) {
            idle.notifyAll();
        }
    }

    private void done() {
        if (busy.decrementAndGet() <= 0) {
            synchronized (idle) {
                idle.notifyAll();
            }
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

    /**
     * Threads are made lazily, by whichever thread hands the first task over, and would inherit its context
     * class loader: in Jenkins a Pipeline build's Groovy loader, pinned for as long as the thread lives (the
     * scheduler: until the controller stops; JENKINS-49206). Each gets this library's own loader instead, as
     * Jenkins' {@code ClassLoaderSanityThreadFactory} does.
     */
    private ThreadFactory daemon(String name, boolean isScheduler) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, isScheduler ? name : name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setContextClassLoader(MonitorRuntime.class.getClassLoader());
            if (isScheduler) {
                schedulerThread = t;
            }
            return t;
        };
    }

    /** A timer of the monitor: known until it fires or is cancelled, so none is left behind unnoticed. */
    private final class ArmedTimer implements TimeSource.Timer {
        private volatile TimeSource.Timer clockTimer;

        @Override
        public void cancel() {
            if (timers.remove(this)) {
                TimeSource.Timer t = clockTimer;
                if (t != null) {
                    t.cancel();
                }
            }
        }
    }
}

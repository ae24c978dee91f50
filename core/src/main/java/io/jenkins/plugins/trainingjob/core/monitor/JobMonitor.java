package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Watches many jobs for many callers with one scheduler thread and a small pool for the HTTP calls: a
 * watch costs only its state object. Jobs of the same connection are refreshed together through the
 * platform's list call when that is cheaper than one call per job.
 *
 * <p>Listeners are called on the scheduler thread, one event at a time per watch; a listener that throws
 * is logged and ignored. One {@link MonitorClock} decides both what time it is for every deadline and
 * when the timers between polls fire; given a {@link Clock}, the monitor runs in real time.
 */
public final class JobMonitor implements JobWatcher {

    private final PlatformResolver platforms;
    private final MonitorRuntime runtime;
    private final Map<String, ConnectionGroup> groups = new ConcurrentHashMap<>();
    // Scheduler-thread state.
    private final Set<ActiveWatch> active = new LinkedHashSet<>();
    // Any thread: a fetch begins on the caller's thread and ends on the scheduler or in close().
    private final Set<PendingDiagnosisFetch> fetches = ConcurrentHashMap.newKeySet();
    // Any thread: work above the watches (a submit flow) that must end itself when the monitor closes.
    private final Set<Runnable> closeHooks = ConcurrentHashMap.newKeySet();
    private final MonitorTasks tasks = new Tasks();
    private volatile boolean closed;

    /** In real time: deadlines read from {@code clock}, which must move at real-time pace (the system clock). */
    public JobMonitor(PlatformResolver platforms, Clock clock) {
        this(platforms, clock, MonitorSettings.defaults());
    }

    /** In real time: deadlines read from {@code clock}, which must move at real-time pace (the system clock). */
    public JobMonitor(PlatformResolver platforms, Clock clock, MonitorSettings settings) {
        this.platforms = Objects.requireNonNull(platforms, "platforms");
        this.runtime = new MonitorRuntime(
                Objects.requireNonNull(clock, "clock"), Objects.requireNonNull(settings, "settings"));
    }

    /** On {@code clock}'s time: its "now" for the deadlines, its timers for the waits. */
    public JobMonitor(PlatformResolver platforms, MonitorClock clock) {
        this(platforms, clock, MonitorSettings.defaults());
    }

    /** On {@code clock}'s time: its "now" for the deadlines, its timers for the waits. */
    public JobMonitor(PlatformResolver platforms, MonitorClock clock, MonitorSettings settings) {
        this.platforms = Objects.requireNonNull(platforms, "platforms");
        this.runtime = new MonitorRuntime(
                Objects.requireNonNull(clock, "clock"), Objects.requireNonNull(settings, "settings"));
    }

    /**
     * Starts watching a submitted job.
     *
     * @throws IllegalArgumentException when the connection id names no connection, or a connection of
     *     another platform than the job's
     * @throws IllegalStateException when the monitor is closed
     */
    public Watch watch(String connectionId, JobRef job, WatchPolicy policy, WatchListener listener) {
        return watch(connectionId, job, policy, WaitBudget.NONE, listener);
    }

    /** Starts watching a submitted job within a wait budget, estimating when it starts while it is pending. */
    @Override
    public Watch watch(String connectionId, JobRef job, WatchPolicy policy, WaitBudget budget, WatchListener listener) {
        return watch(connectionId, job, policy, budget, StartSnapshots.NONE, listener);
    }

    /**
     * Starts watching within a wait budget, keeping the job's start snapshot when it is first seen started, and
     * comparing its diagnosis with the baseline {@code snapshots} finds ("Since it last started").
     */
    @Override
    public Watch watch(
            String connectionId,
            JobRef job,
            WatchPolicy policy,
            WaitBudget budget,
            StartSnapshots snapshots,
            WatchListener listener) {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(policy, "policy");
        return register(WatchState.start(connectionId, job, policy, runtime.now()), budget, snapshots, listener);
    }

    /**
     * Continues a watch from its durable state (after a restart), without re-launching a running
     * diagnosis: a watch that was diagnosing with a diagnosis id fetches that diagnosis; a waiting watch
     * keeps its deadlines.
     *
     * @throws IllegalArgumentException when the state says the watch already ended, or names an unknown
     *     connection
     */
    public Watch resume(WatchState state, WatchListener listener) {
        return resume(state, WaitBudget.NONE, listener);
    }

    /** As {@link #resume(WatchState, WatchListener)}, with the budget the watch was started with. */
    @Override
    public Watch resume(WatchState state, WaitBudget budget, WatchListener listener) {
        return resume(state, budget, StartSnapshots.NONE, listener);
    }

    /** As {@link #resume(WatchState, WaitBudget, WatchListener)}, with the job's start snapshots. */
    @Override
    public Watch resume(WatchState state, WaitBudget budget, StartSnapshots snapshots, WatchListener listener) {
        Objects.requireNonNull(state, "state");
        if (state.phase() == WatchState.Phase.DONE) {
            throw new IllegalArgumentException(
                    "the watch of job " + state.job().id() + " already ended; there is nothing to resume");
        }
        return register(state, budget, snapshots, listener);
    }

    private Watch register(WatchState state, WaitBudget budget, StartSnapshots snapshots, WatchListener listener) {
        if (closed) {
            throw new IllegalStateException("the job monitor is closed");
        }
        TrainingPlatform platform = platforms.resolve(state.connectionId());
        if (platform == null) {
            throw new IllegalArgumentException("connection '" + state.connectionId() + "' is not configured");
        }
        if (platform.kind() != state.job().platform()) {
            throw new IllegalArgumentException("job " + state.job().id() + " runs on "
                    + state.job().platform().displayName() + ", but connection '" + state.connectionId()
                    + "' is " + platform.kind().displayName());
        }
        // The group asks the resolver for the client at every call, so a changed connection applies from the
        // next poll; it leaves the map when its last watch ends (on the scheduler thread). A watch created
        // here for a group being forgotten still works: it just polls in a group of its own.
        ConnectionGroup group = groups.computeIfAbsent(state.connectionId(), id -> newGroup(id, platform.kind()));
        ActiveWatch watch = new ActiveWatch(
                runtime,
                group,
                state,
                budget,
                snapshots == null ? StartSnapshots.NONE : snapshots,
                listener,
                active::remove);
        boolean accepted = runtime.onScheduler(() -> {
            if (closed) {
                watch.endByClose();
                return;
            }
            active.add(watch);
            watch.start();
        });
        if (!accepted) {
            throw new IllegalStateException("the job monitor is closed");
        }
        return watch;
    }

    private ConnectionGroup newGroup(String connectionId, PlatformKind kind) {
        ConnectionGroup[] created = new ConnectionGroup[1];
        created[0] = new ConnectionGroup(
                runtime, connectionId, platforms, kind, () -> groups.remove(connectionId, created[0]));
        return created[0];
    }

    /** Connections with at least one watch: zero once every watch has ended (nothing kept per build). */
    public int connectionGroups() {
        return groups.size();
    }

    /**
     * Fetches an existing diagnosis the way {@code fetcher} rules (poll interval, timeout, which job the
     * report names), without holding a thread while the platform answers "not ready": each question runs
     * on the monitor's call pool and the wait between two is a timer. Cancelling the returned future stops
     * asking.
     *
     * @param jobId the job's id, or {@code null} when only the diagnosis id is known
     *     (see {@link DiagnosisFetcher#jobOf})
     * @return completes with the fetched diagnosis, or exceptionally with the platform's
     *     {@link io.jenkins.plugins.trainingjob.core.platform.PlatformException} (also for a job the
     *     platform requires but that was not given), an {@link IllegalArgumentException} when the
     *     connection id names no connection, or an {@link IllegalStateException} when the monitor is or
     *     gets closed before the answer came
     */
    public CompletableFuture<FetchedDiagnosis> fetchDiagnosis(
            String connectionId, DiagnosisFetcher fetcher, String diagnosisId, String jobId) {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(fetcher, "fetcher");
        Objects.requireNonNull(diagnosisId, "diagnosisId");
        PendingDiagnosisFetch fetch;
        try {
            if (closed) {
                throw new IllegalStateException("the job monitor is closed");
            }
            TrainingPlatform platform = platforms.resolve(connectionId);
            if (platform == null) {
                throw new IllegalArgumentException("connection '" + connectionId + "' is not configured");
            }
            fetch = new PendingDiagnosisFetch(
                    runtime, fetcher, platform, DiagnosisFetcher.handleOf(platform, diagnosisId, jobId));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        fetches.add(fetch);
        fetch.result().whenComplete((fetched, error) -> fetches.remove(fetch));
        if (closed) {
            // close() may have run before the fetch was in the set: it would never end it.
            fetch.endByClose();
        } else {
            fetch.start();
        }
        return fetch.result();
    }

    /**
     * Stops all polling; outstanding watches end {@link Outcome.Cancelled} without stopping remote jobs,
     * outstanding diagnosis fetches fail with an {@link IllegalStateException}.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (PendingDiagnosisFetch fetch : List.copyOf(fetches)) {
            fetch.endByClose();
        }
        CompletableFuture<Void> ended = new CompletableFuture<>();
        Runnable endAll = () -> {
            for (Runnable hook : List.copyOf(closeHooks)) {
                try {
                    hook.run();
                } catch (RuntimeException e) {
                    System.getLogger(JobMonitor.class.getName())
                            .log(System.Logger.Level.WARNING, "a close hook of the job monitor failed", e);
                }
            }
            closeHooks.clear();
            List<ActiveWatch> open = new ArrayList<>(active);
            active.clear();
            for (ActiveWatch w : open) {
                w.endByClose();
            }
            ended.complete(null);
        };
        if (runtime.onSchedulerThread()) {
            endAll.run();
        } else if (runtime.onScheduler(endAll)) {
            try {
                ended.get(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // Fall through: shutting the executors down is what matters now.
            }
        }
        runtime.shutdown();
    }

    @Override
    public MonitorTasks tasks() {
        return tasks;
    }

    /** The runtime as {@link MonitorTasks}, refusing new work once the monitor is closed. */
    private final class Tasks implements MonitorTasks {
        @Override
        public java.time.Instant now() {
            return runtime.now();
        }

        @Override
        public MonitorSettings settings() {
            return runtime.settings();
        }

        @Override
        public boolean onSchedulerThread() {
            return runtime.onSchedulerThread();
        }

        @Override
        public boolean onScheduler(Runnable task) {
            return !closed && runtime.onScheduler(task);
        }

        @Override
        public MonitorClock.Timer schedule(Runnable task, java.time.Duration delay) {
            return closed ? null : runtime.schedule(task, delay);
        }

        @Override
        public <T> boolean call(
                PlatformKind platform,
                String operation,
                java.util.function.Supplier<T> call,
                java.util.function.Consumer<CallResult<T>> then) {
            return !closed && runtime.call(platform, operation, call, then);
        }

        @Override
        public <T> boolean read(
                PlatformKind platform,
                String operation,
                java.util.function.Supplier<T> read,
                java.util.function.Consumer<CallResult<T>> then) {
            return !closed && runtime.read(platform, operation, read, then);
        }

        @Override
        public Registration whenClosing(Runnable onClose) {
            Objects.requireNonNull(onClose, "onClose");
            closeHooks.add(onClose);
            return () -> closeHooks.remove(onClose);
        }
    }

    /** Timers and hand-offs queued on the scheduler; zero once every watch has ended (for tests). */
    int scheduledTasks() {
        return runtime.scheduledTasks();
    }

    /** Platform calls queued or running (for tests). */
    int pendingCalls() {
        return runtime.pendingCalls();
    }

    /**
     * Waits until nothing but timers is left: no step queued or running, no platform call (for tests that
     * move a manual clock).
     *
     * @throws IllegalStateException when the monitor is still busy after ten seconds
     */
    void awaitIdle() {
        try {
            if (!runtime.awaitIdle(java.time.Duration.ofSeconds(10))) {
                throw new IllegalStateException("the job monitor was still busy after 10s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the job monitor", e);
        }
    }
}

package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitorTestAccess;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.JobFailure;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * A small world for the submit flow: pools (each its own connection) whose jobs start or wait as the test
 * says, the real monitor on a manual clock, and a store that keeps what the flow saved, so a test can close
 * the monitor at any step and resume from the saved state on a new one, as a restarted controller does.
 * What every test checks in the end: never more than one live job for one submit.
 */
final class SubmitWorld implements AutoCloseable {

    /** A pool: jobs wait unless it has room; a job may exit with a code; a stop may lose the race with a start. */
    static final class Pool extends FakePlatform implements io.jenkins.plugins.trainingjob.core.platform.JobLogs {
        final String name;
        volatile boolean hasRoom;
        volatile boolean startsWhileStopped;
        volatile boolean stopIgnored;
        /** A stop leaves the job SUSPENDING (SenseCore): read as stopped, but still stopping. */
        volatile boolean suspends;
        /** Exit codes the next jobs fail with, in order; none left: they succeed. */
        final List<Integer> exitCodes = new CopyOnWriteArrayList<>();
        /** Runs on the reading thread each time a worker's log is read (the end of a wait). */
        volatile Runnable duringLogRead = () -> {};
        /** Runs on the call thread each time a job is stopped. */
        volatile Runnable duringStop = () -> {};
        /** Runs on the call thread while a create is in flight, after the platform took it. */
        volatile Runnable duringCreate = () -> {};
        /** Creates refused with this, while it supplies non-null. */
        volatile Supplier<PlatformException> createFailure = () -> null;

        final List<JobRef> created = new CopyOnWriteArrayList<>();
        final Map<String, Integer> exitOf = new ConcurrentHashMap<>();

        Pool(String name, boolean hasRoom) {
            this.name = name;
            this.hasRoom = hasRoom;
        }

        @Override
        public synchronized JobRef submit(JobSpec spec, String clientToken) {
            PlatformException refused = createFailure.get();
            if (refused != null) {
                throw refused;
            }
            submittedTokens.add(clientToken);
            JobRef job = new JobRef(kind(), name + "-job-" + submittedTokens.size(), spec.name());
            byToken.put(clientToken, job);
            if (!exitCodes.isEmpty()) {
                exitOf.put(job.id(), exitCodes.remove(0));
            }
            // the status first: another thread that sees the job in created reads its phase at once
            addStatus(FakePlatform.status(job, hasRoom ? JobPhase.RUNNING : JobPhase.PENDING));
            created.add(job);
            duringCreate.run();
            return job;
        }

        /** Ends every running job: with its exit code when it has one, else SUCCEEDED. */
        void finishRunning() {
            for (JobRef j : created) {
                if (phase(j) == JobPhase.RUNNING) {
                    Integer code = exitOf.get(j.id());
                    if (code == null) {
                        set(j, JobPhase.SUCCEEDED, "Succeeded");
                    } else {
                        set(j, JobPhase.FAILED, "Failed");
                    }
                }
            }
        }

        /** Starts every waiting job (the pool got room). */
        void startWaiting() {
            for (JobRef j : created) {
                if (phase(j) == JobPhase.PENDING) {
                    set(j, JobPhase.RUNNING, "Running");
                }
            }
        }

        @Override
        public List<JobEvent> events(JobRef job) {
            Integer code = exitOf.get(job.id());
            return code == null
                    ? List.of()
                    : List.of(new JobEvent(
                            "Warning",
                            "ExitedWithCode",
                            "Pod: default." + job.name() + "-master-0 exited with code " + code,
                            Instant.parse("2026-03-01T08:00:00Z"),
                            null,
                            1));
        }

        @Override
        public JobStatus status(JobRef job) {
            JobStatus s = super.status(job);
            Integer code = exitOf.get(job.id());
            if (s.phase() == JobPhase.FAILED && code != null) {
                return new JobStatus(
                        job,
                        s.phase(),
                        s.rawState(),
                        null,
                        null,
                        null,
                        null,
                        "exit code " + code,
                        List.of(new WorkerStatus(job.name() + "-master-0", "10.3.0.118", "Failed", "exit " + code)),
                        null);
            }
            return s;
        }

        @Override
        public io.jenkins.plugins.trainingjob.core.platform.LogChunk logs(
                JobRef job, String worker, String marker, int maxLines) {
            duringLogRead.run();
            return new io.jenkins.plugins.trainingjob.core.platform.LogChunk(List.of("epoch 1"), null);
        }

        @Override
        public void cancel(JobRef job) {
            duringStop.run();
            cancelled.add(job);
            if (startsWhileStopped) {
                set(job, JobPhase.RUNNING, "Running");
            } else if (suspends) {
                set(job, JobPhase.STOPPED, "SUSPENDING");
            } else if (!stopIgnored) {
                set(job, JobPhase.STOPPED, "ManualTermination");
            }
        }

        @Override
        public boolean stillStopping(JobStatus status) {
            return "SUSPENDING".equals(status.rawState());
        }

        long live() {
            return created.stream().filter(j -> !phase(j).isTerminal()).count();
        }
    }

    final ManualClock clock = new ManualClock();
    final List<Pool> pools = new ArrayList<>();
    final List<SubmitEvent> events = new CopyOnWriteArrayList<>();
    final List<MonitorEvent> watchEvents = new CopyOnWriteArrayList<>();
    final List<SubmitState> saved = new CopyOnWriteArrayList<>();
    private final MonitorSettings settings =
            MonitorSettings.defaults().withJitter(0).withStopConfirmation(Duration.ofMinutes(1), Duration.ofSeconds(5));
    volatile JobMonitor monitor;
    Duration pendingTimeout = Duration.ofMinutes(10);
    WaitBudget budget = WaitBudget.NONE;
    /** Largest number of live jobs seen at once, over every pool. */
    volatile long mostLive;

    SubmitWorld() {
        clock.settleWithMonitor(() -> monitor);
        monitor = newMonitor();
    }

    JobMonitor newMonitor() {
        return new JobMonitor(id -> pool(id.substring("c-".length())), clock, settings);
    }

    Pool pool(String name, boolean hasRoom) {
        Pool p = new Pool(name, hasRoom);
        pools.add(p);
        return p;
    }

    Pool pool(String name) {
        return pools.stream().filter(p -> p.name.equals(name)).findFirst().orElseThrow();
    }

    long live() {
        long n = pools.stream().mapToLong(Pool::live).sum();
        mostLive = Math.max(mostLive, n);
        return n;
    }

    static final JobSpec SPEC =
            io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader.load("""
            platform: aihc
            name: train
            jobSpec:
              image: registry.baidubce.com/ml/train:1
              command: python train.py
              replicas: 1
            """, "train.yaml", Map.of());

    BoundTarget primary() {
        Pool p = pools.get(0);
        return new BoundTarget(1, "primary", p, SPEC, "c-" + p.name);
    }

    /** Fallback targets are the other pools, by queue name. */
    TargetBinder binder() {
        return t -> {
            Pool p = pool(t.queue());
            return new BoundTarget(t.number(), t.label("profile"), p, SPEC, "c-" + p.name);
        };
    }

    SubmitRequest.Builder request(WaitMode mode) {
        List<FallbackTarget> fallbacks = new ArrayList<>();
        for (int i = 1; i < pools.size(); i++) {
            fallbacks.add(new FallbackTarget(i + 1, pools.get(i).name, "", "", Map.of()));
        }
        WatchPolicy policy = WatchPolicy.defaults(mode == WaitMode.NONE ? WaitTarget.SCHEDULED : mode.target())
                .withPendingTimeout(pendingTimeout)
                .withPolling(Duration.ofSeconds(5), Duration.ofSeconds(30));
        return SubmitRequest.builder(FieldNames.KEYS)
                .waiting(mode, policy, budget)
                .preflight(PreflightMode.OFF)
                .fallbacks(fallbacks, FallbackOrder.GIVEN);
    }

    /** Runs for every submit event, on the thread that emits it (the monitor's scheduler). */
    volatile java.util.function.Consumer<SubmitEvent> onEvent = e -> {};
    /** Runs for every watch event, on the monitor's scheduler thread. */
    volatile java.util.function.Consumer<MonitorEvent> onWatch = e -> {};

    final SubmitListener listener = new SubmitListener() {
        @Override
        public void onEvent(SubmitEvent event) {
            events.add(event);
            live();
            onEvent.accept(event);
        }

        @Override
        public void onWatchEvent(MonitorEvent event) {
            watchEvents.add(event);
            live();
            onWatch.accept(event);
        }
    };

    /** When it matches a state being saved, the controller "dies" there: the save never answers. */
    volatile java.util.function.Predicate<SubmitState> crashAt = s -> false;
    /** Whether the state the controller died at reached the disk before it died. */
    volatile boolean crashSaves = true;

    volatile boolean crashed;

    final SubmitStore store = state -> {
        if (!crashed && crashAt.test(state)) {
            crashed = true;
            if (crashSaves) {
                saved.add(state);
            }
            return new java.util.concurrent.CompletableFuture<>();
        }
        if (crashed) {
            return new java.util.concurrent.CompletableFuture<>(); // a dying controller saves nothing more
        }
        saved.add(state);
        live();
        return java.util.concurrent.CompletableFuture.completedFuture(null);
    };

    Submit start(SubmitRequest request) {
        return SubmitFlow.start(monitor, request, primary(), binder(), listener, store);
    }

    /** The controller restarts: the monitor closes, a new one resumes the last saved state. */
    Submit restart(SubmitRequest request) {
        monitor.close();
        monitor = newMonitor();
        crashed = false;
        crashAt = s -> false;
        if (saved.isEmpty()) {
            return start(request); // nothing reached the disk: the submit starts over, nothing was created
        }
        SubmitState last = saved.get(saved.size() - 1);
        return SubmitFlow.resume(monitor, request, primary(), binder(), last, listener, store);
    }

    void settle() {
        JobMonitorTestAccess.awaitIdle(monitor);
        live();
    }

    SubmitResult runUntilDone(Submit submit) {
        runUntil("the submit ends", () -> submit.result().isDone());
        live();
        return submit.result().join();
    }

    /** Moves the clock until {@code condition} holds, within 12 hours of manual time (pending timeouts pass). */
    void runUntil(String what, java.util.function.BooleanSupplier condition) {
        if (!clock.advanceUntil(
                () -> {
                    live();
                    return condition.getAsBoolean();
                },
                Duration.ofHours(12))) {
            throw new AssertionError("never happened within 12 hours of manual time: " + what);
        }
    }

    List<String> lines() {
        return events.stream().map(SubmitEvent::message).toList();
    }

    static JobFailure noFailure() {
        return JobFailure.none();
    }

    @Override
    public void close() {
        monitor.close();
    }
}

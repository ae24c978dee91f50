package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots;
import java.util.concurrent.CompletableFuture;

/**
 * Starts and resumes watches and fetches existing diagnoses without holding the caller's thread. The
 * seam front ends program against: {@link JobMonitor} in production, a scripted watcher in their tests.
 */
public interface JobWatcher extends AutoCloseable {

    /** Starts watching a submitted job; see {@link JobMonitor#watch}. */
    Watch watch(String connectionId, JobRef job, WatchPolicy policy, WatchListener listener);

    /** Continues a watch from its durable state; see {@link JobMonitor#resume}. */
    Watch resume(WatchState state, WatchListener listener);

    /**
     * Starts watching within a wait budget ({@link WaitBudget}); a watcher that knows no budgets watches
     * without one.
     */
    default Watch watch(
            String connectionId, JobRef job, WatchPolicy policy, WaitBudget budget, WatchListener listener) {
        return watch(connectionId, job, policy, listener);
    }

    /** Continues a watch with the budget it was started with (the budget is not part of the durable state). */
    default Watch resume(WatchState state, WaitBudget budget, WatchListener listener) {
        return resume(state, listener);
    }

    /**
     * Starts watching within a wait budget, keeping the job's start snapshot when it is first seen started and
     * comparing a diagnosed job with its baseline ({@link StartSnapshots}); a watcher that takes no snapshots
     * watches without them.
     */
    default Watch watch(
            String connectionId,
            JobRef job,
            WatchPolicy policy,
            WaitBudget budget,
            StartSnapshots snapshots,
            WatchListener listener) {
        return watch(connectionId, job, policy, budget, listener);
    }

    /** Continues a watch with its budget and its snapshots (neither is part of the durable state). */
    default Watch resume(WatchState state, WaitBudget budget, StartSnapshots snapshots, WatchListener listener) {
        return resume(state, budget, listener);
    }

    /**
     * Fetches an existing diagnosis by {@code fetcher}'s rules, waiting on the monitor's timer while the
     * platform says "not ready"; see {@link JobMonitor#fetchDiagnosis}. Cancelling the future stops asking.
     */
    CompletableFuture<FetchedDiagnosis> fetchDiagnosis(
            String connectionId, DiagnosisFetcher fetcher, String diagnosisId, String jobId);

    /**
     * The scheduler, call pool and clock the watches run on, for work that chains watches without holding a
     * thread (the submit flow). A watcher that has none refuses.
     *
     * @throws UnsupportedOperationException when this watcher runs nothing but scripted watches
     */
    default MonitorTasks tasks() {
        throw new UnsupportedOperationException("this watcher runs no submit flow");
    }

    /** Stops every watch and fetch (they end {@link Outcome.Cancelled}, jobs untouched); used at shutdown. */
    @Override
    default void close() {}
}

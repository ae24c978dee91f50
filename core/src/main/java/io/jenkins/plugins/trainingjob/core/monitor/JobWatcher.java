package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
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
     * Fetches an existing diagnosis by {@code fetcher}'s rules, waiting on the monitor's timer while the
     * platform says "not ready"; see {@link JobMonitor#fetchDiagnosis}. Cancelling the future stops asking.
     */
    CompletableFuture<FetchedDiagnosis> fetchDiagnosis(String connectionId, DiagnosisFetcher fetcher,
            String diagnosisId, String jobId);

    /** Stops every watch and fetch (they end {@link Outcome.Cancelled}, jobs untouched); used at shutdown. */
    @Override
    default void close() {
    }
}

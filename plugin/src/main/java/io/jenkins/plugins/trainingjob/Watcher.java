package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher;
import io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.util.concurrent.CompletableFuture;

/**
 * Starts and resumes watches, and fetches existing diagnoses, without holding the caller's thread: the
 * controller's {@link JobMonitor}, or a scripted one in unit tests.
 */
public interface Watcher {

    Watch watch(String connectionKey, JobRef job, WatchPolicy policy, WatchListener listener);

    Watch resume(WatchState state, WatchListener listener);

    /**
     * Fetches an existing diagnosis by {@code fetcher}'s rules, waiting on the monitor's timer while the
     * platform says "not ready"; see {@link JobMonitor#fetchDiagnosis}. Cancelling the future stops asking.
     */
    CompletableFuture<FetchedDiagnosis> fetchDiagnosis(String connectionKey, DiagnosisFetcher fetcher,
            String diagnosisId, String jobId);

    /** Stops every watch and fetch (they end {@code Cancelled}, jobs untouched); used at shutdown. */
    default void close() {
    }

    static Watcher of(JobMonitor monitor) {
        return new Watcher() {
            @Override
            public void close() {
                monitor.close();
            }

            @Override
            public Watch watch(String connectionKey, JobRef job, WatchPolicy policy, WatchListener listener) {
                return monitor.watch(connectionKey, job, policy, listener);
            }

            @Override
            public Watch resume(WatchState state, WatchListener listener) {
                return monitor.resume(state, listener);
            }

            @Override
            public CompletableFuture<FetchedDiagnosis> fetchDiagnosis(String connectionKey, DiagnosisFetcher fetcher,
                    String diagnosisId, String jobId) {
                return monitor.fetchDiagnosis(connectionKey, fetcher, diagnosisId, jobId);
            }
        };
    }
}

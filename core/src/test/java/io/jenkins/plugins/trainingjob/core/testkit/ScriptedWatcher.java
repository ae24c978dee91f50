package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher;
import io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis;
import io.jenkins.plugins.trainingjob.core.monitor.JobWatcher;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A monitor whose outcomes the test decides: each watch's outcome completes when the test says so, and
 * cancel records whether the remote job was to be stopped; each diagnosis fetch's result likewise.
 */
public final class ScriptedWatcher implements JobWatcher {
    public final List<ScriptedWatch> watches = new ArrayList<>();
    public final List<ScriptedFetch> fetches = new ArrayList<>();
    public final List<WatchState> resumed = new ArrayList<>();
    /** When set, each new watch ends at once with this outcome (for callers that block, like freestyle). */
    public volatile Function<JobRef, Outcome> immediately;
    /** The wait budget of each watch started or resumed, in order. */
    public final List<WaitBudget> budgets = new ArrayList<>();
    /** The flow's "now" when set; unset, real time, as the statuses tests make ({@code Instant.now()}) read. */
    public volatile Instant now;
    /** Where a submit flow on this watcher runs: on the test's thread, timers fired by the test. */
    public final DirectTasks tasks = new DirectTasks(() -> now != null ? now : Instant.now());

    @Override
    public MonitorTasks tasks() {
        return tasks;
    }

    @Override
    public void close() {
        tasks.close();
        for (ScriptedWatch w : List.copyOf(watches)) {
            w.outcome.complete(new Outcome.Cancelled(null, false, "monitor closed, job left as it is on the platform"));
        }
    }

    public static final class ScriptedWatch implements Watch {
        public final WatchState state;
        public final WatchListener listener;
        public final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        public Boolean cancelledWithStop;

        ScriptedWatch(WatchState state, WatchListener listener) {
            this.state = state;
            this.listener = listener;
        }

        @Override
        public WatchState state() {
            return state;
        }

        @Override
        public CompletableFuture<Outcome> outcome() {
            return outcome;
        }

        @Override
        public CompletableFuture<Outcome> cancel(boolean stopRemoteJob) {
            cancelledWithStop = stopRemoteJob;
            outcome.complete(new Outcome.Cancelled(null, stopRemoteJob, "cancelled by the build"));
            return outcome;
        }
    }

    /** A fetch as the step asked for it; {@code result} completes when the test says so. */
    public record ScriptedFetch(
            String connectionKey,
            DiagnosisFetcher fetcher,
            String diagnosisId,
            String jobId,
            CompletableFuture<FetchedDiagnosis> result) {}

    @Override
    public synchronized Watch watch(String connectionKey, JobRef job, WatchPolicy policy, WatchListener listener) {
        ScriptedWatch w = new ScriptedWatch(
                WatchState.start(connectionKey, job, policy, Instant.parse("2026-01-01T00:00:00Z")), listener);
        watches.add(w);
        if (immediately != null) {
            w.outcome.complete(immediately.apply(job));
        }
        return w;
    }

    @Override
    public synchronized Watch watch(
            String connectionKey, JobRef job, WatchPolicy policy, WaitBudget budget, WatchListener listener) {
        budgets.add(budget);
        return watch(connectionKey, job, policy, listener);
    }

    @Override
    public synchronized Watch resume(WatchState state, WaitBudget budget, WatchListener listener) {
        budgets.add(budget);
        return resume(state, listener);
    }

    @Override
    public synchronized Watch resume(WatchState state, WatchListener listener) {
        resumed.add(state);
        ScriptedWatch w = new ScriptedWatch(state, listener);
        watches.add(w);
        return w;
    }

    @Override
    public synchronized CompletableFuture<FetchedDiagnosis> fetchDiagnosis(
            String connectionKey, DiagnosisFetcher fetcher, String diagnosisId, String jobId) {
        ScriptedFetch fetch = new ScriptedFetch(connectionKey, fetcher, diagnosisId, jobId, new CompletableFuture<>());
        fetches.add(fetch);
        return fetch.result();
    }

    public synchronized ScriptedFetch lastFetch() {
        return fetches.get(fetches.size() - 1);
    }

    public ScriptedWatch last() {
        return watches.get(watches.size() - 1);
    }
}

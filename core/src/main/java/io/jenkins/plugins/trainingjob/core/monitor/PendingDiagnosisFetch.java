package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * One diagnosis fetch driven by the monitor: each question to the platform runs on a call thread, the
 * wait between two questions is a timer on the scheduler, so no thread is held while the platform says
 * "not ready". {@link DiagnosisFetcher#attempt} decides every step, as it does for the blocking fetch;
 * the deadline and the waits are measured on the monitor's clock, the report made by the monitor's analyzer.
 *
 * <p>The result completes exactly once: with the fetched diagnosis, with the platform's failure, with an
 * {@link IllegalStateException} when the monitor closes, or by the caller cancelling it; whichever comes
 * first also cancels the pending timer, so nothing stays queued.
 */
final class PendingDiagnosisFetch {
    private static final String OPERATION = "fetch diagnosis";

    private final MonitorRuntime runtime;
    private final DiagnosisFetcher fetcher;
    private final TrainingPlatform platform;
    private final DiagnosisHandle handle;
    private final Instant deadline;
    private final CompletableFuture<FetchedDiagnosis> result = new CompletableFuture<>();
    private volatile TimeSource.Timer timer;

    PendingDiagnosisFetch(
            MonitorRuntime runtime, DiagnosisFetcher fetcher, TrainingPlatform platform, DiagnosisHandle handle) {
        this.runtime = runtime;
        this.fetcher = fetcher;
        this.platform = platform;
        this.handle = handle;
        this.deadline = fetcher.deadline(runtime.now());
        result.whenComplete((fetched, error) -> cancelTimer());
    }

    CompletableFuture<FetchedDiagnosis> result() {
        return result;
    }

    void start() {
        ask();
    }

    /** Ends the fetch because the monitor is closing; a no-op once the fetch is over. */
    void endByClose() {
        result.completeExceptionally(
                new IllegalStateException("the job monitor closed before diagnosis " + handle.id() + " was fetched"));
    }

    private void ask() {
        if (result.isDone()) {
            return;
        }
        if (!runtime.call(
                platform.kind(),
                OPERATION,
                () -> fetcher.attempt(platform, handle, deadline, runtime.time(), runtime.settings()::report),
                this::answered)) {
            endByClose();
        }
    }

    private void answered(CallResult<FetchAttempt> answer) {
        if (!answer.ok()) {
            result.completeExceptionally(answer.error());
        } else if (answer.value() instanceof FetchAttempt.Done done) {
            result.complete(done.result());
        } else if (!result.isDone()) {
            TimeSource.Timer next = runtime.schedule(this::ask, ((FetchAttempt.AskAgain) answer.value()).delay());
            if (next == null) {
                endByClose();
                return;
            }
            timer = next;
            if (result.isDone()) {
                // Cancelled between the check above and the timer being visible to cancelTimer().
                next.cancel();
            }
        }
    }

    private void cancelTimer() {
        TimeSource.Timer t = timer;
        if (t != null) {
            t.cancel();
        }
    }
}

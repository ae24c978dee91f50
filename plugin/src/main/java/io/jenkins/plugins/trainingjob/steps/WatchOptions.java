package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.TrainingJobConfiguration;
import io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;

/** Builds the monitor's policy (and the diagnosis fetcher) from a step's parameters and the global defaults. */
final class WatchOptions {
    private static final Duration FIRST_POLL = Duration.ofSeconds(5);

    private WatchOptions() {}

    /** @param pendingTimeout the step's parameter, or {@code null} for the global default */
    static WatchPolicy policy(WaitTarget until, String pendingTimeout, TrainingJobConfiguration config) {
        Duration pending = pendingTimeout == null
                ? config.pendingTimeoutDuration()
                : DurationInput.parse("pendingTimeout", pendingTimeout);
        Duration pollMax = config.pollIntervalDuration();
        Duration first = pollMax.compareTo(FIRST_POLL) < 0 ? pollMax : FIRST_POLL;
        return WatchPolicy.defaults(until).withPendingTimeout(pending).withPolling(first, pollMax);
    }

    /**
     * The step's wait budget ({@code maxWait}, {@code null} for none). A watch estimates when a pending job
     * starts either way, for the build log, the build page and the step's result.
     */
    static WaitBudget budget(String maxWait) {
        return new WaitBudget(maxWait == null ? null : DurationInput.parse("maxWait", maxWait), null, true);
    }

    /**
     * Fetches a diagnosis on request: waits as long as a watch waits for its diagnosis, asking at the
     * configured poll interval. The monitor waits between questions on its timer, on the service's time.
     */
    static DiagnosisFetcher diagnosisFetcher(TrainingJobConfiguration config, TimeSource time) {
        return new DiagnosisFetcher(
                WatchPolicy.defaults(WaitTarget.SCHEDULED).diagnosisTimeout(), config.pollIntervalDuration(), time);
    }
}

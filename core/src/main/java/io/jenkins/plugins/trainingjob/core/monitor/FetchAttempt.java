package io.jenkins.plugins.trainingjob.core.monitor;

import java.time.Duration;
import java.util.Objects;

/**
 * What one question to the platform decided for a diagnosis fetch: it is over, or it should ask again
 * later. The synchronous fetch sleeps for the delay; the monitor's fetch schedules a timer instead.
 */
sealed interface FetchAttempt {

    /** The fetch is over: the report, or "not ready" because the deadline has passed. */
    record Done(FetchedDiagnosis result) implements FetchAttempt {
        public Done {
            Objects.requireNonNull(result, "result");
        }
    }

    /** The platform is still computing; ask again after {@code delay}. */
    record AskAgain(Duration delay) implements FetchAttempt {
        public AskAgain {
            Objects.requireNonNull(delay, "delay");
        }
    }
}

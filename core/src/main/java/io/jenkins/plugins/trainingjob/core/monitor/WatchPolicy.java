package io.jenkins.plugins.trainingjob.core.monitor;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * How to wait for one job.
 *
 * @param until what to wait for
 * @param pendingTimeout how long the job may stay queued before it is diagnosed (default 10 minutes)
 * @param diagnosisTimeout how long to wait for a diagnosis to be accepted and ready, once started
 * @param overallTimeout the whole watch's limit; {@code null} for none
 * @param pollInitial the first poll interval; it grows with jitter up to {@code pollMax}
 * @param pollMax the poll interval's cap
 * @param heartbeat how often a waiting watch tells its listener it is still waiting
 */
public record WatchPolicy(
        WaitTarget until,
        Duration pendingTimeout,
        Duration diagnosisTimeout,
        Duration overallTimeout,
        Duration pollInitial,
        Duration pollMax,
        Duration heartbeat)
        implements Serializable {

    public WatchPolicy {
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(pendingTimeout, "pendingTimeout");
        Objects.requireNonNull(diagnosisTimeout, "diagnosisTimeout");
        Objects.requireNonNull(pollInitial, "pollInitial");
        Objects.requireNonNull(pollMax, "pollMax");
        Objects.requireNonNull(heartbeat, "heartbeat");
        requirePositive("pendingTimeout", pendingTimeout);
        requirePositive("diagnosisTimeout", diagnosisTimeout);
        requirePositive("pollInitial", pollInitial);
        requirePositive("pollMax", pollMax);
        requirePositive("heartbeat", heartbeat);
        if (overallTimeout != null) {
            requirePositive("overallTimeout", overallTimeout);
        }
        if (pollMax.compareTo(pollInitial) < 0) {
            throw new IllegalArgumentException(
                    "pollMax (" + pollMax + ") is shorter than pollInitial (" + pollInitial + ")");
        }
    }

    public static WatchPolicy defaults(WaitTarget until) {
        return new WatchPolicy(
                until,
                Duration.ofMinutes(10),
                Duration.ofMinutes(5),
                null,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                Duration.ofMinutes(5));
    }

    public WatchPolicy withPendingTimeout(Duration d) {
        return new WatchPolicy(until, d, diagnosisTimeout, overallTimeout, pollInitial, pollMax, heartbeat);
    }

    public WatchPolicy withDiagnosisTimeout(Duration d) {
        return new WatchPolicy(until, pendingTimeout, d, overallTimeout, pollInitial, pollMax, heartbeat);
    }

    public WatchPolicy withOverallTimeout(Duration d) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, d, pollInitial, pollMax, heartbeat);
    }

    public WatchPolicy withPolling(Duration initial, Duration max) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, initial, max, heartbeat);
    }

    public WatchPolicy withHeartbeat(Duration d) {
        return new WatchPolicy(until, pendingTimeout, diagnosisTimeout, overallTimeout, pollInitial, pollMax, d);
    }

    private static void requirePositive(String name, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
    }
}

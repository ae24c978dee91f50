package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * The durable part of a watch: enough for a new monitor to continue where an old one stopped, without
 * re-submitting the job or re-launching a diagnosis that is already running. Holds no secret and no
 * client: the connection is named by id and resolved again.
 *
 * @param phase where the watch is: {@link Phase#WAITING} for the job, {@link Phase#DIAGNOSING} (then
 *     {@code diagnosisId} is set once the platform accepted the launch), or {@link Phase#DONE}
 * @param pendingDeadline when a still-pending job gets diagnosed (absolute)
 * @param overallDeadline when the watch gives up, or {@code null}
 * @param diagnosisDeadline when a started diagnosis is given up, or {@code null} before it starts
 */
public record WatchState(
        String connectionId,
        JobRef job,
        WatchPolicy policy,
        Phase phase,
        Instant startedAt,
        Instant pendingDeadline,
        Instant overallDeadline,
        Instant diagnosisDeadline,
        String diagnosisId) implements Serializable {

    private static final long serialVersionUID = 1L;

    public enum Phase {
        WAITING,
        DIAGNOSING,
        DONE
    }

    public WatchState {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(pendingDeadline, "pendingDeadline");
    }

    /** A fresh watch's state: deadlines computed from {@code now}. */
    public static WatchState start(String connectionId, JobRef job, WatchPolicy policy, Instant now) {
        return new WatchState(connectionId, job, policy, Phase.WAITING, now, now.plus(policy.pendingTimeout()),
                policy.overallTimeout() == null ? null : now.plus(policy.overallTimeout()), null, null);
    }
}

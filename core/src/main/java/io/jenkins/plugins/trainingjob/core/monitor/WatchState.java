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
        String diagnosisId)
        implements Serializable {

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
        return new WatchState(
                connectionId,
                job,
                policy,
                Phase.WAITING,
                now,
                now.plus(policy.pendingTimeout()),
                policy.overallTimeout() == null ? null : now.plus(policy.overallTimeout()),
                null,
                null);
    }

    /** The job stayed pending past its deadline: diagnosing until {@code deadline}, nothing launched yet. */
    public WatchState diagnosing(Instant deadline) {
        Objects.requireNonNull(deadline, "deadline");
        return next(Phase.DIAGNOSING, deadline, null);
    }

    /**
     * The platform accepted the diagnosis launch: its id is kept, so a watch resumed from this state
     * fetches that diagnosis instead of launching another.
     */
    public WatchState withDiagnosisId(String id) {
        Objects.requireNonNull(id, "id");
        if (phase != Phase.DIAGNOSING) {
            throw new IllegalStateException("a diagnosis id belongs to a diagnosing watch, this one is " + phase);
        }
        return next(Phase.DIAGNOSING, diagnosisDeadline, id);
    }

    /** Waiting again: the job started while it was being diagnosed, so the diagnosis is dropped. */
    public WatchState waitingAgain() {
        return next(Phase.WAITING, null, null);
    }

    /** The watch ended; the diagnosis deadline and id stay, for the record. */
    public WatchState done() {
        return next(Phase.DONE, diagnosisDeadline, diagnosisId);
    }

    private WatchState next(Phase phase, Instant diagnosisDeadline, String diagnosisId) {
        return new WatchState(
                connectionId,
                job,
                policy,
                phase,
                startedAt,
                pendingDeadline,
                overallDeadline,
                diagnosisDeadline,
                diagnosisId);
    }
}

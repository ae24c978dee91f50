package io.jenkins.plugins.trainingjob.core.platform;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A snapshot of a job as the platform reports it.
 *
 * @param rawState the platform's own state string, verbatim (e.g. {@code Created}, {@code QUEUEING})
 * @param queuePosition the position in the queue where the platform reports one (AIHC
 *     {@code queueingSequence}), else {@code null}
 * @param workers pods or workers with their nodes; may be empty where a list call does not return them
 * @param consoleUrl a link to the job in the platform's console where one can be built, else {@code null}
 * @param gpus the accelerators the job asks for in all pods, where the platform's answer shows them (AIHC
 *     echoes the spec's {@code replicas} and {@code resources}), else {@code 0}: what an ETA sizes jobs by
 */
public record JobStatus(
        JobRef job,
        JobPhase phase,
        String rawState,
        Instant createdAt,
        Instant startedAt,
        Instant finishedAt,
        Integer queuePosition,
        String reason,
        List<WorkerStatus> workers,
        String consoleUrl,
        int gpus) {

    /** A status whose answer did not show the job's size. */
    public JobStatus(
            JobRef job,
            JobPhase phase,
            String rawState,
            Instant createdAt,
            Instant startedAt,
            Instant finishedAt,
            Integer queuePosition,
            String reason,
            List<WorkerStatus> workers,
            String consoleUrl) {
        this(job, phase, rawState, createdAt, startedAt, finishedAt, queuePosition, reason, workers, consoleUrl, 0);
    }

    public JobStatus {
        gpus = Math.max(0, gpus);
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(phase, "phase");
        rawState = rawState == null ? "" : rawState;
        reason = reason == null ? "" : reason;
        workers = workers == null ? List.of() : List.copyOf(workers);
    }

    /** A stand-in naming the job when no status of it has been read (yet): phase UNKNOWN, nothing else. */
    public static JobStatus unknown(JobRef job) {
        return new JobStatus(job, JobPhase.UNKNOWN, "", null, null, null, null, "", List.of(), null);
    }

    OptionalInt queuePositionIfKnown() {
        return queuePosition == null ? OptionalInt.empty() : OptionalInt.of(queuePosition);
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import java.util.Optional;

/**
 * Worker logs, on platforms whose API serves them: AIHC's pod logs. SenseCore serves logs only through a
 * separate monitoring service with its own tokens, so its client does not implement this.
 */
public interface JobLogs {

    /**
     * One chunk of a worker's log.
     *
     * @param worker the pod name, as {@link WorkerStatus#name()} gives it
     * @param marker where the previous chunk ended ({@link LogChunk#nextMarker()}), {@code null} for the start
     * @param maxLines at most this many lines
     */
    LogChunk logs(JobRef job, String worker, String marker, int maxLines);

    /**
     * The {@code trainjob-output} nonce the job was created with (see {@code core.spec.OutputNonce}), read
     * from the job itself; empty when it has none (created by another tool or an older release), so no line
     * of its log counts as an output.
     */
    default Optional<String> outputNonce(JobRef job) {
        return Optional.empty();
    }
}

package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Instant;
import java.util.Objects;

/**
 * The job an estimate is for: its id (so the history's copy of it is not counted as ahead of itself), its
 * size as a gang ({@code pods} pods of {@code gpusPerPod} GPUs, all placed or none) and when it was created.
 */
public record PendingJob(String id, int pods, int gpusPerPod, Instant createdAt) {

    public PendingJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(createdAt, "createdAt");
        if (pods < 1) {
            throw new IllegalArgumentException("pods must be at least 1, was " + pods);
        }
        if (gpusPerPod < 0) {
            throw new IllegalArgumentException("gpusPerPod must not be negative, was " + gpusPerPod);
        }
    }

    public int gpus() {
        return pods * gpusPerPod;
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

/**
 * A platform's job state, normalised. The raw state string is always kept next to it in {@link JobStatus}.
 */
public enum JobPhase {
    /** Accepted but not every pod is placed: queued for capacity or quota. */
    PENDING,
    /** Every pod is placed; containers are starting (image pull, init containers). */
    STARTING,
    RUNNING,
    SUCCEEDED,
    FAILED,
    /** Stopped by a person or by us (AIHC ManualTermination, SenseCore SUSPENDED). */
    STOPPED,
    /** A state string we do not know. Never terminal, so we keep waiting rather than guess. */
    UNKNOWN;

    public boolean isTerminal() {
        return this == SUCCEEDED || this == FAILED || this == STOPPED;
    }

    /** True once every pod has a node: what {@code wait: scheduled} waits for. */
    public boolean isScheduled() {
        return this == STARTING || this == RUNNING || isTerminal();
    }
}

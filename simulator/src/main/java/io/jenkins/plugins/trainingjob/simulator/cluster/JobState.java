package io.jenkins.plugins.trainingjob.simulator.cluster;

/** The simulator's own lifecycle; each API maps it to its platform's state strings. */
public enum JobState {
    QUEUED,
    RUNNING,
    SUCCEEDED,
    FAILED,
    /** Stop requested, pods still terminating (SenseCore SUSPENDING). */
    STOPPING,
    STOPPED;

    public boolean isTerminal() {
        return this == SUCCEEDED || this == FAILED || this == STOPPED;
    }
}

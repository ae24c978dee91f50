package io.jenkins.plugins.trainingjob.core.monitor;

/** What a watch waits for. */
public enum WaitTarget {
    /** Every pod placed on a node (the job is starting or running). */
    SCHEDULED,
    /** The job finished, successfully or not. */
    COMPLETED
}

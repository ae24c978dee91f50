package io.jenkins.plugins.trainingjob.core.diagnosis;

/** Whether waiting can ever help. */
public enum Verdict {
    /** No node could ever hold the pod as requested (e.g. 8 GPUs per pod, the largest node has fewer). */
    NEVER_FITS,
    /** Capacity exists but is in use, cordoned, tainted or behind quota: it fits after a change or a wait. */
    FITS_LATER,
    /** The diagnosis named no blocker we can judge. */
    UNKNOWN,
    /** Pre-flight only: the pool's free capacity holds the whole job now. */
    FITS_NOW
}

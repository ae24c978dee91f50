package io.jenkins.plugins.trainingjob.core.diagnosis;

/**
 * Whether waiting can ever help: one set for pre-flight and for the diagnosis after the pending timeout. A
 * job gets the most hopeful verdict that the evidence still allows; the hints list every action anyway.
 */
public enum Verdict {
    /**
     * The job as written cannot run in this queue even if every node bound to it were Ready, uncordoned,
     * untainted and empty and the queue open: only a change to the job or its target helps.
     */
    NEVER_FITS,
    /** Capacity exists but is in use: waiting for running jobs suffices. */
    FITS_LATER,
    /** The diagnosis named no blocker we can judge, or the evidence needed to judge was missing. */
    UNKNOWN,
    /** Pre-flight only: the pool's free capacity holds the whole job now. */
    FITS_NOW,
    /**
     * Only a pool administrator's action makes it fit: uncordon, untaint, mark Ready, reopen the queue,
     * raise a quota. Waiting alone will not help.
     */
    NEEDS_ADMIN
}

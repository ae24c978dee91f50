package io.jenkins.plugins.trainingjob.core.diagnosis;

/**
 * Whether waiting can ever help: one set for pre-flight and for the diagnosis after the pending timeout. A
 * job gets the most hopeful verdict that the evidence still allows; the hints list every action anyway.
 */
public enum Verdict {
    /**
     * The job as written cannot run in this queue even if every node bound to it were Ready, uncordoned,
     * untainted and empty and the queue open: only a change to the job or its target helps. Proof is one of:
     * its total exceeds the queue's hard limit ({@code capability}; a cpu or memory limit ≤ 0 means
     * unlimited, as Volcano reads it, and a limit we cannot read proves nothing); one pod exceeds every node
     * shape bound to the queue (node totals, not what is free); it asks for an accelerator kind the pool
     * provably does not have; the queue is not a leaf. Nothing else is proof: a missing, unreadable or oddly
     * cased field, a node list that does not add up, a managed or empty pool make the rules that need them
     * skip, and the report says so.
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

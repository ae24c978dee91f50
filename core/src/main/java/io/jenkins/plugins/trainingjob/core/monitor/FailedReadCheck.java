package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;

/**
 * One FAILED read of a fault-tolerant job may be a restart in progress (AIHC restarts a job's pods in
 * place): the platform wants it read once more before a wait ends on it
 * ({@link ConnectionGroup#failureNeedsConfirmation}). Scheduler-thread state of one watch.
 */
final class FailedReadCheck {
    private final ConnectionGroup group;
    private boolean unconfirmed;

    FailedReadCheck(ConnectionGroup group) {
        this.group = group;
    }

    /** Whether {@code status} is a first FAILED read to confirm: the watch reads again soon instead of ending. */
    boolean readAgain(JobStatus status) {
        boolean again = status.phase() == JobPhase.FAILED && !unconfirmed && group.failureNeedsConfirmation(status);
        unconfirmed = again;
        return again;
    }
}

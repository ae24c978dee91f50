package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import java.time.Duration;

/**
 * How a watch ended: a closed set; front ends switch on its {@link #kind()} (exit codes, step results).
 * {@link #message()} is the one line a person reads, the same in the CLI and in Jenkins.
 */
public sealed interface Outcome {

    /** The one-line summary, remote strings already stripped of control characters. */
    String message();

    /** Which way the watch ended: what a front end switches on. */
    OutcomeKind kind();

    /**
     * The last status read; {@code null} only when the watch ended before any was read (a timeout, a
     * cancel or a platform error can come first).
     */
    JobStatus lastStatus();

    /** Every pod is placed (the job is starting or running). */
    record Scheduled(JobStatus status) implements Outcome {
        @Override
        public OutcomeKind kind() {
            return OutcomeKind.SCHEDULED;
        }

        @Override
        public JobStatus lastStatus() {
            return status;
        }

        @Override
        public String message() {
            return OutcomeMessages.scheduled(status);
        }
    }

    /** The job finished successfully. */
    record Completed(JobStatus status) implements Outcome {
        @Override
        public OutcomeKind kind() {
            return OutcomeKind.COMPLETED;
        }

        @Override
        public JobStatus lastStatus() {
            return status;
        }

        @Override
        public String message() {
            return OutcomeMessages.completed(status);
        }
    }

    /**
     * The job ended failed or was stopped by someone else; {@code status.rawState()} says which, and
     * {@code failure} what the platform says about why.
     */
    record JobFailed(JobStatus status, JobFailure failure) implements Outcome {
        public JobFailed {
            failure = failure == null ? JobFailure.none() : failure;
        }

        public JobFailed(JobStatus status) {
            this(status, JobFailure.none());
        }

        @Override
        public OutcomeKind kind() {
            return OutcomeKind.JOB_FAILED;
        }

        @Override
        public JobStatus lastStatus() {
            return status;
        }

        @Override
        public String message() {
            return OutcomeMessages.failed(status, failure);
        }
    }

    /** The job stayed pending past the pending timeout; the diagnosis says why. */
    record Unschedulable(JobStatus status, DiagnosisReport report) implements Outcome {
        @Override
        public OutcomeKind kind() {
            return OutcomeKind.UNSCHEDULABLE;
        }

        @Override
        public JobStatus lastStatus() {
            return status;
        }

        @Override
        public String message() {
            return OutcomeMessages.unschedulable(status, report);
        }
    }

    /**
     * A deadline passed without an answer: the overall timeout, or the diagnosis timeout (the job stayed
     * pending past its pending timeout but no report came in time); {@code what} names the deadline and its
     * length in words, {@code deadline} which one it was (what follows is decided by that, never by the words).
     */
    record TimedOut(JobStatus lastStatus, String what, Deadline deadline) implements Outcome {
        /** Which deadline passed. */
        public enum Deadline {
            /** The wait's overall timeout. */
            OVERALL,
            /** The diagnosis of a job pending past its pending timeout did not come in time. */
            DIAGNOSIS
        }

        public TimedOut {
            deadline = deadline == null ? Deadline.OVERALL : deadline; // forms saved before it was typed
        }

        /** The overall timeout. */
        public TimedOut(JobStatus lastStatus, String what) {
            this(lastStatus, what, Deadline.OVERALL);
        }

        /** {@code deadline} of {@code length} passed: {@code overall timeout of 1h}. */
        static TimedOut after(JobStatus lastStatus, Deadline deadline, java.time.Duration length) {
            return new TimedOut(
                    lastStatus,
                    deadline.name().toLowerCase(java.util.Locale.ROOT) + " timeout of " + DurationText.format(length),
                    deadline);
        }

        @Override
        public OutcomeKind kind() {
            return OutcomeKind.TIMED_OUT;
        }

        @Override
        public String message() {
            return OutcomeMessages.timedOut(lastStatus, what);
        }
    }

    /**
     * The wait budget ({@code maxWait}) ran out before the job started, or the optimistic estimate (p10)
     * showed it could not start within what was left of it. The job is still queued: the front end applies
     * its cleanup rule ({@link io.jenkins.plugins.trainingjob.core.flow.FailureCleanup}).
     *
     * @param budget the whole budget
     * @param why empty when the deadline passed; else why the wait ended early, e.g.
     *     {@code p10 start in 2h 10m; 3 jobs ahead}
     * @param eta the last estimate, or {@code null} when none was made
     * @param report the {@code FITS_LATER} diagnosis the watch waited on with, or {@code null} when none was made
     */
    record NotStartedInBudget(JobStatus lastStatus, Duration budget, String why, Eta eta, DiagnosisReport report)
            implements Outcome {
        public NotStartedInBudget {
            why = why == null ? "" : why;
        }

        public NotStartedInBudget(JobStatus lastStatus, Duration budget, String why) {
            this(lastStatus, budget, why, null, null);
        }

        @Override
        public OutcomeKind kind() {
            return OutcomeKind.NOT_STARTED_IN_BUDGET;
        }

        /** Whether the wait ended before its deadline, on the estimate. */
        public boolean early() {
            return !why.isEmpty();
        }

        @Override
        public String message() {
            return OutcomeMessages.notStartedInBudget(lastStatus, budget, why);
        }
    }

    /** The watch was cancelled; {@code remoteStopped} says whether the job was stopped on the platform. */
    record Cancelled(JobStatus lastStatus, boolean remoteStopped, String detail) implements Outcome {
        @Override
        public OutcomeKind kind() {
            return OutcomeKind.CANCELLED;
        }

        @Override
        public String message() {
            return OutcomeMessages.cancelled(lastStatus, remoteStopped, detail);
        }
    }

    /** The platform kept failing after retries, or refused in a way waiting cannot fix. */
    record PlatformError(JobStatus lastStatus, PlatformException error) implements Outcome {
        @Override
        public OutcomeKind kind() {
            return OutcomeKind.PLATFORM_ERROR;
        }

        @Override
        public String message() {
            return OutcomeMessages.platformError(lastStatus, error);
        }
    }
}

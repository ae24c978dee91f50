package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;

/**
 * What a finished wait means for a pipeline, one class per row of the exit-code table (docs/cli.md): the
 * CLI exits with {@link #exitCode()}, the Jenkins steps fail with {@link #meaning()} in front of their
 * message, so a person reads the same words in both. A job left pending is split by its diagnosis'
 * verdict, so a pipeline retries only what retrying can fix.
 */
public enum OutcomeClass {
    SUCCESS(0, "success"),
    JOB_FAILED(1, "the job failed, or was stopped by someone else"),
    INVALID_INPUT(2, "bad input"),
    NEVER_FITS(3, "never fits (change the job or its target)"),
    TIMED_OUT(4, "timed out"),
    PLATFORM_ERROR(5, "platform or network error"),
    STILL_PENDING(6, "still pending (retrying later may help)"),
    NEEDS_ADMIN(7, "needs the pool administrator"),
    NOT_STARTED_IN_BUDGET(8, "did not start within the budget (--max-wait, maxWait)"),
    JOB_VANISHED(9, "the job vanished: deleted by someone else while watched"),
    INTERRUPTED(130, "interrupted");

    private final int exitCode;
    private final String meaning;

    OutcomeClass(int exitCode, String meaning) {
        this.exitCode = exitCode;
        this.meaning = meaning;
    }

    /** The CLI's exit code for this class. */
    public int exitCode() {
        return exitCode;
    }

    /** The table's words for it, e.g. "still pending (retrying later may help)". */
    public String meaning() {
        return meaning;
    }

    /**
     * The class of a finished wait. A pending job by its report's verdict: NEVER_FITS 3, NEEDS_ADMIN 7,
     * FITS_LATER or UNKNOWN (or no report) 6. A job the platform no longer knows after the watch had read
     * its status was deleted by someone else (9); one it never knew is a wrong id (2).
     */
    public static OutcomeClass of(Outcome outcome) {
        return switch (outcome.kind()) {
            case SCHEDULED, COMPLETED -> SUCCESS;
            case JOB_FAILED -> JOB_FAILED;
            case UNSCHEDULABLE ->
                outcome instanceof Outcome.Unschedulable u && u.report() != null
                        ? ofPending(u.report().verdict())
                        : STILL_PENDING;
            case TIMED_OUT -> TIMED_OUT;
            case NOT_STARTED_IN_BUDGET -> NOT_STARTED_IN_BUDGET;
            case CANCELLED -> INTERRUPTED;
            case PLATFORM_ERROR ->
                outcome instanceof Outcome.PlatformError e && e.error() instanceof NotFoundException
                        ? (seen(e.lastStatus()) ? JOB_VANISHED : INVALID_INPUT)
                        : PLATFORM_ERROR;
        };
    }

    /** A job still pending at the pending timeout, by its diagnosis' verdict. */
    public static OutcomeClass ofPending(Verdict verdict) {
        return switch (verdict) {
            case NEVER_FITS -> NEVER_FITS;
            case NEEDS_ADMIN -> NEEDS_ADMIN;
            case FITS_LATER, UNKNOWN, FITS_NOW -> STILL_PENDING;
        };
    }

    /**
     * The class of a failure that ended a submit before or instead of a wait: bad input the platform
     * refused (a token of another spec, an unknown queue) or a job it does not know is bad input (2); any
     * other is the platform's or the network's (5).
     */
    public static OutcomeClass ofError(RuntimeException error) {
        return error instanceof InvalidInputException
                        || error instanceof InvalidRequestException
                        || error instanceof NotFoundException
                ? INVALID_INPUT
                : PLATFORM_ERROR;
    }

    /**
     * A create refused for quota (SenseCore {@code MEMBER_QUOTA_EXCEEDED}): only an administrator helps when
     * pre-flight proves the job alone needs more than the workspace's reservation (its reserved-quota
     * finding), else running jobs hold the quota and submitting later may pass.
     *
     * @param preflight the pre-flight report read after the refusal, or {@code null} when it could not be read
     */
    public static OutcomeClass ofQuotaRefusal(DiagnosisReport preflight) {
        return preflight != null && preflight.aloneExceedsReservedQuota() ? NEEDS_ADMIN : STILL_PENDING;
    }

    /** Whether the watch read the job's status at least once (the monitor's stand-in is "unknown"). */
    private static boolean seen(JobStatus last) {
        return last != null && !last.equals(JobStatus.unknown(last.job()));
    }
}

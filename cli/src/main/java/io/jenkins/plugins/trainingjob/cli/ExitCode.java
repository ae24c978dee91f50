package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import picocli.CommandLine;

/**
 * The documented exit codes, and the one place that maps outcomes and failures to them. Scripts branch
 * on these numbers, so they never change meaning.
 */
public final class ExitCode {
    public static final int SUCCESS = 0;
    public static final int JOB_FAILED = 1;
    public static final int INVALID_INPUT = 2;
    public static final int UNSCHEDULABLE = 3;
    public static final int TIMED_OUT = 4;
    public static final int PLATFORM_ERROR = 5;
    /** Still pending at the pending timeout, diagnosed FITS_LATER or UNKNOWN: retrying later may help. */
    public static final int STILL_PENDING = 6;
    /** Needs the pool administrator (NEEDS_ADMIN: pre-flight {@code strict}, or the diagnosis). */
    public static final int NEEDS_ADMIN = 7;
    /** Did not start within the wait budget ({@code --max-wait}). */
    public static final int NOT_STARTED_IN_BUDGET = 8;
    /** The job vanished: deleted by someone else while watched. */
    public static final int JOB_VANISHED = 9;
    /** 128 + SIGINT, what shells report for a process stopped with Ctrl-C. */
    public static final int INTERRUPTED = 130;
    /** 128 + SIGTERM. */
    public static final int TERMINATED = 143;

    private ExitCode() {}

    /**
     * How a watch ended, as an exit code: core's {@link OutcomeClass}, the same classes the Jenkins steps'
     * failure messages name. A pending job by its diagnosis' verdict (NEVER_FITS 3, NEEDS_ADMIN 7,
     * FITS_LATER or UNKNOWN 6); a job deleted while watched 9, a job id never known 2.
     */
    public static int of(Outcome outcome) {
        return OutcomeClass.of(outcome).exitCode();
    }

    /** The exit code of a job still pending at the pending timeout, by its diagnosis' verdict. */
    public static int ofPending(Verdict verdict) {
        return OutcomeClass.ofPending(verdict).exitCode();
    }

    /** The exit code of a pre-flight refusal (only NEVER_FITS, and NEEDS_ADMIN under {@code strict}, refuse). */
    public static int ofRefusal(Verdict verdict) {
        return verdict == Verdict.NEEDS_ADMIN ? NEEDS_ADMIN : UNSCHEDULABLE;
    }

    /**
     * A SenseCore {@code MEMBER_QUOTA_EXCEEDED} at create: only an administrator helps when the job alone
     * needs more than the workspace's reservation (7; the pre-flight report proves it with its
     * {@code ReservedQuota} finding); otherwise running jobs hold the quota and a retry later may pass (6).
     */
    public static int ofQuotaRefusal(DiagnosisReport preflight) {
        boolean aloneTooBig = preflight != null
                && preflight.rules().stream().anyMatch(rule -> rule.ruleType().equals(RESERVED_QUOTA_RULE));
        return aloneTooBig ? NEEDS_ADMIN : STILL_PENDING;
    }

    /** Pre-flight's rule for "the job's devices exceed the workspace's reserved quota" (PreflightCheck). */
    static final String RESERVED_QUOTA_RULE = "ReservedQuota";

    /** The name of a code in JSON error documents. */
    public static String kind(int code) {
        return switch (code) {
            case SUCCESS -> "success";
            case JOB_FAILED -> "job_failed";
            case INVALID_INPUT -> "invalid_input";
            case UNSCHEDULABLE -> "never_fits";
            case TIMED_OUT -> "timed_out";
            case PLATFORM_ERROR -> "platform_error";
            case STILL_PENDING -> "still_pending";
            case NEEDS_ADMIN -> "needs_admin";
            case NOT_STARTED_IN_BUDGET -> "not_started_in_budget";
            case JOB_VANISHED -> "job_vanished";
            case INTERRUPTED -> "interrupted";
            case TERMINATED -> "terminated";
            default -> "other";
        };
    }

    /** The platform a failure came from, when it says. */
    public static PlatformKind platformOf(Throwable failure) {
        Throwable t = failure;
        while (t != null) {
            if (t instanceof PlatformException e) {
                return e.platform();
            }
            t = t.getCause();
        }
        return null;
    }

    /** A failure that ended a command, as an exit code. */
    public static int of(Throwable failure) {
        if (failure instanceof CliException e) {
            return e.exitCode();
        }
        // A job, pool or workspace the platform does not know is a wrong argument, not an outage: CI scripts
        // can tell a typo from a platform that is down.
        // Bad input from core (a spec, a connection, a token, a duration...) is one type.
        if (failure instanceof CommandLine.ParameterException
                || failure instanceof InvalidInputException
                || failure instanceof InvalidRequestException
                || failure instanceof NotFoundException) {
            return INVALID_INPUT;
        }
        if (failure instanceof InterruptedException) {
            return INTERRUPTED;
        }
        return PLATFORM_ERROR;
    }

    /** The words a failure is reported with: what a person can act on, never a stack trace. */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        if (failure instanceof CliException
                || failure instanceof CommandLine.ParameterException
                || failure instanceof InvalidInputException
                || failure instanceof io.jenkins.plugins.trainingjob.core.platform.PlatformException) {
            return message != null && message.contains("ran out waiting for https://")
                    // A TLS handshake with a plain-HTTP server gets no answer at all, only this timeout.
                    ? message + "; if that endpoint speaks plain HTTP (the simulator, a local proxy), use http://"
                    : message;
        }
        if (failure instanceof java.io.IOException || failure instanceof java.io.UncheckedIOException) {
            return "I/O failed: " + message;
        }
        return "unexpected " + failure.getClass().getSimpleName() + (message == null ? "" : ": " + message)
                + " (run with --debug for the stack trace)";
    }
}

package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
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

    private ExitCode() {
    }

    /** How a watch ended, as an exit code. */
    public static int of(Outcome outcome) {
        return switch (outcome.kind()) {
            case SCHEDULED, COMPLETED -> SUCCESS;
            case JOB_FAILED -> JOB_FAILED;
            case UNSCHEDULABLE -> UNSCHEDULABLE;
            case TIMED_OUT -> TIMED_OUT;
            case CANCELLED -> INTERRUPTED;
            // An unknown job is a wrong argument, not an outage (as for failures below).
            case PLATFORM_ERROR -> outcome instanceof Outcome.PlatformError e && e.error() instanceof NotFoundException
                    ? INVALID_INPUT : PLATFORM_ERROR;
        };
    }

    /** A failure that ended a command, as an exit code. */
    public static int of(Throwable failure) {
        if (failure instanceof CliException e) {
            return e.exitCode();
        }
        // A job, pool or workspace the platform does not know is a wrong argument, not an outage: CI scripts
        // can tell a typo from a platform that is down.
        // Bad input from core (a spec, a connection, a token, a duration...) is one type.
        if (failure instanceof CommandLine.ParameterException || failure instanceof InvalidInputException
                || failure instanceof InvalidRequestException || failure instanceof NotFoundException) {
            return INVALID_INPUT;
        }
        if (failure instanceof InterruptedException) {
            return INTERRUPTED;
        }
        return PLATFORM_ERROR;
    }

    /** The words a failure is reported with: what a person can act on, never a stack trace. */
    static String describe(Throwable failure) {
        String message = failure.getMessage();
        if (failure instanceof CliException || failure instanceof CommandLine.ParameterException
                || failure instanceof InvalidInputException
                || failure instanceof io.jenkins.plugins.trainingjob.core.platform.PlatformException) {
            return message;
        }
        if (failure instanceof java.io.IOException || failure instanceof java.io.UncheckedIOException) {
            return "I/O failed: " + message;
        }
        return "unexpected " + failure.getClass().getSimpleName() + (message == null ? "" : ": " + message)
                + " (run with --debug for the stack trace)";
    }
}

package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;

/**
 * How a failure ends a step or a build, decided in this one place. Bad input (core's {@link
 * InvalidInputException}, which a spec's and a connection's problems are too) and a platform's refusal
 * or outage ({@link PlatformException}) end it with an {@link AbortException}: its message only, as
 * Jenkins prints it without a stack trace. Anything else, a plain {@link IllegalArgumentException}
 * included, is a bug and goes on as it is, so Jenkins shows its stack trace.
 */
final class StepFailure {
    private StepFailure() {}

    /** Whether the user can act on {@code failure}'s message alone. */
    static boolean isForTheUser(Throwable failure) {
        return failure instanceof InvalidInputException || failure instanceof PlatformException;
    }

    /** What the step fails with: a clean abort for the user's failures, the failure itself for a bug. */
    static Throwable reported(Throwable failure) {
        return isForTheUser(failure) ? abort(failure) : failure;
    }

    /**
     * For code that may only throw {@link AbortException}: the clean abort of a user's failure, else
     * {@code failure} rethrown unchanged.
     */
    static AbortException abortOrRethrow(RuntimeException failure) {
        if (isForTheUser(failure)) {
            return abort(failure);
        }
        throw failure;
    }

    private static AbortException abort(Throwable failure) {
        return new AbortException(StepOutcome.consoleLines(failure.getMessage()));
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/**
 * A platform client (or the monitor itself) failed with something other than a {@link PlatformException}:
 * a bug, not an answer of the platform, so it is not retried.
 */
final class UnexpectedFailureException extends PlatformException {
    private static final long serialVersionUID = 1L;

    UnexpectedFailureException(PlatformKind platform, String operation, Throwable cause) {
        super(platform, operation, "unexpected failure: " + describe(cause), cause);
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null || message.isEmpty() ? "" : ": " + message);
    }
}

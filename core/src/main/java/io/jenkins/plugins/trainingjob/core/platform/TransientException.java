package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** A failure that may pass: HTTP 5xx, a timeout, a reset or truncated response, a gateway's HTML page. */
public class TransientException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public TransientException(FailedCall call, String message, Throwable cause) {
        super(call, message, cause);
    }

    /**
     * The platform answered ({@code httpStatus}, maybe a request id), but not in a form this client can
     * use: a body that is not JSON, an envelope without its {@code result}, an answer missing the id it
     * must carry, a body over the size limit. A gateway or a cut answer; asking again may help.
     */
    public static TransientException malformed(
            PlatformKind platform, String operation, int httpStatus, String requestId, String detail) {
        return new TransientException(new FailedCall(platform, operation, httpStatus, "", requestId), detail, null);
    }

    /**
     * The connection failed (refused, reset, timed out, closed early). {@code httpStatus} is the status
     * that had arrived before the body broke off, or 0 when no answer arrived at all.
     */
    public static TransientException connectionFailed(
            PlatformKind platform, String operation, int httpStatus, String requestId, String detail, Throwable cause) {
        return new TransientException(new FailedCall(platform, operation, httpStatus, "", requestId), detail, cause);
    }

    /** The thread was interrupted while waiting to call (the interrupt flag is the caller's to restore). */
    public static TransientException interrupted(
            PlatformKind platform, String operation, String detail, InterruptedException cause) {
        return new TransientException(FailedCall.unanswered(platform, operation), detail, cause);
    }

    @Override
    public boolean isRetryable() {
        return true;
    }
}

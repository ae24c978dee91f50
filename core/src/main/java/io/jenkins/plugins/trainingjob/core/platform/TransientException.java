package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** A failure that may pass: HTTP 5xx, a timeout, a reset or truncated response, a gateway's HTML page. */
public class TransientException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public TransientException(PlatformKind platform, String operation, int httpStatus, String code, String requestId,
            String message, Throwable cause) {
        super(platform, operation, httpStatus, code, requestId, message, cause);
    }

    @Override
    public boolean isRetryable() {
        return true;
    }
}

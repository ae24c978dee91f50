package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** The job, pool, workspace or diagnosis does not exist (HTTP 404, or the platform's not-found code). */
public class NotFoundException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public NotFoundException(
            PlatformKind platform,
            String operation,
            int httpStatus,
            String code,
            String requestId,
            String message,
            Throwable cause) {
        super(platform, operation, httpStatus, code, requestId, message, cause);
    }
}

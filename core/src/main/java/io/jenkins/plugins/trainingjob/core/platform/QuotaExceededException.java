package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** A create was refused because the member or workspace quota is used up (SenseCore {@code MEMBER_QUOTA_EXCEEDED}). */
public class QuotaExceededException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public QuotaExceededException(
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

package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** The credentials were refused (bad access key, bad signature, expired date) or lack a permission (HTTP 401/403). */
public class AuthenticationException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public AuthenticationException(
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

package io.jenkins.plugins.trainingjob.core.platform;

/** The credentials were refused (bad access key, bad signature, expired date) or lack a permission (HTTP 401/403). */
public class AuthenticationException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public AuthenticationException(FailedCall call, String message, Throwable cause) {
        super(call, message, cause);
    }
}

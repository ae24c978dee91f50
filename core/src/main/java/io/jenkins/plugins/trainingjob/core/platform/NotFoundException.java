package io.jenkins.plugins.trainingjob.core.platform;

/** The job, pool, workspace or diagnosis does not exist (HTTP 404, or the platform's not-found code). */
public class NotFoundException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public NotFoundException(FailedCall call, String message, Throwable cause) {
        super(call, message, cause);
    }
}

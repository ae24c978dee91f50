package io.jenkins.plugins.trainingjob.core.platform;

/** A create was refused because the member or workspace quota is used up (SenseCore {@code MEMBER_QUOTA_EXCEEDED}). */
public class QuotaExceededException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public QuotaExceededException(FailedCall call, String message, Throwable cause) {
        super(call, message, cause);
    }
}

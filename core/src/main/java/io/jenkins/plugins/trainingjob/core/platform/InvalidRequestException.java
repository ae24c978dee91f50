package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/** The platform rejected the request as invalid (HTTP 400/422), naming a field or a reason where it can. */
public class InvalidRequestException extends PlatformException {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;

    public InvalidRequestException(PlatformKind platform, String operation, int httpStatus, String code,
            String requestId, String message, String field, String reason, Throwable cause) {
        super(platform, operation, httpStatus, code, requestId, message, cause);
        // Both come from the response body: no control characters, bounded like codes.
        this.field = ConsoleText.strip(field, 200);
        this.reason = ConsoleText.strip(reason, 200);
    }

    /** The offending field as the platform names it, or empty. */
    public String field() {
        return field;
    }

    /** The platform's machine-readable reason (e.g. SenseCore {@code tjRequiredStartupScript}), or empty. */
    public String reason() {
        return reason;
    }
}

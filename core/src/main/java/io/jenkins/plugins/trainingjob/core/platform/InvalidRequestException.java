package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/** The platform rejected the request as invalid (HTTP 400/422), naming a field or a reason where it can. */
public class InvalidRequestException extends PlatformException {
    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;

    public InvalidRequestException(FailedCall call, String message, String field, String reason, Throwable cause) {
        super(call, message, cause);
        // Both come from the response body: no control characters, bounded like codes.
        this.field = ConsoleText.strip(field, 200);
        this.reason = ConsoleText.strip(reason, 200);
    }

    /**
     * Refused by this side before any call: the request would break a rule the platform has (or that the
     * calls after it depend on). No HTTP status, code or request id.
     *
     * @param field the field the request would get wrong, as the user names it
     */
    public static InvalidRequestException refused(
            PlatformKind platform, String operation, String field, String message) {
        return new InvalidRequestException(FailedCall.unanswered(platform, operation), message, field, "", null);
    }

    /**
     * The same refusal in better words (what the platform's code means here), naming {@code field};
     * status, code, request id and reason stay, and this one becomes the cause.
     */
    public InvalidRequestException reworded(String message, String field) {
        return new InvalidRequestException(call(), message, field, reason, this);
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

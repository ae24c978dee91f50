package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/**
 * The root of every failure a platform call can end in. The message says what happened, on which call,
 * with the platform's code and request id when there is one; it never contains a secret.
 *
 * <p>Subclasses form a closed vocabulary that the monitor and the front ends act on (retry, wait, fail
 * with an exit code). Unchecked, so that asynchronous code can carry it through futures unchanged.
 */
public abstract class PlatformException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Codes and request ids are short tokens; a longer one is cut. */
    private static final int MAX_ID = 100;

    private final PlatformKind platform;
    private final String operation;
    private final int httpStatus;
    private final String code;
    private final String requestId;
    /** The message without its "<Platform> <operation>: " prefix, kept so no caller re-parses the message. */
    private final String detail;

    /**
     * Code, request id and message often come from a response body: control characters are stripped
     * from all of them here, once, so no decoder can let a hostile server forge console lines.
     */
    PlatformException(FailedCall call, String message, Throwable cause) {
        super(
                compose(
                        call.platform(),
                        ConsoleText.strip(call.operation()),
                        call.httpStatus(),
                        ConsoleText.strip(call.code(), MAX_ID),
                        ConsoleText.strip(call.requestId(), MAX_ID),
                        ConsoleText.strip(message)),
                cause);
        this.platform = call.platform();
        this.operation = ConsoleText.strip(call.operation());
        this.httpStatus = call.httpStatus();
        this.code = ConsoleText.strip(call.code(), MAX_ID);
        this.requestId = ConsoleText.strip(call.requestId(), MAX_ID);
        this.detail = compose(null, "", httpStatus, this.code, this.requestId, ConsoleText.strip(message));
    }

    /** A failure without an answer to describe: no HTTP status, platform code or request id. */
    protected PlatformException(PlatformKind platform, String operation, String message, Throwable cause) {
        this(FailedCall.unanswered(platform, operation), message, cause);
    }

    /** The call and its answer as this failure carries them (control characters stripped, ids bounded). */
    public FailedCall call() {
        return new FailedCall(platform, operation, httpStatus, code, requestId);
    }

    /** The platform, or {@code null} when the failure happened before a platform was chosen. */
    public PlatformKind platform() {
        return platform;
    }

    /** The call, e.g. {@code GET /api/v1/aijobs/{jobId}} or {@code create training job}. */
    public String operation() {
        return operation;
    }

    /** The HTTP status, or 0 when no response arrived. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The platform's error code ({@code PreCheckError}, {@code MEMBER_QUOTA_EXCEEDED}, ...), or empty. */
    public String code() {
        return code;
    }

    public String requestId() {
        return requestId;
    }

    /**
     * What happened in the platform's words, with status, code and request id, but without the
     * {@code "<Platform> <operation>: "} prefix of {@link #getMessage()}: for a message that quotes this
     * failure after naming the call itself (an uncertain create quoting its lost answer).
     */
    public String detail() {
        return detail;
    }

    /** Whether repeating the same idempotent call later may succeed. */
    public boolean isRetryable() {
        return false;
    }

    private static String compose(
            PlatformKind platform, String operation, int httpStatus, String code, String requestId, String message) {
        StringBuilder sb = new StringBuilder();
        if (platform != null) {
            sb.append(platform.displayName()).append(' ');
        }
        if (operation != null && !operation.isEmpty()) {
            sb.append(operation).append(": ");
        }
        sb.append(message == null || message.isEmpty() ? "failed" : message);
        StringBuilder extra = new StringBuilder();
        if (httpStatus > 0) {
            extra.append("HTTP ").append(httpStatus);
        }
        if (code != null && !code.isEmpty()) {
            extra.append(extra.length() > 0 ? ", " : "").append("code ").append(code);
        }
        if (requestId != null && !requestId.isEmpty()) {
            extra.append(extra.length() > 0 ? ", " : "").append("request id ").append(requestId);
        }
        if (extra.length() > 0) {
            sb.append(" (").append(extra).append(')');
        }
        return sb.toString();
    }
}

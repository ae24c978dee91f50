package io.jenkins.plugins.trainingjob.simulator.http;

import java.util.Map;

/**
 * A platform error to answer with; each API renders it in its platform's error body.
 *
 * @param reason SenseCore {@code details[].reason}; AIHC ignores it
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final String reason;
    private final Map<String, String> headers;

    public ApiException(int status, String code, String reason, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.reason = reason == null ? "" : reason;
        this.headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    public ApiException(int status, String code, String message) {
        this(status, code, "", message, null);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String reason() {
        return reason;
    }

    public Map<String, String> headers() {
        return headers;
    }
}

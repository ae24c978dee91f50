package io.jenkins.plugins.trainingjob.core.platform;

import java.time.Duration;

/** HTTP 429. {@link #retryAfter()} is the server's {@code Retry-After}, or {@code null} when it sent none. */
public class RateLimitedException extends PlatformException {
    private static final long serialVersionUID = 1L;

    private final Duration retryAfter;

    public RateLimitedException(FailedCall call, String message, Duration retryAfter, Throwable cause) {
        super(call, message, cause);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }

    @Override
    public boolean isRetryable() {
        return true;
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What an injected fault does to a matching request. */
public enum FaultKind {
    /** Waits {@code latencyMs}, then answers normally. */
    LATENCY("latency"),
    /** Answers {@code status} (default 503) with the platform's error body. */
    ERROR("error"),
    /** Answers 429 with {@code Retry-After: retryAfterSeconds}. */
    RATE_LIMIT("rate-limit"),
    /** Closes the connection without sending a response. */
    DROP("drop"),
    /** Sends the real response's headers, declaring the full length, then half the body, then closes. */
    TRUNCATE("truncate");

    private final String wireName;

    FaultKind(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Accepts {@code rate-limit}, {@code rate_limit}, {@code rateLimit}, any case. */
    @JsonCreator
    public static FaultKind parse(String text) {
        String norm = text == null ? "" : text.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
        for (FaultKind k : values()) {
            if (k.wireName.replace("-", "").equals(norm)) {
                return k;
            }
        }
        throw new IllegalArgumentException(
                "fault kind '" + text + "' is not one of latency, error, rate-limit, drop, truncate");
    }
}

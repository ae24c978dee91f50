package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A fault to inject on one route. {@code path} is a glob over the request path without the query
 * ({@code *} matches any characters, {@code /} included); {@code method} is an HTTP method or {@code *}.
 * Deterministic: the fault fires on every {@code every}-th matching request (1 = each one), at most
 * {@code times} times ({@code null} = without limit).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultRule(
        String method,
        String path,
        FaultKind kind,
        Integer status,
        Long latencyMs,
        Integer retryAfterSeconds,
        Integer every,
        Integer times) {

    public FaultRule {
        method = method == null || method.isBlank() ? "*" : method.trim().toUpperCase(Locale.ROOT);
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("fault: path is required (a glob such as /api/v1/aijobs/*)");
        }
        if (kind == null) {
            throw new IllegalArgumentException("fault: kind is required (latency, error, rate-limit, drop, truncate)");
        }
        if (every != null && every < 1) {
            throw new IllegalArgumentException("fault: every must be 1 or more, was " + every);
        }
        if (times != null && times < 0) {
            throw new IllegalArgumentException("fault: times must be 0 or more, was " + times);
        }
        if (kind == FaultKind.LATENCY && (latencyMs == null || latencyMs < 0)) {
            throw new IllegalArgumentException("fault: a latency fault needs latencyMs >= 0");
        }
        if (status != null && (status < 400 || status > 599)) {
            throw new IllegalArgumentException("fault: status must be an HTTP error status 400-599, was " + status);
        }
    }

    /** A rule that fires on every match; latency faults start at 0 ms (see {@link #withLatencyMs}). */
    public static FaultRule of(FaultKind kind, String method, String path) {
        return new FaultRule(method, path, kind, null, kind == FaultKind.LATENCY ? 0L : null, null, null, null);
    }

    public FaultRule withStatus(int s) {
        return new FaultRule(method, path, kind, s, latencyMs, retryAfterSeconds, every, times);
    }

    public FaultRule withLatencyMs(long ms) {
        return new FaultRule(method, path, kind, status, ms, retryAfterSeconds, every, times);
    }

    public FaultRule withRetryAfterSeconds(int s) {
        return new FaultRule(method, path, kind, status, latencyMs, s, every, times);
    }

    public FaultRule withEvery(int n) {
        return new FaultRule(method, path, kind, status, latencyMs, retryAfterSeconds, n, times);
    }

    public FaultRule withTimes(int n) {
        return new FaultRule(method, path, kind, status, latencyMs, retryAfterSeconds, every, n);
    }

    Pattern pathPattern() {
        StringBuilder re = new StringBuilder();
        for (String part : path.split("\\*", -1)) {
            if (re.length() > 0) {
                re.append(".*");
            }
            re.append(Pattern.quote(part));
        }
        return Pattern.compile(re.toString());
    }
}

package io.jenkins.plugins.trainingjob.core.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * One platform call to make.
 *
 * @param operation how messages name the call, e.g. {@code GET /api/v1/aijobs/{jobId}}: the route with
 *     placeholders, so messages stay short and never carry query values
 * @param method the HTTP method, upper case
 * @param url the full URL, query included
 * @param body the JSON body, or {@code null} for none
 * @param idempotent whether repeating the call is harmless (reads, stop, delete); only such calls are
 *     retried after a failure that may have reached the server
 * @param maxResponseBytes a tighter bound on this call's answer than the settings' ({@code 0}: the
 *     settings' bound): a page of a job's log, whose lines a job chose
 */
public record ApiCall(
        String operation, String method, HttpUrl url, JsonNode body, boolean idempotent, long maxResponseBytes) {

    public ApiCall {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(url, "url");
        method = method.toUpperCase(Locale.ROOT);
        body = body == null ? null : body.deepCopy();
        if (maxResponseBytes < 0) {
            throw new IllegalArgumentException("maxResponseBytes must be 0 or more, was " + maxResponseBytes);
        }
    }

    /** A call bounded by the settings' response size. */
    public ApiCall(String operation, String method, HttpUrl url, JsonNode body, boolean idempotent) {
        this(operation, method, url, body, idempotent, 0);
    }

    /** The same call, its answer bounded at {@code bytes} (or the settings' bound, if that is smaller). */
    public ApiCall withMaxResponseBytes(long bytes) {
        return new ApiCall(operation, method, url, body, idempotent, bytes);
    }

    @Override
    public JsonNode body() {
        return body == null ? null : body.deepCopy();
    }

    public static ApiCall get(String operation, HttpUrl url) {
        return new ApiCall(operation, "GET", url, null, true);
    }

    public static ApiCall delete(String operation, HttpUrl url) {
        return new ApiCall(operation, "DELETE", url, null, true);
    }

    /** A POST that creates something: never retried blindly. */
    public static ApiCall create(String operation, HttpUrl url, JsonNode body) {
        return new ApiCall(operation, "POST", url, body, false);
    }

    /** A POST whose repetition is harmless (stop, cancel, launching a read-only analysis). */
    public static ApiCall idempotentPost(String operation, HttpUrl url, JsonNode body) {
        return new ApiCall(operation, "POST", url, body, true);
    }
}

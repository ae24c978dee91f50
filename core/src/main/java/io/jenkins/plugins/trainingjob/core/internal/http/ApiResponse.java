package io.jenkins.plugins.trainingjob.core.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import okhttp3.Headers;

/**
 * A response read in full (within the size limit).
 *
 * @param status the HTTP status
 * @param headers the response headers
 * @param body the body text, empty when there was none
 * @param json the body parsed as JSON; {@code null} when it is not JSON (possible only on a failure
 *     status: the executor refuses non-JSON success bodies), a {@code NullNode} when the body was empty
 */
public record ApiResponse(int status, Headers headers, String body, JsonNode json) {

    public ApiResponse {
        headers = headers == null ? Headers.of() : headers;
        body = body == null ? "" : body;
    }

    public boolean isSuccessful() {
        return status >= 200 && status < 300;
    }

    /** A header's value, or {@code null}. */
    public String header(String name) {
        return headers.get(name);
    }

    /** A top-level text field of the JSON body, or empty. */
    public String jsonText(String field) {
        if (json == null || !json.isObject()) {
            return "";
        }
        JsonNode v = json.get(field);
        return v == null || v.isNull() || !v.isValueNode() ? "" : v.asText();
    }
}

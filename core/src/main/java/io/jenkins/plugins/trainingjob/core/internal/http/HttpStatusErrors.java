package io.jenkins.plugins.trainingjob.core.internal.http;

import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;

/**
 * The meaning of an HTTP status when the platform's body says nothing more precise. Platform error
 * decoders start here and refine by their error codes.
 */
public final class HttpStatusErrors {

    private HttpStatusErrors() {}

    /**
     * Maps a failure status to an exception.
     *
     * @param code the platform's error code, or empty
     * @param requestId the platform's request id, or empty
     * @param message what happened, in the platform's words or ours; when empty, the status and an
     *     excerpt of the body are used
     * @param now the clock reading {@code Retry-After} dates are measured from
     */
    public static PlatformException forStatus(
            PlatformKind platform,
            ApiCall call,
            ApiResponse response,
            String code,
            String requestId,
            String message,
            Instant now) {
        int status = response.status();
        String text = message == null || message.isBlank() ? describe(response) : message;
        FailedCall failed = new FailedCall(platform, call.operation(), status, code, requestId);
        if (status == 401 || status == 403) {
            return new AuthenticationException(failed, text, null);
        }
        if (status == 404 || status == 410) {
            return new NotFoundException(failed, text, null);
        }
        if (status == 429) {
            return new RateLimitedException(failed, text, RetryAfter.parse(response.header("Retry-After"), now), null);
        }
        if (status == 408 || status == 425 || status >= 500) {
            return new TransientException(failed, text, null);
        }
        if (status >= 300 && status < 400) {
            String location = response.header("Location");
            String where = location == null ? "" : " to " + BodyExcerpt.of(location.replaceAll("\\?.*", ""));
            return new InvalidRequestException(
                    failed, "unexpected redirect" + where + ": check the endpoint URL", "", "", null);
        }
        return new InvalidRequestException(failed, text, "", "", null);
    }

    /** {@code unexpected response: <excerpt>} or {@code request failed} for an empty body. */
    public static String describe(ApiResponse response) {
        // JSON is excerpted after masking secret-looking fields, in case a platform echoes a request.
        String excerpt = BodyExcerpt.of(
                response.json() == null || response.json().isNull()
                        ? response.body()
                        : SecretRedactor.standard().json(response.json()).toString());
        if (excerpt.isEmpty()) {
            return "request failed with an empty response";
        }
        return (response.json() == null ? "unexpected non-JSON response: " : "request failed: ") + excerpt;
    }
}

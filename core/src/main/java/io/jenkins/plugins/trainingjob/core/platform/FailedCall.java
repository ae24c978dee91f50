package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/**
 * Which call failed and what the platform answered: the facts every {@link PlatformException} carries
 * besides its message, named here so that no decoder passes five positional values in the wrong order.
 *
 * @param platform the platform, or {@code null} when the failure happened before a platform was chosen
 * @param operation the call, e.g. {@code GET /api/v1/aijobs/{jobId}} or {@code create training job}
 * @param httpStatus the HTTP status, or 0 when no response arrived
 * @param code the platform's error code, or empty
 * @param requestId the platform's request id, or empty
 */
public record FailedCall(PlatformKind platform, String operation, int httpStatus, String code, String requestId) {

    /** A call that got no answer to describe (refused before sending, a connection that failed). */
    public static FailedCall unanswered(PlatformKind platform, String operation) {
        return new FailedCall(platform, operation, 0, "", "");
    }
}

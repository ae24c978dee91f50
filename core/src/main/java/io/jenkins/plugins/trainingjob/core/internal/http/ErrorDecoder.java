package io.jenkins.plugins.trainingjob.core.internal.http;

import io.jenkins.plugins.trainingjob.core.platform.PlatformException;

/**
 * Reads a platform's error convention (BCE {@code {code, message, requestId}}, SenseCore's error body)
 * into the {@link PlatformException} hierarchy.
 */
@FunctionalInterface
public interface ErrorDecoder {

    /**
     * The failure this response stands for, or {@code null} when it is none.
     *
     * <p>Called for every response. On a 2xx it lets a platform flag an error sent with success status
     * (return {@code null} for a real success). On any other status a {@code null} answer makes the
     * executor fall back to {@link HttpStatusErrors#forStatus}. {@code response.json()} is {@code null}
     * when a failure body is not JSON (a gateway's HTML page).
     */
    PlatformException decode(ApiCall call, ApiResponse response);
}

package io.jenkins.plugins.trainingjob.core.internal.http;

import java.time.Instant;
import okhttp3.Request;

/**
 * Adds a platform's authentication to an outgoing request (BCE v1 for AIHC, HMAC for SenseCore). The
 * {@link CallExecutor} signs each attempt afresh, with the executor's clock, so a retried call never
 * carries a stale date.
 */
@FunctionalInterface
public interface RequestSigner {

    /**
     * Returns the request with its authentication headers (and any header they cover, such as
     * {@code Host} or a date) set. Must not change the method, URL or body.
     */
    Request sign(Request request, Instant now);

    /** For endpoints that take no authentication, and for tests of the transport alone. */
    static RequestSigner unsigned() {
        return (request, now) -> request;
    }
}

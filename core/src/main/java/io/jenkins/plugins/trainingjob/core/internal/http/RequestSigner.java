package io.jenkins.plugins.trainingjob.core.internal.http;

import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import java.time.Instant;
import java.util.Optional;
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

    /**
     * The signer to send a request with once more after {@code failure} answered this one, or empty (by
     * default: a signer has no other). The SenseCore signer answers a 401 to its request-bound signature with
     * the date-only one, unless the connection asked for one scheme explicitly.
     */
    default Optional<RequestSigner> fallbackAfter(PlatformException failure) {
        return Optional.empty();
    }

    /** The request sent again with {@code fallback} ({@link #fallbackAfter}) succeeded: sign with it from now on. */
    default void adopt(RequestSigner fallback) {}

    /** For endpoints that take no authentication, and for tests of the transport alone. */
    static RequestSigner unsigned() {
        return (request, now) -> request;
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import io.jenkins.plugins.trainingjob.core.platform.aihc.BceAuthorization;
import io.jenkins.plugins.trainingjob.core.platform.aihc.BceV1Signer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks BCE v1 signatures with the client's own {@link BceV1Signer}, as the AIHC gateway would:
 * unknown access key → 403 {@code InvalidAccessKeyId}; malformed header → 400
 * {@code InvalidHTTPAuthHeader}; {@code x-bce-date} (or the signed timestamp) more than 30 minutes
 * from real wall time, or past its expiration → 400 {@code RequestExpired}; wrong signature → 403
 * {@code SignatureDoesNotMatch}; a {@code Content-MD5} that is not the body's → 400 {@code BadDigest}
 * (as BOS answers), so a signed {@code Content-MD5} binds the body and a replay with another body fails.
 */
public final class AihcAuthenticator {
    static final Duration MAX_SKEW = Duration.ofMinutes(30);

    private final Map<String, String> secrets;
    private final Clock wallClock;

    public AihcAuthenticator(Map<String, String> secretsByAccessKey, Clock wallClock) {
        this.secrets = Map.copyOf(secretsByAccessKey);
        this.wallClock = wallClock;
    }

    public void verify(HttpCall call, Map<String, String> headers) {
        String header = call.header("Authorization");
        if (header == null || header.isBlank()) {
            throw new ApiException(403, "AccessDenied", "Access denied: the request has no Authorization header");
        }
        BceAuthorization auth;
        try {
            auth = BceAuthorization.parse(header);
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, "InvalidHTTPAuthHeader", "Invalid Authorization header: " + e.getMessage());
        }
        String secret = secrets.get(auth.accessKeyId());
        if (secret == null) {
            throw new ApiException(
                    403, "InvalidAccessKeyId", "The access key id does not exist: " + auth.accessKeyId());
        }
        Instant signedAt;
        try {
            signedAt = Instant.parse(auth.timestamp());
        } catch (DateTimeParseException e) {
            throw new ApiException(
                    400, "InvalidHTTPAuthHeader", "Invalid timestamp in Authorization: " + auth.timestamp());
        }
        Instant now = wallClock.instant();
        Instant dated = signedAt;
        String xBceDate = call.header(BceV1Signer.DATE_HEADER);
        if (xBceDate != null) {
            try {
                dated = Instant.parse(xBceDate.trim());
            } catch (DateTimeParseException e) {
                throw new ApiException(400, "InvalidHTTPAuthHeader", "Invalid x-bce-date: " + xBceDate);
            }
        }
        if (Duration.between(dated, now).abs().compareTo(MAX_SKEW) > 0
                || now.isAfter(signedAt.plusSeconds(auth.expirationSeconds()))) {
            throw new ApiException(
                    400,
                    "RequestExpired",
                    "Request has expired: x-bce-date " + Json.time(dated) + " is more than 30 minutes from server time "
                            + Json.time(now) + " or past its expiration");
        }
        List<Map.Entry<String, String>> query = new ArrayList<>(call.query().entrySet());
        String path = "/" + String.join("/", call.segments());
        BceAuthorization expected = BceV1Signer.authorize(
                auth.accessKeyId(),
                secret,
                call.method(),
                path,
                query,
                headers,
                signedAt,
                auth.expirationSeconds(),
                auth.signedHeaders());
        if (!MessageDigest.isEqual(
                expected.signature().getBytes(StandardCharsets.US_ASCII),
                auth.signature().getBytes(StandardCharsets.US_ASCII))) {
            throw new ApiException(
                    403,
                    "SignatureDoesNotMatch",
                    "The request signature we calculated does not match the signature you provided");
        }
        String md5 = headers.get("content-md5");
        if (md5 != null && !md5.trim().equals(BceV1Signer.contentMd5(call.body()))) {
            throw new ApiException(400, "BadDigest", "The Content-MD5 you specified did not match what we received");
        }
    }

    /** The request's headers, first value of each, by lower-case name. */
    static Map<String, String> headersOf(com.sun.net.httpserver.Headers h) {
        Map<String, String> m = new TreeMap<>();
        h.forEach((k, v) -> {
            if (!v.isEmpty()) {
                m.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0));
            }
        });
        return m;
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Checks SenseCore HMAC signatures (scheme A {@code x-date}, and scheme B {@code date host
 * @request-target}) with the client's own {@link SenseCoreHmacSigner}; a knob makes it a gateway that
 * accepts one of them only ({@link #accept}). Failures are 401 with reason
 * {@code UNAUTHENTICATED}-style details: {@code MissingAuthorization}, {@code InvalidAuthorization},
 * {@code InvalidAccessKey}, {@code RequestExpired} (date more than 15 minutes from real wall time),
 * {@code SignatureDoesNotMatch}.
 */
public final class SenseCoreAuthenticator {
    static final Duration MAX_SKEW = Duration.ofMinutes(15);

    private final Map<String, String> secrets;
    private final Clock wallClock;
    private volatile Set<Scheme> accepted = EnumSet.allOf(Scheme.class);

    public SenseCoreAuthenticator(Map<String, String> secretsByAccessKey, Clock wallClock) {
        this.secrets = Map.copyOf(secretsByAccessKey);
        this.wallClock = wallClock;
    }

    /**
     * The schemes this gateway accepts (all by default); a request signed with another is refused with 401
     * {@code InvalidAuthorization}, as a gateway that knows only one scheme would (sensecore-api.md §8.4).
     */
    public void accept(Set<Scheme> schemes) {
        if (schemes.isEmpty()) {
            throw new IllegalArgumentException("a gateway accepts at least one signature scheme");
        }
        this.accepted = EnumSet.copyOf(schemes);
    }

    public void verify(HttpCall call) {
        String header = call.header("Authorization");
        if (header == null || header.isBlank()) {
            throw unauthenticated("MissingAuthorization", "the request has no Authorization header");
        }
        SenseCoreHmacSigner.Authorization parsed = SenseCoreHmacSigner.Authorization.parse(header.trim())
                .orElseThrow(() -> unauthenticated(
                        "InvalidAuthorization",
                        "Authorization must be hmac accesskey=\"..\", "
                                + "algorithm=\"hmac-sha256\", headers=\"..\", signature=\"..\""));
        if (!"hmac-sha256".equalsIgnoreCase(parsed.algorithm())) {
            throw unauthenticated("InvalidAuthorization", "algorithm must be hmac-sha256");
        }
        Scheme scheme = parsed.scheme()
                .orElseThrow(() -> unauthenticated(
                        "InvalidAuthorization", "unsupported signed headers \"" + parsed.headers() + "\""));
        if (!accepted.contains(scheme)) {
            throw unauthenticated(
                    "InvalidAuthorization", "this gateway does not accept signed headers \"" + parsed.headers() + "\"");
        }
        String ak = parsed.accessKey();
        String signature = parsed.signature();
        String secret = secrets.get(ak);
        if (secret == null) {
            throw unauthenticated("InvalidAccessKey", "unknown access key " + ak);
        }
        String date = call.header(scheme == Scheme.X_DATE ? "X-Date" : "Date");
        if (date == null) {
            throw unauthenticated("InvalidAuthorization", "the signed date header is missing");
        }
        Instant dated;
        try {
            dated = ZonedDateTime.parse(date.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            throw unauthenticated("InvalidAuthorization", "the date is not an RFC 1123 date: " + date);
        }
        if (Duration.between(dated, wallClock.instant()).abs().compareTo(MAX_SKEW) > 0) {
            throw unauthenticated("RequestExpired", "the request date is more than 15 minutes from server time");
        }
        String target = call.rawPath() + (call.rawQuery() == null ? "" : "?" + call.rawQuery());
        String expected = SenseCoreHmacSigner.expectedSignature(
                scheme, secret, date.trim(), call.header("Host"), call.method(), target);
        if (!MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), signature.getBytes(StandardCharsets.US_ASCII))) {
            throw unauthenticated("SignatureDoesNotMatch", "the signature does not match");
        }
    }

    private static ApiException unauthenticated(String reason, String message) {
        return new ApiException(401, "16", reason, "Unauthenticated: " + message, null);
    }
}

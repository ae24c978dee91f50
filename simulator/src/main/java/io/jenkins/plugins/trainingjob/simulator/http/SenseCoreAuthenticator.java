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
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks SenseCore HMAC signatures (scheme A {@code x-date}, and scheme B {@code date host
 * @request-target}) with the client's own {@link SenseCoreHmacSigner}. Failures are 401 with reason
 * {@code UNAUTHENTICATED}-style details: {@code MissingAuthorization}, {@code InvalidAuthorization},
 * {@code InvalidAccessKey}, {@code RequestExpired} (date more than 15 minutes from real wall time),
 * {@code SignatureDoesNotMatch}.
 */
public final class SenseCoreAuthenticator {
    static final Duration MAX_SKEW = Duration.ofMinutes(15);
    private static final Pattern PARAM = Pattern.compile("(\\w+)\\s*=\\s*\"([^\"]*)\"");

    private final Map<String, String> secrets;
    private final Clock wallClock;

    public SenseCoreAuthenticator(Map<String, String> secretsByAccessKey, Clock wallClock) {
        this.secrets = Map.copyOf(secretsByAccessKey);
        this.wallClock = wallClock;
    }

    public void verify(HttpCall call) {
        String header = call.header("Authorization");
        if (header == null || header.isBlank()) {
            throw unauthenticated("MissingAuthorization", "the request has no Authorization header");
        }
        String h = header.trim();
        if (!h.regionMatches(true, 0, "hmac ", 0, 5)) {
            throw unauthenticated("InvalidAuthorization", "Authorization must be an hmac signature");
        }
        Map<String, String> p = new HashMap<>();
        Matcher m = PARAM.matcher(h.substring(5));
        while (m.find()) {
            p.put(m.group(1).toLowerCase(java.util.Locale.ROOT), m.group(2));
        }
        String ak = p.get("accesskey");
        String signature = p.get("signature");
        if (ak == null || signature == null || !"hmac-sha256".equalsIgnoreCase(p.getOrDefault("algorithm", ""))) {
            throw unauthenticated("InvalidAuthorization",
                    "Authorization needs accesskey, algorithm=\"hmac-sha256\", headers and signature");
        }
        Scheme scheme;
        String headers = p.getOrDefault("headers", "");
        if (headers.equals(Scheme.X_DATE.headerList())) {
            scheme = Scheme.X_DATE;
        } else if (headers.equals(Scheme.DATE_HOST_TARGET.headerList())) {
            scheme = Scheme.DATE_HOST_TARGET;
        } else {
            throw unauthenticated("InvalidAuthorization", "unsupported signed headers \"" + headers + "\"");
        }
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
            dated = ZonedDateTime.parse(date.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw unauthenticated("InvalidAuthorization", "the date is not an RFC 1123 date: " + date);
        }
        if (Duration.between(dated, wallClock.instant()).abs().compareTo(MAX_SKEW) > 0) {
            throw unauthenticated("RequestExpired", "the request date is more than 15 minutes from server time");
        }
        String target = call.rawPath() + (call.rawQuery() == null ? "" : "?" + call.rawQuery());
        String expected = SenseCoreHmacSigner.expectedSignature(scheme, secret, date.trim(),
                call.header("Host"), call.method(), target);
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII))) {
            throw unauthenticated("SignatureDoesNotMatch", "the signature does not match");
        }
    }

    private static ApiException unauthenticated(String reason, String message) {
        return new ApiException(401, "16", reason, "Unauthenticated: " + message, null);
    }
}

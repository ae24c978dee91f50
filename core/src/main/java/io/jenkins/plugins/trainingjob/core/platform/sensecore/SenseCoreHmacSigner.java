package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.internal.http.RequestSigner;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * SenseCore's HMAC-SHA256 request signature.
 *
 * <ul>
 *   <li>{@link Scheme#DATE_HOST_TARGET} (the clients' default): signs {@code date}, {@code host} and
 *       {@code @request-target} (lower-case method, path and query); headers {@code Date}, {@code Host}. A
 *       captured header is good for that one request only.</li>
 *   <li>{@link Scheme#X_DATE} (documented on SenseCore's product pages and live-confirmed on ACP; only
 *       when a connection asks for date-only): the signed string is only {@code "x-date: " + date}; headers
 *       {@code X-Date} and {@code Authorization: hmac accesskey="..", algorithm="hmac-sha256",
 *       headers="x-date", signature=".."}. A captured header replays for any method and path while the
 *       gateway accepts its date.</li>
 * </ul>
 *
 * <p>The static methods are pure functions of their inputs, so the simulator verifies a request with
 * exactly the code that signs it. Dates are always English (RFC 1123, GMT) whatever the default locale,
 * because the gateway compares the signed text byte for byte.
 */
public final class SenseCoreHmacSigner implements RequestSigner {

    /** Which headers the signature covers. */
    public enum Scheme {
        X_DATE("x-date"),
        DATE_HOST_TARGET("date host @request-target");

        private final String headerList;

        Scheme(String headerList) {
            this.headerList = headerList;
        }

        /** The value of the {@code headers="..."} parameter of the Authorization header. */
        String headerList() {
            return headerList;
        }
    }

    /** IMF-fixdate (RFC 7231 / RFC 1123): two-digit day, English names, always GMT. */
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private final Credentials credentials;
    private final Scheme scheme;

    public SenseCoreHmacSigner(Credentials credentials, Scheme scheme) {
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.scheme = Objects.requireNonNull(scheme, "scheme");
    }

    Scheme scheme() {
        return scheme;
    }

    /**
     * The headers to add to one request, in the order they are listed.
     *
     * @param now the signing time; the caller's clock, so that every retry is signed afresh
     * @param method the HTTP method, any case
     * @param host the {@code Host} header value ({@code host} or {@code host:port} for a non-default port)
     * @param requestTarget the encoded path plus {@code ?query} when there is a query
     */
    Map<String, String> headers(Instant now, String method, String host, String requestTarget) {
        String date = formatDate(now);
        String signature = expectedSignature(scheme, credentials.secretKey(), date, host, method, requestTarget);
        Map<String, String> headers = new LinkedHashMap<>();
        if (scheme == Scheme.X_DATE) {
            headers.put("X-Date", date);
        } else {
            headers.put("Date", date);
            headers.put("Host", host);
        }
        headers.put("Authorization", authorization(credentials.accessKey(), scheme, signature));
        return headers;
    }

    @Override
    public Request sign(Request request, Instant now) {
        HttpUrl url = request.url();
        Request.Builder signed = request.newBuilder();
        headers(now, request.method(), hostHeader(url), requestTarget(url)).forEach(signed::header);
        return signed.build();
    }

    /** The {@code Host} header OkHttp sends: the port only when it is not the scheme's default. */
    static String hostHeader(HttpUrl url) {
        String host = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
        return url.port() == HttpUrl.defaultPort(url.scheme()) ? host : host + ":" + url.port();
    }

    /** The encoded path, plus {@code ?} and the encoded query when there is one. */
    static String requestTarget(HttpUrl url) {
        String query = url.encodedQuery();
        return query == null ? url.encodedPath() : url.encodedPath() + "?" + query;
    }

    /** The date as it is sent and signed, e.g. {@code Wed, 26 Jul 2023 11:36:03 GMT}. */
    static String formatDate(Instant instant) {
        return HTTP_DATE.format(instant);
    }

    /**
     * The exact text that is signed. {@code host}, {@code method} and {@code requestTarget} only matter
     * for scheme B.
     */
    static String stringToSign(Scheme scheme, String date, String host, String method, String requestTarget) {
        if (scheme == Scheme.X_DATE) {
            return "x-date: " + date;
        }
        return "date: " + date + "\nhost: " + host + "\n@request-target: " + method.toLowerCase(Locale.ROOT) + " "
                + requestTarget;
    }

    /** Base64 of HMAC-SHA256 over {@code stringToSign} keyed with the UTF-8 secret. */
    static String hmacSha256Base64(String secretKey, String stringToSign) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every Java 17 runtime ships HmacSHA256, and any non-empty key is valid for it.
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /**
     * The signature a correct client sends for these inputs; what a server compares against the
     * {@code signature="..."} parameter it received.
     */
    public static String expectedSignature(
            Scheme scheme, String secretKey, String date, String host, String method, String requestTarget) {
        return hmacSha256Base64(secretKey, stringToSign(scheme, date, host, method, requestTarget));
    }

    /** The Authorization header value. */
    static String authorization(String accessKey, Scheme scheme, String signature) {
        return "hmac accesskey=\"" + accessKey + "\", algorithm=\"hmac-sha256\", headers=\"" + scheme.headerList()
                + "\", signature=\"" + signature + "\"";
    }

    /** The parameters of a received {@code Authorization: hmac ...} header. */
    public record Authorization(String accessKey, String algorithm, String headers, String signature) {

        private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");

        /** Parses {@code hmac accesskey="..", algorithm="..", headers="..", signature=".."}; empty if malformed. */
        public static Optional<Authorization> parse(String header) {
            if (header == null || !header.regionMatches(true, 0, "hmac ", 0, 5)) {
                return Optional.empty();
            }
            Map<String, String> params = new LinkedHashMap<>();
            Matcher m = PARAM.matcher(header.substring(5));
            while (m.find()) {
                params.putIfAbsent(m.group(1).toLowerCase(Locale.ROOT), m.group(2));
            }
            if (!params.keySet().containsAll(List.of("accesskey", "algorithm", "headers", "signature"))) {
                return Optional.empty();
            }
            return Optional.of(new Authorization(
                    params.get("accesskey"), params.get("algorithm"), params.get("headers"), params.get("signature")));
        }

        /** The scheme named by {@code headers="..."}, if it is one we know. */
        public Optional<Scheme> scheme() {
            for (Scheme s : Scheme.values()) {
                if (s.headerList().equals(headers)) {
                    return Optional.of(s);
                }
            }
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return "SenseCoreHmacSigner{accessKey=" + credentials.accessKey() + ", scheme=" + scheme + "}";
    }
}

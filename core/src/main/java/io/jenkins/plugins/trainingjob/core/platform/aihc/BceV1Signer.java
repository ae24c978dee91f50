package io.jenkins.plugins.trainingjob.core.platform.aihc;

import io.jenkins.plugins.trainingjob.core.internal.http.RequestSigner;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.Buffer;

/**
 * Baidu Cloud (BCE) signature v1, as every official SDK computes it.
 *
 * <ol>
 *   <li>{@code signingKey = hex(HMAC-SHA256(SK, "bce-auth-v1/{ak}/{timestamp}/{expiration}"))}</li>
 *   <li>{@code canonicalRequest = METHOD \n UriEncode(path, keep '/') \n sorted "k=v" query \n
 *       sorted "name:value" headers} (no payload hash: the body is bound by a signed {@code Content-MD5})</li>
 *   <li>{@code signature = hex(HMAC-SHA256(signingKey as ASCII text, canonicalRequest))}</li>
 * </ol>
 *
 * <p>As a {@link RequestSigner} it sets {@code Host}, {@code x-bce-date}, {@code x-bce-security-token}
 * (with STS credentials) and {@code Authorization}, signing {@code host;x-bce-date} (plus the token)
 * explicitly, as the AIHC docs recommend. A request with a body also gets {@code Content-MD5} and signs
 * {@code content-length;content-md5;content-type}: v1 has no payload hash, so without them a captured
 * signed create replays with any body for the signature's 30 minutes (security review S3). These three
 * are in the set the gateway signs by default (official vector A signs exactly them), so it accepts
 * them in an explicit list. The static methods are pure functions of their inputs, so the simulator
 * verifies signatures with the very code that makes them.
 */
public final class BceV1Signer implements RequestSigner {

    static final long DEFAULT_EXPIRATION_SECONDS = 1800;
    public static final String DATE_HEADER = "x-bce-date";
    static final String SECURITY_TOKEN_HEADER = "x-bce-security-token";

    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
    /** What the server signs when {@code signedHeaders} is empty, besides every {@code x-bce-*} header. */
    private static final Set<String> DEFAULT_SET = Set.of("host", "content-length", "content-type", "content-md5");

    private static final HexFormat HEX = HexFormat.of();

    private final Credentials credentials;
    private final long expirationSeconds;

    public BceV1Signer(Credentials credentials) {
        this(credentials, DEFAULT_EXPIRATION_SECONDS);
    }

    BceV1Signer(Credentials credentials, long expirationSeconds) {
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        if (expirationSeconds < 1) {
            throw new IllegalArgumentException("expirationSeconds must be positive, was " + expirationSeconds);
        }
        this.expirationSeconds = expirationSeconds;
    }

    @Override
    public Request sign(Request request, Instant now) {
        HttpUrl url = request.url();
        String host = hostHeader(url);
        String date = timestamp(now);
        String token = credentials.securityToken();
        Map<String, String> headers = new TreeMap<>();
        headers.put("host", host);
        headers.put(DATE_HEADER, date);
        List<String> signed = new ArrayList<>(List.of("host", DATE_HEADER));
        Request.Builder out = request.newBuilder().header("Host", host).header(DATE_HEADER, date);
        if (token != null) {
            headers.put(SECURITY_TOKEN_HEADER, token);
            signed.add(SECURITY_TOKEN_HEADER);
            out.header(SECURITY_TOKEN_HEADER, token);
        }
        RequestBody body = request.body();
        if (body != null) {
            // The values OkHttp's BridgeInterceptor sends for this body, so that what is signed is what is sent.
            byte[] bytes = bytesOf(body);
            MediaType type = body.contentType();
            String contentType = type == null ? null : type.toString();
            String md5 = contentMd5(bytes);
            headers.put("content-length", Integer.toString(bytes.length));
            headers.put("content-md5", md5);
            signed.add("content-length");
            signed.add("content-md5");
            out.header("Content-MD5", md5);
            if (contentType != null) {
                headers.put("content-type", contentType);
                signed.add("content-type");
            }
        }
        BceAuthorization auth = authorize(
                credentials.accessKey(),
                credentials.secretKey(),
                request.method(),
                path(url),
                query(url),
                headers,
                now,
                expirationSeconds,
                signed);
        return out.header("Authorization", auth.toString()).build();
    }

    /**
     * The authorization for a request, a pure function of its inputs.
     *
     * @param path the decoded path ({@code /api/v1/aijobs/x}); empty means {@code /}
     * @param query the decoded query parameters in any order; a {@code null} value counts as empty
     * @param headers the request headers (any case); which are signed depends on {@code signedHeaders}
     * @param signedHeaders the header names to sign, or an empty list for the server's default set
     *     ({@code host}, {@code content-length}, {@code content-type}, {@code content-md5}, {@code x-bce-*})
     */
    public static BceAuthorization authorize(
            String accessKey,
            String secretKey,
            String method,
            String path,
            List<Map.Entry<String, String>> query,
            Map<String, String> headers,
            Instant timestamp,
            long expirationSeconds,
            List<String> signedHeaders) {
        TreeSet<String> names = new TreeSet<>();
        for (String n : signedHeaders) {
            names.add(n.trim().toLowerCase(Locale.ROOT));
        }
        BceAuthorization unsigned =
                new BceAuthorization(accessKey, timestamp(timestamp), expirationSeconds, List.copyOf(names), "");
        String key = signingKey(secretKey, unsigned.authStringPrefix());
        String canonical = canonicalRequest(method, path, query, headers, List.copyOf(names));
        return new BceAuthorization(
                accessKey, unsigned.timestamp(), expirationSeconds, List.copyOf(names), hmacHex(key, canonical));
    }

    /** {@code hex(HMAC-SHA256(secretKey, authStringPrefix))}: the key of the second HMAC, as text. */
    static String signingKey(String secretKey, String authStringPrefix) {
        return hmacHex(secretKey, authStringPrefix);
    }

    /** The four lines that are signed, joined with {@code \n}, without a trailing newline. */
    static String canonicalRequest(
            String method,
            String path,
            List<Map.Entry<String, String>> query,
            Map<String, String> headers,
            List<String> signedHeaders) {
        return method.toUpperCase(Locale.ROOT) + "\n" + canonicalUri(path) + "\n" + canonicalQueryString(query) + "\n"
                + canonicalHeaders(headers, signedHeaders);
    }

    /** {@code UriEncode} of the path keeping {@code /}; empty becomes {@code /}. */
    static String canonicalUri(String path) {
        if (path == null || path.isEmpty()) {
            return "/";
        }
        return uriEncode(path.startsWith("/") ? path : "/" + path, false);
    }

    /**
     * Each {@code UriEncode(key)=UriEncode(value)} (an {@code authorization} parameter is skipped),
     * sorted as whole strings in byte order, joined with {@code &}.
     */
    static String canonicalQueryString(List<Map.Entry<String, String>> query) {
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, String> e : query) {
            if (e.getKey().equalsIgnoreCase("authorization")) {
                continue;
            }
            pairs.add(uriEncode(e.getKey(), true) + "=" + uriEncode(e.getValue() == null ? "" : e.getValue(), true));
        }
        pairs.sort(null);
        return String.join("&", pairs);
    }

    /**
     * The signed headers as sorted {@code UriEncode(lowercase name):UriEncode(trimmed value)} lines.
     * Headers with an empty value are left out.
     *
     * @param signedHeaders lower-case names to sign, or empty for the default set
     */
    static String canonicalHeaders(Map<String, String> headers, List<String> signedHeaders) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> e : headers.entrySet()) {
            String name = e.getKey().trim().toLowerCase(Locale.ROOT);
            String value = e.getValue() == null ? "" : e.getValue().trim();
            boolean signed = signedHeaders.isEmpty()
                    ? DEFAULT_SET.contains(name) || name.startsWith("x-bce-")
                    : signedHeaders.contains(name);
            if (signed && !value.isEmpty()) {
                lines.add(uriEncode(name, true) + ":" + uriEncode(value, true));
            }
        }
        lines.sort(null);
        return String.join("\n", lines);
    }

    /**
     * BCE UriEncode: UTF-8 bytes; {@code A-Z a-z 0-9 - _ . ~} kept; every other byte {@code %XX} in upper
     * case; space is {@code %20}; {@code /} is kept only when {@code encodeSlash} is false.
     */
    static String uriEncode(String s, boolean encodeSlash) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == '.'
                    || c == '~'
                    || (c == '/' && !encodeSlash)) {
                sb.append((char) c);
            } else {
                sb.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return sb.toString();
    }

    /** Base64 of the MD5 of the body: the {@code Content-MD5} header (RFC 1864) that binds it. */
    public static String contentMd5(byte[] body) {
        try {
            return Base64.getEncoder()
                    .encodeToString(MessageDigest.getInstance("MD5").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is not available in this JVM", e);
        }
    }

    private static byte[] bytesOf(RequestBody body) {
        try {
            Buffer buffer = new Buffer();
            body.writeTo(buffer);
            return buffer.readByteArray();
        } catch (IOException e) {
            // The clients' bodies are bytes in memory; writing them to a buffer does not fail.
            throw new UncheckedIOException("cannot read the request body to sign it", e);
        }
    }

    /** {@code 2015-04-27T08:23:49Z}: UTC, whole seconds. */
    public static String timestamp(Instant instant) {
        return TIMESTAMP.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The {@code Host} header OkHttp would send: the port only when it is not the scheme's default. */
    static String hostHeader(HttpUrl url) {
        String host = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
        return url.port() == HttpUrl.defaultPort(url.scheme()) ? host : host + ":" + url.port();
    }

    /** The decoded path of a URL, {@code /} for the root. */
    static String path(HttpUrl url) {
        return "/" + String.join("/", url.pathSegments());
    }

    /** The decoded query parameters of a URL, in order. */
    static List<Map.Entry<String, String>> query(HttpUrl url) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (int i = 0; i < url.querySize(); i++) {
            String v = url.queryParameterValue(i);
            out.add(Map.entry(url.queryParameterName(i), v == null ? "" : v));
        }
        return out;
    }

    private static String hmacHex(String key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HEX.formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }
}

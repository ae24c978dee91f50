package io.jenkins.plugins.trainingjob.core.platform.aihc;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The parts of a BCE v1 {@code Authorization} header:
 * {@code bce-auth-v1/{accessKeyId}/{timestamp}/{expirationPeriodInSeconds}/{signedHeaders}/{signature}}.
 * An empty {@code signedHeaders} list means the server's default header set. {@link #toString()} is the
 * header text; the signature is not a secret (it cannot be reversed and expires).
 */
public record BceAuthorization(
        String accessKeyId, String timestamp, long expirationSeconds, List<String> signedHeaders, String signature) {

    static final String PREFIX = "bce-auth-v1";

    public BceAuthorization {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(signature, "signature");
        signedHeaders = signedHeaders == null ? List.of() : List.copyOf(signedHeaders);
    }

    /** {@code bce-auth-v1/{ak}/{timestamp}/{expiration}}, the text the signing key is derived from. */
    String authStringPrefix() {
        return PREFIX + "/" + accessKeyId + "/" + timestamp + "/" + expirationSeconds;
    }

    @Override
    public String toString() {
        return authStringPrefix() + "/" + String.join(";", signedHeaders) + "/" + signature;
    }

    /**
     * Reads a header value.
     *
     * @throws IllegalArgumentException naming what is wrong when it is not a BCE v1 authorization
     */
    public static BceAuthorization parse(String header) {
        if (header == null) {
            throw new IllegalArgumentException("Authorization header is missing");
        }
        String[] parts = header.trim().split("/", -1);
        if (parts.length != 6 || !parts[0].equals(PREFIX)) {
            throw new IllegalArgumentException(
                    "Authorization is not bce-auth-v1/{ak}/{timestamp}/{expiration}/{signedHeaders}/{signature}");
        }
        long expiration;
        try {
            expiration = Long.parseLong(parts[3]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Authorization expiration is not an integer");
        }
        List<String> signed = parts[4].isEmpty() ? List.of() : Arrays.asList(parts[4].split(";", -1));
        return new BceAuthorization(parts[1], parts[2], expiration, signed, parts[5]);
    }
}

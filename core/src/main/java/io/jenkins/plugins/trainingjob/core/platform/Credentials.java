package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.Arrays;
import java.util.Objects;

/**
 * An access key and its secret (and an optional STS security token for AIHC). {@link #toString()} never
 * shows the secret or the token; they are only read by the request signers.
 */
public final class Credentials {
    private final String accessKey;
    private final char[] secretKey;
    private final char[] securityToken;

    private Credentials(String accessKey, char[] secretKey, char[] securityToken) {
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.securityToken = securityToken;
    }

    public static Credentials of(String accessKey, String secretKey) {
        return of(accessKey, secretKey, null);
    }

    public static Credentials of(String accessKey, String secretKey, String securityToken) {
        if (accessKey == null || accessKey.isBlank()) {
            throw InvalidInputException.worded("accessKey", "access key is empty");
        }
        if (secretKey == null || secretKey.isEmpty()) {
            throw InvalidInputException.worded("secretKey", "secret key is empty");
        }
        return new Credentials(
                accessKey.trim(),
                secretKey.toCharArray(),
                securityToken == null || securityToken.isEmpty() ? null : securityToken.toCharArray());
    }

    public String accessKey() {
        return accessKey;
    }

    /** The secret. Only signers call this; never log, print or persist what it returns. */
    public String secretKey() {
        return new String(secretKey);
    }

    /** The STS token or {@code null}. Sent as {@code x-bce-security-token}; never log it. */
    public String securityToken() {
        return securityToken == null ? null : new String(securityToken);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Credentials c
                && accessKey.equals(c.accessKey)
                && Arrays.equals(secretKey, c.secretKey)
                && Arrays.equals(securityToken, c.securityToken);
    }

    @Override
    public int hashCode() {
        return Objects.hash(accessKey);
    }

    @Override
    public String toString() {
        return "Credentials{accessKey=" + accessKey + ", secretKey=****"
                + (securityToken != null ? ", securityToken=****" : "") + "}";
    }
}

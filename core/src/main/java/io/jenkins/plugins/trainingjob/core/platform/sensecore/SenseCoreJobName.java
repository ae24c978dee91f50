package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * ACP training-job resource names. The name is the only idempotency key ACP offers, so a spec without a
 * name gets one derived from the caller's client token: the same token always gives the same name, and a
 * retried or resumed submit finds the job instead of creating a second one.
 */
public final class SenseCoreJobName {

    /** 1–63 characters of {@code [a-z0-9-]}, starting with a letter and ending with a letter or digit. */
    private static final Pattern VALID = Pattern.compile("[a-z]([a-z0-9-]{0,61}[a-z0-9])?");

    private SenseCoreJobName() {}

    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches();
    }

    /** {@code tj-} plus the first 12 hex digits of the SHA-256 of the token. */
    public static String fromClientToken(String clientToken) {
        if (clientToken == null || clientToken.isEmpty()) {
            throw InvalidInputException.of("clientToken", "must not be empty (it names the job on SenseCore)");
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(clientToken.getBytes(StandardCharsets.UTF_8));
            return "tj-" + HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /** The spec's own name when it has one, else the name derived from the token. */
    public static String resolve(String specName, String clientToken) {
        return specName == null || specName.isBlank() ? fromClientToken(clientToken) : specName.trim();
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The rule for a client token, the job's identity across submissions: what both platforms can carry (an
 * AIHC label value; SenseCore derives a job name from it). One rule, so every front end refuses the same
 * tokens in the same words.
 */
public final class ClientToken {

    /** The rule in words, as errors state it. */
    static final String RULE =
            "must be 1-63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";

    /** A Kubernetes label value: what the token must be to ride on an AIHC job as a label. */
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?");

    private ClientToken() {}

    public static boolean isValid(String token) {
        return token != null && SHAPE.matcher(token).matches();
    }

    /**
     * The token of attempt {@code attempt} of one submit (a retry or a fallback target): attempt 1 is the
     * submit's own token, attempt n ≥ 2 is {@code <base>-a<n>}. Each attempt thus has its own identity,
     * derived, never random, so a restarted controller or a CLI given the same token finds every earlier
     * attempt instead of creating it again. A base too long for the suffix is cut and given 8 hex digits of
     * its SHA-256, so two long bases sharing a prefix still give different tokens.
     *
     * @param base a valid token (see {@link #RULE})
     * @param attempt 1 for the first attempt
     * @throws IllegalArgumentException when {@code base} is not a valid token or {@code attempt < 1}
     */
    public static String forAttempt(String base, int attempt) {
        if (!isValid(base)) {
            throw new IllegalArgumentException("not a valid client token: " + RULE);
        }
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be 1 or more, was " + attempt);
        }
        if (attempt == 1) {
            return base;
        }
        String suffix = "-a" + attempt;
        if (base.length() + suffix.length() <= MAX_LENGTH) {
            return base + suffix;
        }
        String hash = "-" + sha256Hex(base).substring(0, 8);
        String head = base.substring(0, MAX_LENGTH - suffix.length() - hash.length());
        // The cut may end on '.', '-' or '_', which is fine here: the hash follows it.
        return head + hash + suffix;
    }

    private static final int MAX_LENGTH = 63;

    /** The SHA-256 of {@code text} (UTF-8) in lower-case hex: what token and name suffixes are cut from. */
    static String sha256Hex(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /**
     * @param field how the caller's user names the token ({@code clientToken}, {@code --client-token})
     * @return {@code token}
     * @throws InvalidInputException {@code field: rule} unless the token follows the rule
     */
    public static String require(String field, String token) {
        if (!isValid(token)) {
            throw InvalidInputException.of(field, RULE);
        }
        return token;
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.regex.Pattern;

/**
 * The rule for a client token, the job's identity across submissions: what both platforms can carry (an
 * AIHC label value; SenseCore derives a job name from it). One rule, so every front end refuses the same
 * tokens in the same words.
 */
public final class ClientToken {

    /** The rule in words, as errors state it. */
    public static final String RULE =
            "must be 1-63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";

    /** A Kubernetes label value: what the token must be to ride on an AIHC job as a label. */
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?");

    private ClientToken() {
    }

    public static boolean isValid(String token) {
        return token != null && SHAPE.matcher(token).matches();
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

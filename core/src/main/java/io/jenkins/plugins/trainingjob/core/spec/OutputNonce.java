package io.jenkins.plugins.trainingjob.core.spec;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The per-attempt secret of the {@code trainjob-output} line convention. A job's log is not trusted output:
 * training scripts print data samples, library warnings and model generations, any of which may quote the
 * convention. So a line counts only with the nonce the client gave the job when it created it (in the
 * environment variable {@value #ENV}); text echoed from data prepared before the submit cannot know it
 * (GitHub's {@code ::stop-commands::<token>} idea; security review 2, N1).
 */
public final class OutputNonce {

    /** The environment variable a job reads its nonce from. */
    public static final String ENV = "TRAINJOB_OUTPUT_NONCE";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SHAPE = Pattern.compile("[0-9a-f]{32}");

    private OutputNonce() {}

    /** 128 random bits as 32 lower-case hex digits. */
    public static String generate() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Whether {@code text} has a generated nonce's shape (anything else is never one). */
    public static boolean isValid(String text) {
        return text != null && SHAPE.matcher(text).matches();
    }
}

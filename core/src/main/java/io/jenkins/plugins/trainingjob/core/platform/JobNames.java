package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;

/**
 * The one naming rule for every job a submit creates (docs/decisions/0009-a-new-job-gets-a-name-the-platform-takes.md).
 * Both platforms refuse a second job of a name (AIHC {@code JobNameAlreadyExists}, SenseCore
 * {@code ALREADY_EXISTS}), while the identity of a submission is its client token: so a job's name is what
 * the spec asks for while it is free, and a person can still tell the jobs of one spec apart.
 * <ul>
 *   <li>attempt n of a submit (a retry, a fallback target, a reuse's next attempt) prefers {@code <name>-a<n>}
 *       from n = 2 on, the suffix its token has ({@link ClientToken#forAttempt});
 *   <li>when another submission's job has the preferred name (a re-run under a new token, such as GitHub's
 *       {@code run_attempt} 2), the job is named {@code <preferred>-<8 hex digits of its token's SHA-256>}:
 *       derived from the token, so a look-up by token knows both names to read and a re-run under the same
 *       token finds the job it made.
 * </ul>
 * Names stay within 63 characters of what the spec allows (the preferred part is cut, never the suffix);
 * the suffixes use only lower-case letters, digits and '-', which every platform's names accept.
 */
public final class JobNames {

    /** The longest name either platform takes (a Kubernetes label value; SenseCore's name rule). */
    static final int MAX_LENGTH = 63;

    /** How many attempts' names {@link #isNameOf} tries: more than any submit or reuse walk makes. */
    static final int MOST_ATTEMPTS = 100;

    private static final int TOKEN_HEX_DIGITS = 8;

    private JobNames() {}

    /** The name attempt {@code attempt} prefers: {@code name} for the first, {@code <name>-a<n>} after. */
    public static String forAttempt(String name, int attempt) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt must be 1 or more, was " + attempt);
        }
        return attempt == 1 ? name.trim() : suffixed(name.trim(), "-a" + attempt);
    }

    /** The name of {@code clientToken}'s job when another job has {@code preferred} already. */
    public static String whenTaken(String preferred, String clientToken) {
        return suffixed(
                preferred.trim(), "-" + ClientToken.sha256Hex(clientToken).substring(0, TOKEN_HEX_DIGITS));
    }

    /** The names {@code clientToken}'s job can have when it prefers {@code preferred}, in the order it tries them. */
    public static List<String> candidates(String preferred, String clientToken) {
        return List.of(preferred.trim(), whenTaken(preferred, clientToken));
    }

    /**
     * Whether {@code jobName} is a name this rule gives a job of the spec named {@code specName} created under
     * {@code clientToken}, at any attempt: what a look-up of the spec's jobs under tokens it does not know
     * accepts (the job's content is compared too; this only keeps a job of another spec's name out).
     */
    public static boolean isNameOf(String specName, String jobName, String clientToken) {
        for (int n = 1; n <= MOST_ATTEMPTS; n++) {
            String preferred = forAttempt(specName, n);
            if (jobName.equals(preferred) || jobName.equals(whenTaken(preferred, clientToken))) {
                return true;
            }
        }
        return false;
    }

    /** {@code base + suffix}, the base cut (and stripped of a trailing '-', '_' or '.') to fit. */
    private static String suffixed(String base, String suffix) {
        if (base.length() + suffix.length() > MAX_LENGTH) {
            base = base.substring(0, MAX_LENGTH - suffix.length());
        }
        while (base.endsWith("-") || base.endsWith("_") || base.endsWith(".")) {
            base = base.substring(0, base.length() - 1);
        }
        return base + suffix;
    }
}

package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the known name a user most likely meant, for "did you mean" hints on typos
 * ({@code replics}) and on the other platform's spelling ({@code displayName} for
 * {@code display_name}).
 */
public final class ClosestName {

    private ClosestName() {}

    public static Optional<String> among(String wrong, Collection<String> known) {
        String wrongFolded = fold(wrong);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            if (fold(candidate).equals(wrongFolded)) {
                return Optional.of(candidate);
            }
            int distance = distance(wrong.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        // Allow about one edit per three characters: close enough to be a typo, far enough that
        // unrelated short names are not suggested.
        int allowed = Math.max(1, Math.min(3, wrong.length() / 3));
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** Case, '_' and '-' do not matter when comparing camelCase and snake_case spellings. */
    private static String fold(String name) {
        return name.replace("_", "").replace("-", "").toLowerCase(Locale.ROOT);
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}

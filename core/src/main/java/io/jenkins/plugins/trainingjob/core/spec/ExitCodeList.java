package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Optional;

/**
 * The grammar of a SenseCore fault-tolerance rule's {@code exit_codes}: a comma-separated list of
 * exit codes ({@code 99}) and ranges ({@code 101-255}) between 1 and 255, at most 1024 characters,
 * for example {@code 161-250,251,252-255}. Items may come in any order and may overlap, as in the
 * documentation's own example {@code 251,252-255,161}; a range must not run backwards ({@code 5-3}).
 * Spaces are rejected: the documentation never shows them and the platform's parser is not
 * published, so a CI build should fail here rather than at submission.
 */
final class ExitCodeList {

    static final int MAX_LENGTH = 1024;

    private ExitCodeList() {}

    /** The first rule {@code text} breaks, or empty when it is a valid list. */
    static Optional<String> check(String text) {
        if (text.isEmpty()) {
            return Optional.of("must not be empty: list exit codes such as 99,101-255, or omit the field"
                    + " to match any exit code");
        }
        if (text.length() > MAX_LENGTH) {
            return Optional.of("must be at most " + MAX_LENGTH + " characters (found " + text.length() + ")");
        }
        String[] items = text.split(",", -1);
        for (String item : items) {
            Optional<String> problem = checkItem(item);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> checkItem(String item) {
        if (item.isEmpty()) {
            return Optional.of("empty item: separate exit codes with single commas, as in 99,101-255");
        }
        String quoted = QuotedText.of(item);
        int dash = item.indexOf('-', 1);
        String first = dash < 0 ? item : item.substring(0, dash);
        String last = dash < 0 ? null : item.substring(dash + 1);
        Integer from = code(first);
        Integer to = last == null ? from : code(last);
        if (from == null || to == null) {
            return Optional.of("'" + quoted + "' is neither an exit code nor a range like 101-255"
                    + " (digits, '-' and ',' only, no spaces)");
        }
        if (from < 1 || from > 255 || to < 1 || to > 255) {
            return Optional.of("'" + quoted + "' is outside the exit codes 1-255");
        }
        if (from > to) {
            return Optional.of("range '" + quoted + "' runs backwards: write it as " + to + "-" + from);
        }
        return Optional.empty();
    }

    private static Integer code(String digits) {
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        return Integer.parseInt(digits);
    }
}

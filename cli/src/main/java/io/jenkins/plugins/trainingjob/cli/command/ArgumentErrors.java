package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import io.jenkins.plugins.trainingjob.cli.terminal.OutputFormat;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * The one line a bad command line gets: picocli's message with its duplicated words removed, the option a
 * duration belongs to named, and "did you mean" for a mistyped command or option.
 */
final class ArgumentErrors {

    private ArgumentErrors() {}

    static String message(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            List<String> words = unmatched.getUnmatched();
            String first = words.isEmpty() ? "" : words.get(0);
            // picocli suggests its nearest name however far it is ("nosuchcmd": "diagnose"); only a close one helps.
            List<String> suggestions = unmatched.getSuggestions().stream()
                    .filter(s -> close(first.replaceFirst("=.*", ""), s))
                    .toList();
            boolean option = first.startsWith("-");
            String what = option
                    ? "unknown option '" + first + "'"
                    : unmatched.getCommandLine().getSubcommands().isEmpty()
                            ? "unexpected argument '" + first + "'"
                            : "unknown command '" + first + "'";
            return suggestions.isEmpty() ? what : what + "; did you mean " + suggestions.get(0) + "?";
        }
        return DurationConverter.message(ex).replace("option option", "option");
    }

    /** A typo of {@code candidate}: at most a third of its letters wrong (2 for short names), or a prefix. */
    static boolean close(String typed, String candidate) {
        String a = typed.toLowerCase(Locale.ROOT);
        String b = candidate.toLowerCase(Locale.ROOT);
        if (b.startsWith(a) && a.replace("-", "").length() >= 2) {
            return true;
        }
        return distance(a, b) <= Math.max(2, b.length() / 3);
    }

    /** Levenshtein distance, with a swap of two neighbours counted as one edit. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** {@code -o json}, {@code --output-format=json} etc. among the raw arguments; text otherwise. */
    static OutputFormat outputFormatOf(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = null;
            if ((a.equals("-o") || a.equals("--output-format")) && i + 1 < args.length) {
                value = args[i + 1];
            } else if (a.startsWith("--output-format=")) {
                value = a.substring("--output-format=".length());
            } else if (a.startsWith("-o") && a.length() > 2 && !a.startsWith("--")) {
                value = a.substring(2).replaceFirst("^=", "");
            }
            if (value != null && value.toLowerCase(Locale.ROOT).equals("json")) {
                return OutputFormat.JSON;
            }
        }
        return OutputFormat.TEXT;
    }
}

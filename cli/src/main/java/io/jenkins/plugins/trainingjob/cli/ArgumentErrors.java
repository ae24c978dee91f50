package io.jenkins.plugins.trainingjob.cli;

import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * The one line a bad command line gets: picocli's message with its duplicated words removed, the option a
 * duration belongs to named, and "did you mean" for a mistyped command or option.
 */
final class ArgumentErrors {

    private ArgumentErrors() {
    }

    static String message(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            List<String> words = unmatched.getUnmatched();
            String first = words.isEmpty() ? "" : words.get(0);
            List<String> suggestions = unmatched.getSuggestions();
            boolean option = first.startsWith("-");
            String what = option ? "unknown option '" + first + "'"
                    : unmatched.getCommandLine().getSubcommands().isEmpty() ? "unexpected argument '" + first + "'"
                    : "unknown command '" + first + "'";
            return suggestions.isEmpty() ? what : what + "; did you mean " + suggestions.get(0) + "?";
        }
        return DurationConverter.message(ex).replace("option option", "option");
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

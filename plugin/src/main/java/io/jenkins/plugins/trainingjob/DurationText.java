package io.jenkins.plugins.trainingjob;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them in a Jenkinsfile: a number and a unit ({@code 90s}, {@code 10m},
 * {@code 1h}, {@code 1h30m}); a bare number means minutes.
 */
public final class DurationText {
    private static final Pattern PART = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");
    private static final Duration MAX = Duration.ofDays(30);

    private DurationText() {
    }

    /**
     * Parses {@code text}; the error names {@code field} and shows how to write a duration.
     *
     * @throws IllegalArgumentException when the text is empty, malformed, zero or longer than 30 days
     */
    public static Duration parse(String field, String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            throw new IllegalArgumentException(Messages.Duration_Empty(field));
        }
        Duration total;
        if (t.matches("\\d+")) {
            total = Duration.ofMinutes(Long.parseLong(t));
        } else {
            total = Duration.ZERO;
            Matcher m = PART.matcher(t.replace(" ", ""));
            int end = 0;
            while (m.find()) {
                if (m.start() != end) {
                    throw invalid(field, text);
                }
                end = m.end();
                long n = Long.parseLong(m.group(1));
                total = total.plus(switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                });
            }
            if (end == 0 || end != t.replace(" ", "").length()) {
                throw invalid(field, text);
            }
        }
        if (total.isZero()) {
            throw new IllegalArgumentException(Messages.Duration_NotPositive(field, text));
        }
        if (total.compareTo(MAX) > 0) {
            throw new IllegalArgumentException(Messages.Duration_TooLong(field, text));
        }
        return total;
    }

    private static IllegalArgumentException invalid(String field, String text) {
        return new IllegalArgumentException(Messages.Duration_Invalid(field, text));
    }
}

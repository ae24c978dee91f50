package io.jenkins.plugins.trainingjob.core.spec;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration a person typed (an option, a step parameter, a profile's field), read the one way the CLI and
 * the Jenkins plugin both read it: one or more parts of a number and a unit, {@code ms}, {@code s},
 * {@code m}, {@code h} or {@code d} ({@code 90s}, {@code 10m}, {@code 1h30m}, {@code 2d}), case-insensitive,
 * or ISO-8601 ({@code PT10M}); the duration must be more than zero and at most 30 days. What
 * {@link io.jenkins.plugins.trainingjob.core.text.DurationText#exact} writes reads back as the same
 * duration. Here, not beside the writer in {@code core.text}, because a refusal is an
 * {@link InvalidInputException} naming the field.
 *
 * <p>A bare number is refused: front ends used to disagree on whether {@code 10} meant seconds or
 * minutes, and a silent guess turns a ten-minute timeout into a ten-second one.
 */
public final class DurationInput {
    /** Nothing the project waits for (a queued job, a poll interval) sensibly lasts longer. */
    static final Duration MAX = Duration.ofDays(30);

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)\\s*");
    private static final Pattern BARE_NUMBER = Pattern.compile("\\d+");

    private DurationInput() {}

    /**
     * Reads {@code text} as a duration.
     *
     * @param field what the user filled in (an option, a parameter), named first in every error
     * @throws InvalidInputException {@code field: message} when the text is empty, has no unit, is not
     *         a duration, is not more than zero or is longer than {@link #MAX}
     */
    public static Duration parse(String field, String text) {
        String trimmed = text == null ? "" : text.strip();
        if (trimmed.isEmpty()) {
            throw InvalidInputException.of(field, "a duration is required, e.g. 90s, 10m or 1h30m");
        }
        if (BARE_NUMBER.matcher(trimmed).matches() && trimmed.matches("[-+]?0*(\\.0*)?")) {
            // Suggesting "0m" would only lead to the next refusal.
            throw InvalidInputException.of(
                    field,
                    "'" + trimmed + "' is not more than zero: write a " + "duration with a unit, such as 10m or 30s");
        }
        if (BARE_NUMBER.matcher(trimmed).matches()) {
            throw InvalidInputException.of(
                    field, "'" + trimmed + "' has no unit: write " + trimmed + "m or " + trimmed + "s");
        }
        boolean negated = trimmed.startsWith("-");
        Duration d = read(field, negated ? trimmed.substring(1).strip() : trimmed, trimmed);
        if (negated || d.isZero() || d.isNegative()) {
            throw InvalidInputException.of(field, "'" + trimmed + "' must be more than zero");
        }
        if (d.compareTo(MAX) > 0) {
            throw tooLong(field, trimmed);
        }
        return d;
    }

    private static Duration read(String field, String text, String shown) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("p")) {
            try {
                return Duration.parse(lower.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw notADuration(field, shown);
            }
        }
        Matcher part = PART.matcher(lower);
        Duration total = Duration.ZERO;
        int end = 0;
        try {
            while (end < lower.length() && part.find(end) && part.start() == end) {
                long n = Long.parseLong(part.group(1));
                total = total.plus(
                        switch (part.group(2)) {
                            case "ms" -> Duration.ofMillis(n);
                            case "s" -> Duration.ofSeconds(n);
                            case "m" -> Duration.ofMinutes(n);
                            case "h" -> Duration.ofHours(n);
                            default -> Duration.ofDays(n);
                        });
                end = part.end();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // Only digits reach here, so the number is simply too large for any duration.
            throw tooLong(field, shown);
        }
        if (end == 0 || end != lower.length()) {
            throw notADuration(field, shown);
        }
        return total;
    }

    private static InvalidInputException notADuration(String field, String shown) {
        return InvalidInputException.of(
                field,
                "'" + shown + "' is not a duration: write a number and a"
                        + " unit (ms, s, m, h, d) such as 90s, 10m or 1h30m, or ISO-8601 such as PT10M");
    }

    private static InvalidInputException tooLong(String field, String shown) {
        return InvalidInputException.of(field, "'" + shown + "' is longer than the maximum of 30 days");
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one text form of a duration, shared by the CLI, the Jenkins plugin and the monitor's messages.
 * Users write one or more parts of a number and a unit, {@code ms}, {@code s}, {@code m}, {@code h} or
 * {@code d} ({@code 90s}, {@code 10m}, {@code 1h30m}, {@code 2d}), case-insensitive, or ISO-8601
 * ({@code PT10M}); the duration must be more than zero and at most 30 days.
 *
 * <p>A bare number is refused: front ends used to disagree on whether {@code 10} meant seconds or
 * minutes, and a silent guess turns a ten-minute timeout into a ten-second one.
 */
public final class DurationText {
    /** Nothing the project waits for (a queued job, a poll interval) sensibly lasts longer. */
    public static final Duration MAX = Duration.ofDays(30);

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)\\s*");
    private static final Pattern BARE_NUMBER = Pattern.compile("\\d+");

    private DurationText() {}

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

    /**
     * How long ago something happened, for a person: {@code just now} under a second (a job that ended in
     * the poll before, or a timestamp a little ahead of this clock), else {@code 3h 5m ago}.
     */
    public static String ago(Duration d) {
        return d == null || d.compareTo(Duration.ofSeconds(1)) < 0 ? "just now" : format(d) + " ago";
    }

    /**
     * Writes {@code d} for a person, in the form {@link #parse} reads: {@code 250ms}, {@code 45s},
     * {@code 5m 30s}, {@code 2h 5m}, {@code 1d 2h}. At one second and above, milliseconds are left out:
     * a console line needs no more precision. {@code null} reads {@code ?}; negatives read as zero.
     */
    public static String format(Duration d) {
        if (d == null) {
            return "?";
        }
        if (d.isNegative()) {
            d = Duration.ZERO;
        }
        long seconds = d.getSeconds();
        if (seconds == 0) {
            return d.toMillis() + "ms";
        }
        StringBuilder text = new StringBuilder();
        append(text, d.toDays(), "d");
        append(text, d.toHoursPart(), "h");
        append(text, d.toMinutesPart(), "m");
        append(text, d.toSecondsPart(), "s");
        return text.toString();
    }

    private static void append(StringBuilder text, long amount, String unit) {
        if (amount > 0) {
            text.append(text.isEmpty() ? "" : " ").append(amount).append(unit);
        }
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

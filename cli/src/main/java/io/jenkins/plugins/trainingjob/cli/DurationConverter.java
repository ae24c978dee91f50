package io.jenkins.plugins.trainingjob.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads durations the way people write them: {@code 500ms}, {@code 30s}, {@code 10m}, {@code 1h30m}, or ISO-8601. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    static Duration parse(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (v.startsWith("p")) {
            try {
                return positive(value, Duration.parse(v.toUpperCase(Locale.ROOT)));
            } catch (DateTimeParseException e) {
                throw invalid(value);
            }
        }
        if (v.matches("\\d+")) {
            return positive(value, Duration.ofSeconds(Long.parseLong(v)));
        }
        Matcher m = PART.matcher(v);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find()) {
            if (m.start() != end) {
                throw invalid(value);
            }
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
            end = m.end();
        }
        if (end == 0 || end != v.length()) {
            throw invalid(value);
        }
        return positive(value, total);
    }

    private static Duration positive(String value, Duration d) {
        if (d.isZero() || d.isNegative()) {
            throw new CommandLine.TypeConversionException("duration '" + value + "' must be positive");
        }
        return d;
    }

    private static CommandLine.TypeConversionException invalid(String value) {
        return new CommandLine.TypeConversionException(
                "invalid duration '" + value + "': write e.g. 30s, 10m, 1h30m or PT10M");
    }
}

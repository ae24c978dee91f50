package io.jenkins.plugins.trainingjob.core.internal.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads an HTTP {@code Retry-After} value: delta-seconds or an HTTP-date (RFC 9110 section 10.2.3). */
final class RetryAfter {

    private RetryAfter() {}

    /**
     * The wait the value asks for, measured from {@code now} for a date; {@code null} when the value is
     * absent or unreadable. A date in the past gives zero.
     */
    public static Duration parse(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(v));
            } catch (NumberFormatException tooLong) {
                return null;
            }
        }
        try {
            Instant at =
                    ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration d = Duration.between(now, at);
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}

package io.jenkins.plugins.trainingjob.core.platform.aihc;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two time formats AIHC answers carry. Job times ({@code createdAt}, ...) are RFC 3339
 * ({@code 2024-07-16T17:20:04Z}); event times ({@code firstTimestamp}, {@code lastTimestamp}) are Go's
 * {@code time.Time.String()} form, {@code 2024-07-15 16:52:50 +0000 UTC}, as the v1 and v2 event doc
 * examples show (cloud.baidu.com/doc/AIHC/s/lmb0c0ovm, /Km56iw5oj, /fmayvjaeq) and bce-sdk-go keeps them
 * as plain strings. Go may add fractional seconds and a monotonic reading ({@code m=+0.1}); the zone
 * abbreviation is redundant with the offset, which decides.
 */
final class AihcTime {

    private static final Pattern GO_TIME =
            Pattern.compile("(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?) ([+-]\\d{2})(\\d{2})"
                    + "(?: [A-Za-z0-9+-]{1,10})?(?: m=[+-][0-9.]+)?");

    private AihcTime() {}

    /** RFC 3339 or Go's {@code time.Time.String()}; {@code null} for blank or anything else. */
    static Instant parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String v = text.trim();
        try {
            return OffsetDateTime.parse(v).toInstant();
        } catch (DateTimeParseException notRfc3339) {
            // try Go's form below
        }
        Matcher m = GO_TIME.matcher(v);
        if (!m.matches()) {
            return null;
        }
        try {
            LocalDateTime local = LocalDateTime.parse(m.group(1) + "T" + m.group(2));
            ZoneOffset offset = ZoneOffset.ofHoursMinutes(
                    Integer.parseInt(m.group(3)), Integer.parseInt(m.group(3).charAt(0) + m.group(4)));
            return local.toInstant(offset);
        } catch (DateTimeException unreadable) {
            return null;
        }
    }
}

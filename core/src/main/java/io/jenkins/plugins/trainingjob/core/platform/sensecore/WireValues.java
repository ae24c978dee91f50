package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Lenient reads of SenseCore JSON values. The platform sends counts as numbers or as strings, omits
 * fields, and adds enum values; none of that may crash a status poll.
 */
final class WireValues {

    private WireValues() {}

    static JsonNode path(JsonNode node, String field) {
        return node == null ? MissingNode.getInstance() : node.path(field);
    }

    /** Text of a scalar field; empty for missing, null, object or array values. */
    static String text(JsonNode node, String field) {
        JsonNode v = path(node, field);
        return v.isValueNode() && !v.isNull() ? v.asText() : "";
    }

    /** The first non-empty text among the field names. */
    static String text(JsonNode node, String... fields) {
        for (String f : fields) {
            String t = text(node, f);
            if (!t.isEmpty()) {
                return t;
            }
        }
        return "";
    }

    /** The elements of an array field, or none. */
    static Iterable<JsonNode> array(JsonNode node, String field) {
        JsonNode v = path(node, field);
        return v.isArray() ? v : List.of();
    }

    /** A non-negative integer sent as a number or a numeric string; {@code -1} when absent or not a count. */
    static long count(JsonNode node, String field) {
        double d = number(node, field);
        return Double.isNaN(d) || d < 0 ? -1 : (long) d;
    }

    /** A number sent as a number or a numeric string; {@code NaN} when absent or not a number. */
    static double number(JsonNode node, String field) {
        JsonNode v = path(node, field);
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.isTextual()) {
            try {
                return new BigDecimal(v.asText().trim()).doubleValue();
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    /** An RFC 3339 time, or epoch seconds; {@code null} when absent or unreadable. */
    static Instant time(JsonNode node, String... fields) {
        for (String f : fields) {
            JsonNode v = path(node, f);
            if (v.isNumber() && v.asLong() > 0) {
                return Instant.ofEpochSecond(v.asLong());
            }
            if (v.isTextual() && !v.asText().isBlank()) {
                try {
                    Instant t = OffsetDateTime.parse(v.asText().trim()).toInstant();
                    // Go and protobuf zero times (0001-01-01, 1970-01-01) mean "not set".
                    if (t.getEpochSecond() > 0) {
                        return t;
                    }
                } catch (DateTimeParseException e) {
                    // unreadable: try the next field name
                }
            }
        }
        return null;
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What may become one segment of an API path. OkHttp's {@code addPathSegment} encodes {@code /} and
 * {@code %}, but resolves a segment of exactly {@code .} or {@code ..}: {@code …/aijobs} + {@code ..} +
 * {@code stop} is {@code /api/v1/stop}, signed with the connection's key. The URL builders therefore
 * refuse those two (and empty) for every segment, ids a person typed and names the platform sent alike;
 * front ends also check the shape of ids a person types, so a typo is named before any call.
 */
public final class PathSegments {

    /**
     * The shape of a job or diagnosis id as the platforms issue them: AIHC {@code pytorchjob-<uuid>},
     * SenseCore names ({@code [a-z0-9-]}, up to 63), diagnosis UUIDs. A letter or digit first, so never a
     * dot segment.
     */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,252}");

    private PathSegments() {}

    /**
     * {@code value} unchanged when it is safe as one path segment.
     *
     * @param field what the value is, as users or the platform name it ({@code jobId}, {@code worker})
     * @throws InvalidInputException when it is empty, {@code .} or {@code ..}
     */
    public static String require(String field, String value) {
        if (value == null || value.isEmpty() || value.equals(".") || value.equals("..")) {
            throw InvalidInputException.of(
                    field,
                    "'" + (value == null ? "" : value)
                            + "' cannot be part of an API path (empty, '.' and '..' would change which call is made)");
        }
        return value;
    }

    /**
     * The rule an id a person typed breaks, or empty: a letter or digit, then up to 252 letters, digits,
     * {@code . _ : -}.
     */
    static Optional<String> idProblem(String value) {
        if (value != null && ID.matcher(value).matches()) {
            return Optional.empty();
        }
        return Optional.of("'" + ConsoleText.strip(value == null ? "" : value, 80)
                + "' is not an id: a letter or digit, then up to 252 letters, digits, '.', '_', ':' or '-'");
    }

    /** @throws InvalidInputException naming {@code field} when {@code value} is not an id's shape */
    public static String requireId(String field, String value) {
        idProblem(value).ifPresent(rule -> {
            throw InvalidInputException.of(field, rule);
        });
        return value;
    }
}

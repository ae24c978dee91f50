package io.jenkins.plugins.trainingjob.cli.terminal;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The one shape of every {@code -o json} document (docs/cli-output.schema.json): {@code command},
 * {@code exitCode}, a one-line {@code message}, {@code platform} (lower case) when known, and the payload
 * under named keys ({@code job}, {@code status}, {@code report}, {@code error}, ...). A script reads
 * {@code .exitCode} and {@code .message} the same way whatever the command was; payloads may grow.
 */
public final class JsonEnvelope {

    /** The keys every document has, which a payload may not take. */
    static final Set<String> HEADER = Set.of("command", "exitCode", "message", "platform");

    private final Map<String, Object> doc = new TreeMap<>();

    private JsonEnvelope(String command, int exitCode, String message) {
        doc.put("command", command);
        doc.put("exitCode", exitCode);
        doc.put("message", oneLine(message));
    }

    /** A document of {@code command} ({@code trainjob} for the root: {@code --version}, an unknown command). */
    static JsonEnvelope of(String command, int exitCode, String message) {
        return new JsonEnvelope(command, exitCode, message);
    }

    /** The platform the command talked to or would have, when known. */
    public JsonEnvelope platform(PlatformKind platform) {
        if (platform != null) {
            doc.put("platform", platform.id());
        }
        return this;
    }

    /** A payload key; {@code null} values are left out, so an absent key means "not known". */
    public JsonEnvelope put(String key, Object value) {
        if (HEADER.contains(key)) {
            throw new IllegalArgumentException(key + " is an envelope key, not a payload");
        }
        if (value != null) {
            doc.put(key, value);
        }
        return this;
    }

    int exitCode() {
        return (Integer) doc.get("exitCode");
    }

    Map<String, Object> toMap() {
        return Collections.unmodifiableMap(doc);
    }

    /** The payload of a failure's document ({@code error}): what kind of input or failure it was, and every problem. */
    public static Map<String, Object> error(String kind, List<?> problems) {
        return Map.of("kind", kind, "problems", problems);
    }

    /** A console message (maybe folded onto lines, maybe with remote strings) as one clean line. */
    public static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        return String.join(
                " ",
                ConsoleText.stripLines(message)
                        .lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .toList());
    }
}

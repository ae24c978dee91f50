package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A JSON object of an inventory answer, read with keys matched regardless of case. The documented shapes
 * come from Go structs, and Go's {@code encoding/json} decodes {@code gpudescriptor} into
 * {@code gpuDescriptor}, so the SDK's tags do not prove the server's spelling (the pool's doc sample spells
 * it in lower case). An absent, null or unreadable number is "not known", never 0.
 */
final class WireObject {

    private final Map<String, JsonNode> fields = new TreeMap<>();

    private WireObject(JsonNode node) {
        if (node != null && node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                // the first spelling wins, so an answer with both casings reads as its first
                fields.putIfAbsent(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
            }
        }
    }

    static WireObject of(JsonNode node) {
        return new WireObject(node);
    }

    /** The member named {@code key} in any casing, or a missing node. */
    JsonNode get(String key) {
        JsonNode v = fields.get(key.toLowerCase(Locale.ROOT));
        return v == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : v;
    }

    WireObject object(String key) {
        return new WireObject(get(key));
    }

    boolean has(String key) {
        JsonNode v = get(key);
        return !v.isMissingNode() && !v.isNull();
    }

    /** A string member; empty when absent, null or not a scalar. */
    String text(String key) {
        JsonNode v = get(key);
        return v.isValueNode() && !v.isNull() ? v.asText() : "";
    }

    /** A whole number, sent as a number or as a numeric string; empty when absent or unreadable. */
    OptionalLong number(String key) {
        JsonNode v = get(key);
        if (v.isIntegralNumber()) {
            return OptionalLong.of(v.asLong());
        }
        if (v.isNumber()) {
            return OptionalLong.of((long) Math.floor(v.asDouble()));
        }
        if (v.isTextual()) {
            try {
                return OptionalLong.of(Long.parseLong(v.asText().trim()));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /** The elements of an array member; empty when absent or not an array. */
    Iterable<JsonNode> array(String key) {
        JsonNode v = get(key);
        return v.isArray() ? v : List.of();
    }
}

package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the fields of one object of a spec document into typed values, the way the native API
 * declares them. Every field a model reads is declared known; {@link #finish()} reports the rest as
 * unknown. A value of the wrong type is reported (path and expected type) and read as absent, so
 * that reading goes on and all problems are found in one pass.
 *
 * <p>Reading works on the caller's working copy of the body: a whole-value {@code ${NAME}} in a
 * number or boolean field is replaced there by the converted value, so the body that is sent has
 * the type the platform expects.
 */
final class FieldReader {

    private final ObjectNode node;
    private final String path;
    private final ReadContext context;
    private final Set<String> known = new LinkedHashSet<>();

    FieldReader(ObjectNode node, String path, ReadContext context) {
        this.node = node;
        this.path = path;
        this.context = context;
    }

    String path() {
        return path;
    }

    String path(String field) {
        return SpecPath.field(path, field);
    }

    /** Text, or null when absent. */
    String string(String field) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        String hint = value.isValueNode() ? " (quote the value in YAML)" : "";
        context.problem(path(field), "expected text, got " + describe(value) + hint);
        return null;
    }

    /** A 32-bit integer, or null when absent. */
    Integer int32(String field) {
        JsonNode value = coerced(field, "an integer", text -> {
            long parsed = Long.parseLong(text.trim());
            return parsed == (int) parsed
                    ? JsonNodeFactory.instance.numberNode((int) parsed)
                    : JsonNodeFactory.instance.numberNode(parsed);
        });
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber()) {
            context.problem(path(field), "expected an integer, got " + describe(value));
            return null;
        }
        if (!value.canConvertToInt()) {
            context.problem(
                    path(field), "expected an integer between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);
            return null;
        }
        return value.intValue();
    }

    /** A number (integer or fraction), or null when absent. */
    BigDecimal number(String field) {
        JsonNode value =
                coerced(field, "a number", text -> JsonNodeFactory.instance.numberNode(new BigDecimal(text.trim())));
        if (value == null) {
            return null;
        }
        if (!value.isNumber()) {
            context.problem(path(field), "expected a number, got " + describe(value));
            return null;
        }
        return value.decimalValue();
    }

    /** A boolean, or null when absent. */
    Boolean bool(String field) {
        JsonNode value = coerced(field, "true or false", text -> switch (text.trim()) {
            case "true" -> JsonNodeFactory.instance.booleanNode(true);
            case "false" -> JsonNodeFactory.instance.booleanNode(false);
            default -> throw new IllegalArgumentException("not a boolean");
        });
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            context.problem(path(field), "expected true or false, got " + describe(value));
            return null;
        }
        return value.booleanValue();
    }

    /**
     * A nested object read by {@code reader}, or null when absent. A value that is not an object is
     * reported and read as an empty object, so the caller still gets a value to validate.
     */
    <T> T object(String field, Function<FieldReader, T> reader) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        return readObject(value, path(field), reader);
    }

    /** A list of objects; empty when absent. Elements keep their index even when malformed. */
    <T> List<T> objects(String field, Function<FieldReader, T> reader) {
        JsonNode value = list(field);
        if (value == null) {
            return List.of();
        }
        List<T> items = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            items.add(readObject(value.get(i), SpecPath.index(path(field), i), reader));
        }
        return Collections.unmodifiableList(items);
    }

    /** A list of texts; empty when absent. Malformed elements are reported and skipped. */
    List<String> strings(String field) {
        JsonNode value = list(field);
        if (value == null) {
            return List.of();
        }
        List<String> items = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode item = value.get(i);
            if (item.isTextual()) {
                items.add(item.textValue());
            } else {
                context.problem(SpecPath.index(path(field), i), "expected text, got " + describe(item));
            }
        }
        return List.copyOf(items);
    }

    /** A list of free-form objects whose content the platform defines; empty when absent. */
    List<ObjectNode> freeFormObjects(String field) {
        JsonNode value = list(field);
        if (value == null) {
            return List.of();
        }
        List<ObjectNode> items = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode item = value.get(i);
            if (item.isObject()) {
                items.add(item.deepCopy());
            } else {
                context.problem(SpecPath.index(path(field), i), "expected an object, got " + describe(item));
            }
        }
        return List.copyOf(items);
    }

    /** Rejects fields that the platform sets and that must not be sent in a create request. */
    void outputOnly(String... fields) {
        for (String field : fields) {
            known.add(field);
            if (node.has(field)) {
                context.problem(path(field), "output-only field: remove it (the platform sets it)");
            }
        }
    }

    /** Reports every field of this object that the model did not read. */
    void finish() {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!known.contains(name)) {
                String hint = ClosestName.among(name, known)
                        .map(n -> ": did you mean '" + n + "'?")
                        .orElse("");
                context.problem(path(name), "unknown field" + hint);
            }
        }
    }

    private <T> T readObject(JsonNode value, String objectPath, Function<FieldReader, T> reader) {
        ObjectNode object;
        if (value.isObject()) {
            object = (ObjectNode) value;
        } else {
            context.problem(objectPath, "expected an object, got " + describe(value));
            object = JsonNodeFactory.instance.objectNode();
        }
        FieldReader child = new FieldReader(object, objectPath, context);
        T result = reader.apply(child);
        child.finish();
        return result;
    }

    private JsonNode list(String field) {
        JsonNode value = value(field);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            context.problem(path(field), "expected a list, got " + describe(value));
            return null;
        }
        return value;
    }

    /** The field's value; null when absent or null (YAML {@code field:} with nothing after it). */
    private JsonNode value(String field) {
        known.add(field);
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value;
    }

    /**
     * The field's value, with a whole-value variable substitution converted by {@code conversion};
     * a substitution that does not convert is reported as such.
     */
    private JsonNode coerced(String field, String expected, Function<String, JsonNode> conversion) {
        JsonNode value = value(field);
        if (value != null && value.isTextual() && context.isWholeValueSubstitution(path(field))) {
            try {
                JsonNode converted = conversion.apply(value.textValue());
                node.set(field, converted);
                return converted;
            } catch (IllegalArgumentException e) {
                context.problem(path(field), "expected " + expected + ", but the variable's value is not");
                return null;
            }
        }
        return value;
    }

    private static String describe(JsonNode value) {
        return switch (value.getNodeType()) {
            case STRING -> "text";
            case NUMBER -> value.isIntegralNumber() ? "an integer" : "a fractional number";
            case BOOLEAN -> "a boolean";
            case ARRAY -> "a list";
            case OBJECT -> "an object";
            default -> value.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }
}

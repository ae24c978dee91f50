package io.jenkins.plugins.trainingjob.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The part of JSON Schema (2020-12) that docs/cli-output.schema.json uses, checked by hand rather than with
 * a new dependency: {@code type} (one name or a list), {@code required}, {@code properties}, {@code additionalProperties: false},
 * {@code items}, {@code enum}, {@code const}, {@code pattern}, {@code minItems}, {@code minLength} and
 * local {@code $ref}s. A keyword it does not know fails the check, so the schema cannot quietly say more
 * than the test checks.
 */
final class JsonSchemaChecker {

    private static final List<String> KNOWN = List.of(
            "$schema",
            "$id",
            "title",
            "description",
            "type",
            "required",
            "properties",
            "additionalProperties",
            "items",
            "enum",
            "const",
            "pattern",
            "minItems",
            "minLength",
            "$ref",
            "$defs");

    private final JsonNode root;

    JsonSchemaChecker(JsonNode schema) {
        this.root = schema;
    }

    /** Every way {@code doc} breaks the schema, as "path: problem" lines; empty when it conforms. */
    List<String> problems(JsonNode doc) {
        List<String> out = new ArrayList<>();
        check(root, doc, "$", out);
        return out;
    }

    private void check(JsonNode schema, JsonNode value, String path, List<String> out) {
        for (Iterator<String> it = schema.fieldNames(); it.hasNext(); ) {
            String keyword = it.next();
            if (!KNOWN.contains(keyword)) {
                out.add(path + ": the checker does not know the schema keyword " + keyword);
            }
        }
        if (schema.has("$ref")) {
            check(resolve(schema.get("$ref").asText()), value, path, out);
        }
        if (schema.has("type") && !hasAnyType(value, schema.get("type"))) {
            out.add(path + ": expected " + schema.get("type") + ", found " + value.getNodeType());
            return;
        }
        if (schema.has("const") && !schema.get("const").equals(value)) {
            out.add(path + ": expected " + schema.get("const") + ", found " + value);
        }
        if (schema.has("enum")) {
            boolean found = false;
            for (JsonNode allowed : schema.get("enum")) {
                found |= allowed.equals(value)
                        || allowed.isNumber()
                                && value.isNumber()
                                && allowed.asLong() == value.asLong()
                                && value.isIntegralNumber();
            }
            if (!found) {
                out.add(path + ": " + value + " is not one of " + schema.get("enum"));
            }
        }
        if (schema.has("pattern")
                && value.isTextual()
                && !Pattern.compile(schema.get("pattern").asText())
                        .matcher(value.asText())
                        .find()) {
            out.add(path + ": " + value + " does not match "
                    + schema.get("pattern").asText());
        }
        if (schema.has("minLength")
                && value.isTextual()
                && value.asText().length() < schema.get("minLength").asInt()) {
            out.add(path + ": shorter than " + schema.get("minLength").asInt());
        }
        if (value.isObject()) {
            for (JsonNode name : schema.path("required")) {
                if (!value.has(name.asText())) {
                    out.add(path + ": missing required " + name.asText());
                }
            }
            JsonNode properties = schema.path("properties");
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (properties.has(field.getKey())) {
                    check(properties.get(field.getKey()), field.getValue(), path + "." + field.getKey(), out);
                } else if (schema.has("additionalProperties")
                        && !schema.get("additionalProperties").asBoolean(true)) {
                    out.add(path + ": unexpected key " + field.getKey());
                }
            }
        }
        if (value.isArray()) {
            if (schema.has("minItems") && value.size() < schema.get("minItems").asInt()) {
                out.add(path + ": fewer than " + schema.get("minItems").asInt() + " items");
            }
            if (schema.has("items")) {
                for (int i = 0; i < value.size(); i++) {
                    check(schema.get("items"), value.get(i), path + "[" + i + "]", out);
                }
            }
        }
    }

    private JsonNode resolve(String ref) {
        if (!ref.startsWith("#/")) {
            throw new IllegalArgumentException("only local $refs are supported: " + ref);
        }
        JsonNode node = root;
        for (String part : ref.substring(2).split("/")) {
            node = node.path(part);
        }
        if (node.isMissingNode()) {
            throw new IllegalArgumentException("no such $ref target " + ref);
        }
        return node;
    }

    /** {@code type} is one name or, for a value that may be {@code null}, a list of names (any one matches). */
    private static boolean hasAnyType(JsonNode value, JsonNode type) {
        if (!type.isArray()) {
            return hasType(value, type.asText());
        }
        for (JsonNode one : type) {
            if (hasType(value, one.asText())) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasType(JsonNode value, String type) {
        return switch (type) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "null" -> value.isNull();
            default -> throw new IllegalArgumentException("unknown type " + type);
        };
    }
}

package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replaces {@code ${NAME}} in the text values of a parsed spec with values from a map (build
 * parameters, environment). It works on the parsed tree, never on the raw text, so a value can never
 * change the document's structure. {@code $${} stands for a literal {@code ${}. A name is a letter or
 * {@code _} followed by letters, digits and {@code _}. Keys are never substituted.
 *
 * <p>Problems name the path and the variable, never a value: values may be secrets.
 */
final class VariableSubstitution {

    private final Map<String, String> variables;
    private final Set<String> wholeValuePaths = new HashSet<>();

    VariableSubstitution(Map<String, String> variables) {
        this.variables = Map.copyOf(variables);
    }

    /** Substitutes in place in {@code root}, reporting to {@code problems}. */
    void apply(JsonNode root, List<SpecProblem> problems) {
        walk(root, SpecPath.ROOT, problems);
    }

    /** Paths whose entire text was one {@code ${NAME}} reference. */
    Set<String> wholeValuePaths() {
        return Set.copyOf(wholeValuePaths);
    }

    private void walk(JsonNode node, String path, List<SpecProblem> problems) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                String fieldPath = SpecPath.field(path, field.getKey());
                if (field.getValue().isTextual()) {
                    field.setValue(substitute(field.getValue().textValue(), fieldPath, problems));
                } else {
                    walk(field.getValue(), fieldPath, problems);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                String itemPath = SpecPath.index(path, i);
                if (array.get(i).isTextual()) {
                    array.set(i, substitute(array.get(i).textValue(), itemPath, problems));
                } else {
                    walk(array.get(i), itemPath, problems);
                }
            }
        }
    }

    private JsonNode substitute(String text, String path, List<SpecProblem> problems) {
        if (text.indexOf('$') < 0) {
            return TextNode.valueOf(text);
        }
        StringBuilder result = new StringBuilder(text.length());
        int references = 0;
        boolean literalText = false;
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("$${", i)) {
                result.append("${");
                literalText = true;
                i += 3;
            } else if (text.startsWith("${", i)) {
                int end = text.indexOf('}', i + 2);
                if (end < 0) {
                    problems.add(new SpecProblem(
                            path,
                            "unclosed variable reference '${': close it with '}' or write '$${' for a literal '${'"));
                    return TextNode.valueOf(text);
                }
                String name = text.substring(i + 2, end);
                if (!isName(name)) {
                    problems.add(new SpecProblem(
                            path,
                            "invalid variable name in '${" + QuotedText.of(name)
                                    + "}': use letters, digits and '_', starting with a letter or '_'"));
                } else if (!variables.containsKey(name)) {
                    String hint = ClosestName.among(name, variables.keySet())
                            .map(n -> ": did you mean ${" + n + "}?")
                            .orElse("");
                    problems.add(new SpecProblem(path, "undefined variable ${" + QuotedText.of(name) + "}" + hint));
                } else {
                    result.append(variables.get(name));
                    references++;
                }
                i = end + 1;
            } else {
                result.append(text.charAt(i));
                literalText = true;
                i++;
            }
        }
        if (references == 1 && !literalText) {
            wholeValuePaths.add(path);
        }
        return TextNode.valueOf(result.toString());
    }

    private static boolean isName(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        return name.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'));
    }
}

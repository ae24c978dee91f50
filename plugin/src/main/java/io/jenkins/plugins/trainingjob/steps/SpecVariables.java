package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code variables} parameter of {@code submitTrainingJob}: {@code NAME=value} entries, as
 * {@code withEnv} takes them, because structs can describe a list of strings but not a map. Messages name
 * an entry by its position or name, never by its value (values may be secret).
 */
final class SpecVariables {
    private SpecVariables() {}

    /**
     * @return the entries as given, once each is {@code NAME=value} with a name a spec placeholder can use
     *     and no name is given twice
     * @throws InvalidInputException naming the field, the entry and the rule
     */
    static List<String> checked(List<String> entries) {
        if (entries == null) {
            return List.of();
        }
        toMap(entries);
        return List.copyOf(entries);
    }

    /** The entries as a map from name to value (checked as {@link #checked} does). */
    static Map<String, String> toMap(List<String> entries) {
        Map<String, String> map = new TreeMap<>();
        int position = 0;
        for (String entry : entries) {
            position++;
            int eq = entry == null ? -1 : entry.indexOf('=');
            if (eq < 0) {
                throw InvalidInputException.worded("variables", Messages.Step_VariableMalformed(position));
            }
            String name = entry.substring(0, eq);
            if (!isName(name)) {
                throw InvalidInputException.worded("variables", Messages.Step_VariableName(position));
            }
            if (map.put(name, entry.substring(eq + 1)) != null) {
                throw InvalidInputException.worded("variables", Messages.Step_VariableTwice(name));
            }
        }
        return map;
    }

    /**
     * The map form earlier releases took ({@code variables: [RUN: 1]}), as entries; a value that is not a
     * string is written with {@code String.valueOf}, so {@code [RUN: 1]} means {@code RUN=1}.
     */
    static List<String> fromMap(Map<?, ?> map) {
        List<String> entries = new ArrayList<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (e.getValue() == null) {
                throw InvalidInputException.worded("variables", Messages.Step_VariableNoValue(name));
            }
            entries.add(name + "=" + e.getValue());
        }
        return entries;
    }

    /** What a spec placeholder accepts (core's {@code VariableSubstitution}): ASCII letters, digits, _. */
    private static boolean isName(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        return name.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'));
    }
}

package io.jenkins.plugins.trainingjob.core.spec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Collects rule violations with the wording every rule shares. Messages never quote free text. */
final class ValidationProblems {

    private final List<SpecProblem> problems = new ArrayList<>();

    void add(String path, String message) {
        problems.add(new SpecProblem(path, message));
    }

    /** Reports a missing or blank value; true when the value is present and not blank. */
    boolean required(String path, String value) {
        if (value == null) {
            add(path, "required");
            return false;
        }
        if (value.isBlank()) {
            add(path, "must not be empty");
            return false;
        }
        return true;
    }

    boolean required(String path, Object value) {
        if (value == null) {
            add(path, "required");
            return false;
        }
        return true;
    }

    /** An optional enum value must be one of {@code allowed}; enum values are safe to quote. */
    void oneOf(String path, String value, Collection<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            add(path, "must be one of " + String.join(", ", allowed) + " (found '" + QuotedText.of(value) + "')");
        }
    }

    void atLeast(String path, Integer value, int minimum) {
        if (value != null && value < minimum) {
            add(path, "must be at least " + minimum + " (found " + value + ")");
        }
    }

    List<SpecProblem> list() {
        return List.copyOf(problems);
    }
}

package io.jenkins.plugins.trainingjob.core.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What reading one spec document shares across all its fields: the problems found so far, and the
 * paths whose whole value was a single {@code ${NAME}} (those may be converted to the field's number
 * or boolean type, because a CI parameter is always text).
 */
final class ReadContext {

    private final List<SpecProblem> problems = new ArrayList<>();
    private final Set<String> wholeValueSubstitutions;

    private final OutputRules outputs;

    ReadContext(Set<String> wholeValueSubstitutions) {
        this(wholeValueSubstitutions, OutputRules.none());
    }

    ReadContext(Set<String> wholeValueSubstitutions, OutputRules outputs) {
        this.wholeValueSubstitutions = Set.copyOf(wholeValueSubstitutions);
        this.outputs = outputs;
    }

    /** The spec's {@code outputs:} block, read before the platform's fields. */
    OutputRules outputs() {
        return outputs;
    }

    void problem(String path, String message) {
        problems.add(new SpecProblem(path, message));
    }

    boolean isWholeValueSubstitution(String path) {
        return wholeValueSubstitutions.contains(path);
    }

    List<SpecProblem> problems() {
        return List.copyOf(problems);
    }
}

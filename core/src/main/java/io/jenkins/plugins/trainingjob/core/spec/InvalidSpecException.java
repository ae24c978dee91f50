package io.jenkins.plugins.trainingjob.core.spec;

import java.util.List;
import java.util.Objects;

/**
 * A job spec could not be loaded: it is unreadable, malformed, or breaks one or more rules. Carries
 * every problem found, not just the first, so a user fixes the spec in one round. Bad input like any
 * other: {@link #field()} is the spec's source name.
 */
public final class InvalidSpecException extends InvalidInputException {

    private static final long serialVersionUID = 1L;

    private final String sourceName;
    private final List<SpecProblem> problems;

    public InvalidSpecException(String sourceName, List<SpecProblem> problems) {
        // The spec, named by its source, is the value; its problems are the reason.
        super(sourceName, reasonIn(sourceName, format(sourceName, problems)), format(sourceName, problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an invalid spec has at least one problem");
        }
        this.sourceName = Objects.requireNonNull(sourceName, "sourceName");
        this.problems = List.copyOf(problems);
    }

    /** Where the spec came from, as given to the loader (a file name, {@code Jenkinsfile}, ...). */
    public String sourceName() {
        return sourceName;
    }

    /** All problems, ordered by field path. */
    public List<SpecProblem> problems() {
        return problems;
    }

    private static String format(String sourceName, List<SpecProblem> problems) {
        StringBuilder text = new StringBuilder(sourceName)
                .append(": invalid job spec (")
                .append(problems.size())
                .append(problems.size() == 1 ? " problem)" : " problems)");
        for (SpecProblem problem : problems) {
            text.append(System.lineSeparator()).append("  ").append(problem);
        }
        return text.toString();
    }
}

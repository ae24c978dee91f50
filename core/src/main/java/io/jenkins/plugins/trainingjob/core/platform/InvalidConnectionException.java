package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Connection settings break one or more of {@link ConnectionSettingsValidator}'s rules. Thrown before any
 * call is made; the message lists every problem ({@code field: rule; field: rule}) so all of them are
 * fixed in one round. Bad input like any other: {@link #field()} is {@code connection}.
 */
public class InvalidConnectionException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    private final List<ConnectionProblem> problems;

    public InvalidConnectionException(List<ConnectionProblem> problems) {
        super("connection", text(problems), text(problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an invalid connection has at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    private static String text(List<ConnectionProblem> problems) {
        return problems.stream().map(ConnectionProblem::toString).collect(Collectors.joining("; "));
    }

    /** Every problem, in the order the settings are read (location first, then the platform's scope). */
    public List<ConnectionProblem> problems() {
        return problems;
    }
}

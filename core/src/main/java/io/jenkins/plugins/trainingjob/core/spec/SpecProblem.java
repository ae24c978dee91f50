package io.jenkins.plugins.trainingjob.core.spec;

import java.io.Serializable;
import java.util.Objects;

/**
 * One thing wrong with a job spec: the field path in the document (for example
 * {@code roles[0].resource_spec[1].replicas}; empty for the document as a whole) and what is wrong,
 * phrased as the rule the field breaks. Never contains a field's value, which may be a secret.
 * Serializable because {@link InvalidSpecException} carries a list of them and exceptions are.
 */
public record SpecProblem(String path, String message) implements Serializable {
    private static final long serialVersionUID = 1L;

    public SpecProblem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** {@code path: message}, or just the message for a problem with the whole document. */
    @Override
    public String toString() {
        return path.isEmpty() ? message : path + ": " + message;
    }
}

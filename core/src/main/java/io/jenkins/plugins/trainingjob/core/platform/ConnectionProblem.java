package io.jenkins.plugins.trainingjob.core.platform;

import java.io.Serializable;
import java.util.Objects;

/**
 * One thing wrong with connection settings: the setting (named as users set it in the CLI profile and
 * the Jenkins form, e.g. {@code resourcePool}) and the rule it breaks. Written like a spec problem so
 * both front ends print {@code field: message} in the same words. Serializable because
 * {@link InvalidConnectionException} carries a list of them and exceptions are.
 */
public record ConnectionProblem(String field, String message) implements Serializable {
    private static final long serialVersionUID = 1L;

    public ConnectionProblem {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }

    /** {@code field: message}. */
    @Override
    public String toString() {
        return field + ": " + message;
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import java.util.Objects;

/**
 * One thing wrong with connection settings: the setting (named as users set it in the CLI profile and
 * the Jenkins form, e.g. {@code resourcePool}) and the rule it breaks. Written like a spec problem so
 * both front ends print {@code field: message} in the same words.
 */
public record ConnectionProblem(String field, String message) {

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

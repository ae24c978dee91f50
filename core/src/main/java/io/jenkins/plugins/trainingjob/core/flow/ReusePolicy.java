package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Locale;

/**
 * Whether a submit may return an earlier job of the same rendered spec instead of creating one
 * ({@code reuse:} in the steps, {@code --reuse} in the CLI). See {@link SpecReuse}.
 */
public enum ReusePolicy {
    /** Always submit (the default). */
    NEVER,
    /** Return a job of the same spec whose state is SUCCEEDED; anything less proves nothing, so submit. */
    SUCCEEDED,
    /** Return any job of the same spec that still exists, whatever its state. */
    ANY;

    /**
     * @param field the option or field name, for the error message
     * @throws InvalidInputException naming the field and the rule
     */
    public static ReusePolicy parse(String text, String field) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "", "never" -> NEVER;
            case "succeeded" -> SUCCEEDED;
            case "any" -> ANY;
            default ->
                throw InvalidInputException.of(
                        field, "must be never, succeeded or any, was '" + ConsoleText.strip(text, 40) + "'");
        };
    }

    /** The value as the front ends write it. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}

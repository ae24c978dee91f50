package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;

/** Checks of step parameters that no single setter can make; each error names the parameters. */
final class StepValidation {
    private StepValidation() {}

    static void requireOneSpec(TrainingJobParameters p) {
        if ((p.getSpec() == null) == (p.getSpecText() == null)) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecChoice());
        }
    }

    /** Core's wait mode for the parameter {@code field}; a bad value is refused in the plugin's (localised) words. */
    static WaitMode waitMode(String field, String value, boolean allowNone) {
        try {
            return WaitMode.parse(field, value, allowNone);
        } catch (InvalidInputException e) {
            throw InvalidInputException.worded(
                    field, Messages.Step_WaitInvalid(field, value, WaitMode.choices(allowNone)), e);
        }
    }

    /** Returns the trimmed duration text, or {@code null} when unset; fails early on a malformed one. */
    static String duration(String field, String text) {
        String t = Connection.trimToNull(text);
        if (t != null) {
            DurationInput.parse(field, t);
        }
        return t;
    }
}

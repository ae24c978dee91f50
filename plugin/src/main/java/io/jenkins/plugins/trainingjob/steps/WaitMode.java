package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.Locale;

/** What {@code submitTrainingJob} waits for after the submit: {@code none}, {@code scheduled}, {@code completed}. */
public enum WaitMode {
    NONE(null),
    SCHEDULED(WaitTarget.SCHEDULED),
    COMPLETED(WaitTarget.COMPLETED);

    private final WaitTarget target;

    WaitMode(WaitTarget target) {
        this.target = target;
    }

    /** The monitor's target, or {@code null} for {@link #NONE}. */
    public WaitTarget target() {
        return target;
    }

    /** Parses the step parameter {@code field} (case-insensitive); empty means {@code scheduled}. */
    public static WaitMode parse(String field, String value, boolean allowNone) {
        if (value == null || value.isBlank()) {
            return SCHEDULED;
        }
        String v = value.trim().toUpperCase(Locale.ROOT);
        for (WaitMode m : values()) {
            if (m.name().equals(v) && (allowNone || m != NONE)) {
                return m;
            }
        }
        throw InvalidInputException.worded(field, Messages.Step_WaitInvalid(field, value,
                allowNone ? "none, scheduled, completed" : "scheduled, completed"));
    }
}

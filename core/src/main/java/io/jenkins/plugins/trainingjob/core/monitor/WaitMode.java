package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.Locale;

/**
 * What a front end waits for after a submit: every worker placed ({@code scheduled}), the job finished
 * ({@code completed}), or nothing ({@code none}). The CLI's {@code --wait} and the plugin's {@code wait}
 * and {@code until} parameters; the plugin keeps it in its saved step state.
 */
public enum WaitMode {
    SCHEDULED(WaitTarget.SCHEDULED),
    COMPLETED(WaitTarget.COMPLETED),
    NONE(null);

    private final WaitTarget target;

    WaitMode(WaitTarget target) {
        this.target = target;
    }

    /** The monitor's target, or {@code null} for {@link #NONE}. */
    public WaitTarget target() {
        return target;
    }

    /**
     * Parses the parameter {@code field} (case-insensitive); empty means {@link #SCHEDULED}.
     *
     * @param allowNone whether {@code none} is accepted: not where waiting is the whole point
     *     ({@code awaitScheduleDiagnosis until})
     * @throws InvalidInputException naming {@code field} and the accepted values
     */
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
        throw InvalidInputException.of(field, "'" + value + "' is not one of " + choices(allowNone));
    }

    /** The values {@link #parse} accepts, as a person writes them: {@code none, scheduled, completed}. */
    public static String choices(boolean allowNone) {
        return allowNone ? "none, scheduled, completed" : "scheduled, completed";
    }
}

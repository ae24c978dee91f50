package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.Locale;

/** How a submit with fallback targets picks where to go first ({@code --fallback-order}, {@code fallbackOrder}). */
public enum FallbackOrder {
    /**
     * The first target that fits now in the given order; else the ones that fit later, soonest ETA first
     * (those without an ETA after them, in the given order); else the unknown ones. Targets that never fit or
     * need the administrator are skipped.
     */
    BEST,
    /** The given order, skipping only targets that can never fit. */
    GIVEN;

    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads {@code best} or {@code given}; nothing given ({@code null}, blank) is {@link #BEST}, the default.
     *
     * @throws InvalidInputException naming {@code field} unless {@code text} is {@code best} or {@code given}
     */
    public static FallbackOrder parse(String field, String text) {
        if (text == null || text.isBlank()) {
            return BEST;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (FallbackOrder o : values()) {
            if (o.text().equals(t)) {
                return o;
            }
        }
        throw InvalidInputException.of(field, "must be best or given (was '" + text + "')");
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import java.util.Locale;

/**
 * What a pool administrator did to a node, as AIHC's node list reports it ({@code intervention}:
 * {@code unintervened}, {@code cordoned}, {@code tainted}). Only a person with rights on the pool can undo
 * it; a job cannot (AIHC jobs carry no tolerations).
 */
public enum NodeIntervention {
    NONE,
    CORDONED,
    TAINTED;

    /** Reads the wire value; anything unknown (or empty) is {@link #NONE}, which keeps the node counted. */
    public static NodeIntervention parse(String wire) {
        String w = wire == null ? "" : wire.trim().toLowerCase(Locale.ROOT);
        return switch (w) {
            case "cordoned", "cordon" -> CORDONED;
            case "tainted", "taint" -> TAINTED;
            default -> NONE;
        };
    }
}

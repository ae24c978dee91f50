package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.Objects;
import java.util.Set;

/** A node taint. Only {@code NoSchedule} and {@code NoExecute} keep new pods away; jobs carry no tolerations. */
public record Taint(String key, String value, String effect) {

    /** The taint Kubernetes' node controller puts on a node that is not Ready. */
    public static final String NOT_READY = "node.kubernetes.io/not-ready";

    private static final Set<String> EFFECTS = Set.of("NoSchedule", "NoExecute", "PreferNoSchedule");

    public Taint {
        Objects.requireNonNull(key, "key");
        if (key.isBlank()) {
            throw new IllegalArgumentException("taint key is empty");
        }
        value = value == null ? "" : value;
        effect = effect == null ? "NoSchedule" : effect;
        if (!EFFECTS.contains(effect)) {
            throw new IllegalArgumentException("taint effect '" + effect + "' is not one of " + EFFECTS);
        }
    }

    public boolean repelsPods() {
        return effect.equals("NoSchedule") || effect.equals("NoExecute");
    }

    /** {@code {key: value}}, the form both the diagnosis and the scheduler event print. */
    public String braced() {
        return "{" + key + ": " + value + "}";
    }
}

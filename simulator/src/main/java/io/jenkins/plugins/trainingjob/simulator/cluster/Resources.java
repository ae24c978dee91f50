package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** An immutable bag of resource amounts keyed by resource name ({@code cpu}, {@code nvidia.com/gpu}, ...). */
public record Resources(Map<String, Double> amounts) {

    public static final Resources NONE = new Resources(Map.of());

    public Resources {
        TreeMap<String, Double> copy = new TreeMap<>();
        amounts.forEach((k, v) -> {
            if (v != null && v != 0) {
                copy.put(k, v);
            }
        });
        amounts = Collections.unmodifiableMap(copy);
    }

    /** Parses a map of quantity strings; {@code field} names the map in error messages. */
    public static Resources parse(Map<String, String> quantities, String field) {
        if (quantities == null) {
            return NONE;
        }
        TreeMap<String, Double> m = new TreeMap<>();
        quantities.forEach((k, v) -> {
            try {
                m.put(k, Quantity.parse(v));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(field + "." + k + ": " + e.getMessage());
            }
        });
        return new Resources(m);
    }

    public double get(String name) {
        return amounts.getOrDefault(name, 0d);
    }

    public Resources plus(Resources other) {
        TreeMap<String, Double> m = new TreeMap<>(amounts);
        other.amounts.forEach((k, v) -> m.merge(k, v, Double::sum));
        return new Resources(m);
    }

    public Resources minus(Resources other) {
        TreeMap<String, Double> m = new TreeMap<>(amounts);
        other.amounts.forEach((k, v) -> m.merge(k, -v, Double::sum));
        return new Resources(m);
    }

    public Resources times(int n) {
        TreeMap<String, Double> m = new TreeMap<>();
        amounts.forEach((k, v) -> m.put(k, v * n));
        return new Resources(m);
    }

    /** Whether every amount here is at most what {@code available} has (absent means zero). */
    public boolean fitsIn(Resources available) {
        for (Map.Entry<String, Double> e : amounts.entrySet()) {
            if (e.getValue() > available.get(e.getKey()) + 1e-9) {
                return false;
            }
        }
        return true;
    }

    public boolean isEmpty() {
        return amounts.isEmpty();
    }

    /** Quantity strings per resource, sorted by name, for JSON output. */
    public Map<String, String> formatted() {
        TreeMap<String, String> m = new TreeMap<>();
        amounts.forEach((k, v) -> m.put(k, Quantity.format(k, v)));
        return m;
    }
}

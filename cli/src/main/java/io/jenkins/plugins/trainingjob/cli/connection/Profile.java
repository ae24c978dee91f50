package io.jenkins.plugins.trainingjob.cli.connection;

import java.nio.file.Path;
import java.util.Map;

/**
 * The settings of one profile of the profile file, flattened: the file's top level overlaid with the
 * selected named profile. {@code source} is {@code null} when there is no file.
 */
record Profile(Map<String, String> values, Path source) {

    static final Profile NONE = new Profile(Map.of(), null);

    Profile {
        values = Map.copyOf(values);
    }

    /** The value, or {@code null} when the profile does not set it. */
    String get(String key) {
        String v = values.get(key);
        return v == null || v.isBlank() ? null : v;
    }

    @Override
    public String toString() {
        // Never show values: the profile may hold a secret.
        return "Profile{source=" + source + ", keys="
                + values.keySet().stream().sorted().toList() + "}";
    }
}

package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A taint named in a scheduler message. Messages carry it as {@code {key: value}} (upstream
 * {@code node(s) had untolerated taint {k: v}}, AIHC {@code ...taint: {k: v}}); the effect is not in the
 * message, so it is empty here and hints assume {@code NoSchedule}, saying so.
 */
record Taint(String key, String value) {

    private static final String NAME = "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?";
    private static final Pattern KEY =
            Pattern.compile("([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?" + NAME);
    private static final Pattern VALUE = Pattern.compile("(" + NAME + ")?");

    /**
     * True when key and value follow Kubernetes' syntax for taints (qualified name; value of at most 63
     * name characters). Only such taints are put into ready-to-paste snippets, so a hostile message
     * cannot smuggle text into a user's YAML.
     */
    public boolean isValid() {
        return key.length() <= 317
                && KEY.matcher(key).matches()
                && VALUE.matcher(value).matches();
    }

    /** The first {@code {key: value}} in a message; a missing value (e.g. {@code {k: }}) is empty. */
    public static Optional<Taint> parse(String message) {
        if (message == null) {
            return Optional.empty();
        }
        int open = message.indexOf('{');
        int close = open < 0 ? -1 : message.indexOf('}', open + 1);
        if (close < 0) {
            return Optional.empty();
        }
        String inner = message.substring(open + 1, close).trim();
        int colon = inner.indexOf(": ");
        String key = (colon < 0
                        ? inner.endsWith(":") ? inner.substring(0, inner.length() - 1) : inner
                        : inner.substring(0, colon))
                .trim();
        String value = colon < 0 ? "" : inner.substring(colon + 2).trim();
        return key.isEmpty() ? Optional.empty() : Optional.of(new Taint(key, value));
    }

    /** {@code key: value}, or just the key when there is no value. */
    public String text() {
        return value.isEmpty() ? key : key + ": " + value;
    }
}

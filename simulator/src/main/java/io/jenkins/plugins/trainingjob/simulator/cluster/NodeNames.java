package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands node-name ranges such as {@code fake-node-a800-[01-04]} or {@code 10.3.0.[122-123]}: one
 * bracketed inclusive range per name, zero-padded to the width of the lower bound.
 */
public final class NodeNames {

    private static final Pattern RANGE = Pattern.compile("^(.*)\\[(\\d+)-(\\d+)](.*)$");

    private NodeNames() {}

    public static List<String> expand(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("node name is empty");
        }
        Matcher m = RANGE.matcher(pattern.trim());
        if (!m.matches()) {
            if (pattern.contains("[") || pattern.contains("]")) {
                throw new IllegalArgumentException(
                        "node name '" + pattern + "': a range must look like name-[01-04] (one range, low-high)");
            }
            return List.of(pattern.trim());
        }
        String low = m.group(2);
        int from = Integer.parseInt(low);
        int to = Integer.parseInt(m.group(3));
        if (to < from || to - from > 10_000) {
            throw new IllegalArgumentException(
                    "node name '" + pattern + "': range " + from + "-" + to + " is empty or too large");
        }
        int width = low.length();
        List<String> names = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            String n = Integer.toString(i);
            while (n.length() < width) {
                n = "0" + n;
            }
            names.add(m.group(1) + n + m.group(4));
        }
        return names;
    }
}

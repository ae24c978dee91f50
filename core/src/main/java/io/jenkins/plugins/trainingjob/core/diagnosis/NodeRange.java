package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.Objects;

/**
 * Names folded into one range, e.g. {@code fake-node-a800-[01-04]} standing for four nodes, or a single
 * name left as it is. The count travels with the text so renderers can cap long lists ("… and N more")
 * without re-parsing names, which may themselves contain brackets.
 */
public record NodeRange(String folded, int count) {
    public NodeRange {
        Objects.requireNonNull(folded, "folded");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
    }
}

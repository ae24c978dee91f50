package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.time.Duration;

/**
 * What a pool administrator does at a moment of simulated time (counted from the start or the last reset):
 * uncordon or untaint a node (untaint also clears a NotReady taint), reopen a queue, or add nodes shaped
 * like one the queue has. These are the actions pre-flight's NEEDS_ADMIN names; a world that runs them
 * shows what its NEVER_FITS would have refused.
 *
 * @param kind what is done
 * @param target a node name, or a queue key ({@code aihc/<pool>/<queue>})
 * @param like for {@link Kind#ADD_NODES}: the node whose shape (allocatable) the new nodes copy
 * @param count for {@link Kind#ADD_NODES}: how many
 */
public record AdminAction(Duration at, Kind kind, String target, String like, int count) {

    public enum Kind {
        UNCORDON,
        UNTAINT,
        REOPEN,
        ADD_NODES
    }
}

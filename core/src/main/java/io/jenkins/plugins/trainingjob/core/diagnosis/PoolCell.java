package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.Objects;

/**
 * One cell of the pool picture: a node (or, in pools of more than a few hundred nodes, a folded range of
 * nodes that look alike) with the reason it refused the job, if it did, and its free and total devices
 * from the inventory. Names are remote data.
 *
 * @param nodes the node name, or a folded range such as {@code gpu-[0001-0480]}
 * @param count how many nodes the cell stands for
 * @param refusal why the node(s) refused the job; {@code null} when they did not (or were not asked)
 * @param intervention the inventory's word for an administrator's action: {@code cordoned}, {@code tainted},
 *     or empty
 * @param gpuFree free devices per node, -1 when the inventory does not list the node
 * @param gpuTotal devices per node, -1 when the inventory does not list the node
 */
public record PoolCell(
        String nodes,
        int count,
        ReasonCategory refusal,
        String intervention,
        String gpuResource,
        long gpuFree,
        long gpuTotal) {
    public PoolCell {
        Objects.requireNonNull(nodes, "nodes");
        intervention = intervention == null ? "" : intervention;
        gpuResource = gpuResource == null ? "" : gpuResource;
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
    }
}

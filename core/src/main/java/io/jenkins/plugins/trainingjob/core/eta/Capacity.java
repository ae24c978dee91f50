package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;

/**
 * The GPUs that can serve a job: the nodes that could hold one of its pods (schedulable, with at least a
 * pod's GPUs in all), their GPUs in all and free now, and the free pod slots (a gang starts only when every
 * pod has one). Known from a pool inventory, or {@link #unknown} when the platform lists no nodes (SenseCore)
 * or the inventory was not readable; then the estimator falls back on the history's peak use.
 */
public record Capacity(boolean known, int nodes, long totalGpus, long freeGpus, long freeSlots) {

    public static Capacity unknown() {
        return new Capacity(false, 0, 0, 0, 0);
    }

    /** The part of {@code inventory} that can hold pods of {@code gpusPerPod} GPUs. */
    public static Capacity of(PoolInventory inventory, int gpusPerPod) {
        int nodes = 0;
        long total = 0;
        long free = 0;
        long slots = 0;
        for (InventoryNode n : inventory.queueNodes()) {
            if (!n.schedulable() || n.gpuTotal() < Math.max(1, gpusPerPod)) {
                continue;
            }
            nodes++;
            total += n.gpuTotal();
            free += n.gpuFree();
            slots += gpusPerPod <= 0 ? 1 : n.gpuFree() / gpusPerPod;
        }
        return new Capacity(true, nodes, total, free, slots);
    }
}

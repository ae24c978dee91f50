package io.jenkins.plugins.trainingjob.core.platform;

/**
 * One node of a pool as the inventory lists it. Counts are whole devices; CPU in cores. Memory is kept
 * as the platform sends it ({@code memoryTotal}); its unit is not documented, so no check relies on it.
 * Every string is remote data.
 *
 * @param gpuResource the node's accelerator resource name (AIHC {@code gpuDescriptor}, e.g.
 *     {@code nvidia.com/gpu}); empty for a node without accelerators
 * @param gpuAllocated devices held by pods on the node, of every tenant
 * @param gpuKnown false when the answer left out the node's accelerator kind or count (or sent them in a
 *     form we could not read): then "this node has no such device" is not known, and no rule uses it
 * @param cpuKnown false when {@code cpuTotal} was absent or unreadable
 */
public record InventoryNode(
        String name,
        String gpuResource,
        long gpuTotal,
        long gpuAllocated,
        long cpuTotal,
        long cpuAllocated,
        long memoryTotal,
        long memoryAllocated,
        String statusPhase,
        NodeIntervention intervention,
        boolean gpuKnown,
        boolean cpuKnown) {

    /** A node whose shape was read in full. */
    public InventoryNode(
            String name,
            String gpuResource,
            long gpuTotal,
            long gpuAllocated,
            long cpuTotal,
            long cpuAllocated,
            long memoryTotal,
            long memoryAllocated,
            String statusPhase,
            NodeIntervention intervention) {
        this(
                name,
                gpuResource,
                gpuTotal,
                gpuAllocated,
                cpuTotal,
                cpuAllocated,
                memoryTotal,
                memoryAllocated,
                statusPhase,
                intervention,
                true,
                true);
    }

    public InventoryNode {
        name = name == null ? "" : name;
        gpuResource = gpuResource == null ? "" : gpuResource;
        statusPhase = statusPhase == null ? "" : statusPhase;
        intervention = intervention == null ? NodeIntervention.NONE : intervention;
        gpuTotal = Math.max(0, gpuTotal);
        gpuAllocated = Math.max(0, gpuAllocated);
        cpuTotal = Math.max(0, cpuTotal);
        cpuAllocated = Math.max(0, cpuAllocated);
    }

    /** Devices not held by anyone now. */
    public long gpuFree() {
        return Math.max(0, gpuTotal - gpuAllocated);
    }

    /** How many devices of {@code resource} the node has in total (0 when it has another kind). */
    public long gpuTotalOf(String resource) {
        return gpuResource.equals(resource) ? gpuTotal : 0;
    }

    /** How many devices of {@code resource} are free now (0 when it has another kind). */
    public long gpuFreeOf(String resource) {
        return gpuResource.equals(resource) ? gpuFree() : 0;
    }

    /** Neither cordoned nor tainted: a job of this pool may be placed here without an administrator. */
    public boolean schedulable() {
        return intervention == NodeIntervention.NONE;
    }

    /**
     * Not Ready by its own word: a {@code statusPhase} that is present and is neither {@code Ready} nor
     * {@code Running}. An absent phase is not taken as trouble.
     */
    public boolean notReady() {
        String p = statusPhase.trim();
        return !p.isEmpty() && !p.equalsIgnoreCase("ready") && !p.equalsIgnoreCase("running");
    }

    /** Schedulable and not reported NotReady: the scheduler may place a pod here today. */
    public boolean usable() {
        return schedulable() && !notReady();
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import java.util.List;

/**
 * How a pool's inventory answers differ from the SDK's camelCase, complete, stable shapes. Every knob
 * is a way the real API may answer that pre-flight must not take as proof.
 *
 * @param keys {@code camel} (default) or {@code lower}: {@code gpudescriptor}, {@code cputotal}, ...
 * @param omit node fields left out of every node ({@code gpuTotal}, {@code cpuTotal}, {@code gpuDescriptor}, ...)
 * @param ignorePageNo every page repeats the first (a server that ignores {@code pageNo})
 * @param nodeListBy what a queue's {@code nodeList} holds: {@code nodeName} (default) or {@code instanceId}
 * @param listNodes false: the node list is empty with total 0 (a managed pool, or one scaled to zero)
 * @param phase the pool's {@code status.phase} (default {@code running}; empty leaves it out)
 */
public record InventoryShape(
        String keys, List<String> omit, Boolean ignorePageNo, String nodeListBy, Boolean listNodes, String phase) {
    public static final InventoryShape PLAIN = new InventoryShape(null, null, null, null, null, null);

    public InventoryShape {
        keys = keys == null ? "camel" : keys;
        if (!keys.equals("camel") && !keys.equals("lower")) {
            throw new IllegalArgumentException("inventory keys must be camel or lower, was '" + keys + "'");
        }
        omit = omit == null ? List.of() : List.copyOf(omit);
        ignorePageNo = Boolean.TRUE.equals(ignorePageNo);
        nodeListBy = nodeListBy == null ? "nodeName" : nodeListBy;
        if (!nodeListBy.equals("nodeName") && !nodeListBy.equals("instanceId")) {
            throw new IllegalArgumentException(
                    "inventory nodeListBy must be nodeName or instanceId, was '" + nodeListBy + "'");
        }
        listNodes = !Boolean.FALSE.equals(listNodes);
        phase = phase == null ? "running" : phase;
    }
}

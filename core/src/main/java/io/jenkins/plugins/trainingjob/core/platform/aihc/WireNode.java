package io.jenkins.plugins.trainingjob.core.platform.aihc;

import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import java.util.OptionalLong;

/**
 * One entry of AIHC's node list ({@code resourcePool.go} {@code Node}): the node, and the ids a queue's
 * {@code nodeList} may name it by ({@code instanceId}, {@code instanceName}).
 */
record WireNode(String name, String instanceId, String instanceName, InventoryNode node) {

    static WireNode of(WireObject n) {
        String name = n.text("nodeName");
        String descriptor = n.text("gpuDescriptor");
        OptionalLong gpuTotal = n.number("gpuTotal");
        OptionalLong cpuTotal = n.number("cpuTotal");
        // the kind is known when the node names it, or says it has no device at all
        boolean gpuKnown =
                gpuTotal.isPresent() && (!descriptor.isEmpty() || gpuTotal.getAsLong() == 0) && n.has("gpuDescriptor");
        InventoryNode node = new InventoryNode(
                name,
                descriptor,
                gpuTotal.orElse(0),
                n.number("gpuAllocated").orElse(0),
                cpuTotal.orElse(0),
                n.number("cpuAllocated").orElse(0),
                n.number("memoryTotal").orElse(0),
                n.number("memoryAllocated").orElse(0),
                n.text("statusPhase"),
                NodeIntervention.parse(n.text("intervention")),
                gpuKnown,
                cpuTotal.isPresent());
        return new WireNode(name, n.text("instanceId"), n.text("instanceName"), node);
    }
}

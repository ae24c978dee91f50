package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a pool has, read before or beside a diagnosis: per accelerator kind the pool's totals, its nodes
 * (AIHC; SenseCore's API lists none), the queue the job goes to, and what only its platform has
 * ({@link PoolEvidence}: SenseCore's resource specs and the workspace's pool bindings). A snapshot:
 * {@code readAt} says when.
 *
 * <p>Bounded: at most {@link #MAX_NODES} nodes are kept; {@code nodesComplete} is false when the pool has
 * more, when the node list is not served, or when paging stopped early or did not add up. {@code nodeDoubts}
 * says, in words, why the node list proves nothing even so (a managed pool without tenant nodes, a pool with
 * no nodes or not running, a queue {@code nodeList} that matches no node). Checks that need every node
 * (a resource that exists "on no node") only conclude when {@link #nodesTrusted()}.
 */
public record PoolInventory(
        String poolId,
        String queueName,
        List<GpuTotal> gpus,
        List<InventoryNode> nodes,
        boolean nodesComplete,
        QueueCapacity queue,
        PoolEvidence evidence,
        Instant readAt,
        List<String> nodeDoubts) {

    /** An inventory without doubts about its node list. */
    public PoolInventory(
            String poolId,
            String queueName,
            List<GpuTotal> gpus,
            List<InventoryNode> nodes,
            boolean nodesComplete,
            QueueCapacity queue,
            PoolEvidence evidence,
            Instant readAt) {
        this(poolId, queueName, gpus, nodes, nodesComplete, queue, evidence, readAt, List.of());
    }

    /** 5,000-node pools are the largest we plan for; a few times that still fits in a few MB. */
    public static final int MAX_NODES = 20_000;

    /** One accelerator kind of the pool: AIHC {@code status.gpuDetail[]}. */
    public record GpuTotal(String resource, long total, long used) {
        public GpuTotal {
            resource = resource == null ? "" : resource;
        }
    }

    public PoolInventory {
        poolId = poolId == null ? "" : poolId;
        queueName = queueName == null ? "" : queueName;
        gpus = gpus == null ? List.of() : List.copyOf(gpus);
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        Objects.requireNonNull(evidence, "evidence");
        nodeDoubts = nodeDoubts == null ? List.of() : List.copyOf(nodeDoubts);
    }

    /** Whose pool this is, as its platform's part of the inventory says. */
    PlatformKind platform() {
        return evidence.platform();
    }

    /**
     * Whether the node list may be used as proof: read in full ({@code nodesComplete}) and without doubts.
     * Checks that a node list "has no such device" or "no node this large" rely on this.
     */
    public boolean nodesTrusted() {
        return nodesComplete && nodeDoubts.isEmpty();
    }

    Optional<QueueCapacity> queueCapacity() {
        return Optional.ofNullable(queue);
    }

    /** The nodes the queue may use: its node list when it has one, else every node of the pool. */
    public List<InventoryNode> queueNodes() {
        if (queue == null || queue.nodeList().isEmpty()) {
            return nodes;
        }
        Set<String> bound = new HashSet<>(queue.nodeList());
        List<InventoryNode> out = new ArrayList<>();
        for (InventoryNode n : nodes) {
            if (bound.contains(n.name())) {
                out.add(n);
            }
        }
        return out;
    }

    /** Node by name, for joining a diagnosis; built once per call, so callers look up in bulk. */
    public Map<String, InventoryNode> nodesByName() {
        Map<String, InventoryNode> m = new HashMap<>(nodes.size() * 2);
        for (InventoryNode n : nodes) {
            m.put(n.name(), n);
        }
        return m;
    }
}

package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What pre-flight knows: the job's demand, the inventory, and what follows from them once (the queue's
 * nodes, the accelerator descriptors the pool lists, which of the job's resources are such descriptors).
 */
final class PreflightEvidence {

    final JobDemand demand;
    final PoolInventory inventory;
    final QueueCapacity queue;
    /** "queue q1", or "the pool" when the job names no queue. */
    final String where;

    final List<InventoryNode> nodes;
    /** Descriptors nodes or the pool's {@code gpuDetail} name: the accelerator kinds the pool provably has. */
    final Set<String> descriptors = new TreeSet<>();
    /** The job's accelerators that are descriptors of the pool: the ones node rules can count. */
    final Map<String, Double> counted = new TreeMap<>();
    /** The job's extended resources that are no descriptor of the pool (shared GPU, RDMA, another vendor). */
    final Map<String, Double> unlisted = new TreeMap<>();

    PreflightEvidence(JobDemand demand, PoolInventory inventory) {
        this.demand = demand;
        this.inventory = inventory;
        this.queue = inventory.queue();
        String queueName = queue != null ? queue.name() : demand.queue();
        this.where = queueName.isEmpty() ? "the pool" : "queue " + queueName;
        this.nodes = inventory.queueNodes();
        inventory.nodes().forEach(n -> {
            if (!n.gpuResource().isEmpty()) {
                descriptors.add(n.gpuResource());
            }
        });
        inventory.gpus().forEach(g -> {
            if (!g.resource().isEmpty()) {
                descriptors.add(g.resource());
            }
        });
        demand.perPod().forEach((k, v) -> {
            if (v > 0 && k.contains("/")) {
                (descriptors.contains(k) ? counted : unlisted).put(k, v);
            }
        });
    }

    /** Why the node list proves nothing, or empty when it may be used as proof. */
    Optional<String> nodesDoubt() {
        if (!inventory.nodesComplete() && inventory.nodeDoubts().isEmpty()) {
            return Optional.of(
                    "the node list is incomplete (" + inventory.nodes().size() + " nodes read)");
        }
        if (!inventory.nodeDoubts().isEmpty()) {
            return Optional.of(String.join("; ", inventory.nodeDoubts()));
        }
        if (nodes.isEmpty()) {
            return Optional.of(where + " has no nodes listed");
        }
        return Optional.empty();
    }

    /** {@link #nodesDoubt}, or why the nodes' accelerator kinds and counts are not all known. */
    Optional<String> acceleratorDoubt() {
        Optional<String> d = nodesDoubt();
        if (d.isPresent()) {
            return d;
        }
        long unknown = nodes.stream().filter(n -> !n.gpuKnown()).count();
        return unknown == 0
                ? Optional.empty()
                : Optional.of(unknown + " of " + nodes.size() + " nodes do not report their accelerator kind or count");
    }

    /** Whether every node of the queue reports its CPU total. */
    boolean cpuKnown() {
        return nodes.stream().allMatch(InventoryNode::cpuKnown);
    }

    /** How many of the job's pods fit on the node: in its totals, or ({@code free}) in what is free now. */
    long places(InventoryNode n, boolean free) {
        long k = Long.MAX_VALUE;
        for (Map.Entry<String, Double> g : counted.entrySet()) {
            long have = free ? n.gpuFreeOf(g.getKey()) : n.gpuTotalOf(g.getKey());
            k = Math.min(k, (long) Math.floor(have / g.getValue() + 1e-9));
        }
        double cpu = demand.perPod().getOrDefault("cpu", 0d);
        if (cpu > 0 && n.cpuKnown()) {
            // whole cores: the node may have up to one core more than it reports
            long have = free ? n.cpuTotal() - n.cpuAllocated() : n.cpuTotal();
            k = Math.min(k, (long) Math.floor((have + (free ? 0 : 0.999)) / cpu + 1e-9));
        }
        return k == Long.MAX_VALUE ? demand.pods() : Math.max(0, k);
    }

    /** Pods of this job the nodes hold together (each node at most all of them). */
    long places(List<InventoryNode> on, boolean free) {
        long sum = 0;
        for (InventoryNode n : on) {
            sum += Math.min(places(n, free), demand.pods());
        }
        return sum;
    }

    String perPodText() {
        StringBuilder b = new StringBuilder();
        demand.perPod().forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ")
                .append(JobDemand.amount(k, v))
                .append(' ')
                .append(k));
        return b.length() == 0 ? "nothing" : b.toString();
    }
}

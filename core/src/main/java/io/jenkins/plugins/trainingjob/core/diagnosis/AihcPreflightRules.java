package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The AIHC pre-flight rules, in the order they run. NEVER_FITS comes only from the job's shape against
 * what the queue could ever offer: its hard limit ({@code capability}), a leaf queue, the node shapes bound
 * to it (totals over every node, cordoned, tainted or NotReady alike) and the accelerator kinds the pool
 * has. A closed queue or blocked nodes are NEEDS_ADMIN; what is in use is FITS_LATER.
 */
final class AihcPreflightRules {

    /** Volcano reads a cpu or memory capability ≤ 0 as unlimited ({@code capacity.go}, {@code proportion.go}). */
    private static final Set<String> UNLIMITED_AT_ZERO = Set.of("cpu", "memory");

    private static final List<String> MEMORY_UNITS = List.of("Ki", "Mi", "Gi", "Ti", "k", "M", "G", "T");

    static final List<PreflightRule> RULES = List.of(
            new PreflightRule("QueueIsLeaf", AihcPreflightRules::needsQueue, AihcPreflightRules::queueIsLeaf),
            new PreflightRule("QueueCapability", AihcPreflightRules::needsQueue, AihcPreflightRules::queueCapability),
            PreflightRule.always("ExtendedResources", AihcPreflightRules::extendedResources),
            new PreflightRule(
                    "AcceleratorKind", AihcPreflightRules::needsAcceleratorKinds, AihcPreflightRules::acceleratorKind),
            new PreflightRule("PodFitsNode", e -> e.nodesDoubt(), AihcPreflightRules::podFitsNode),
            new PreflightRule("QueueOpen", AihcPreflightRules::needsQueue, AihcPreflightRules::queueOpen),
            new PreflightRule("GangFitsQueue", AihcPreflightRules::needsCountableNodes, AihcPreflightRules::gangFits),
            new PreflightRule("CapacityNow", AihcPreflightRules::needsCountableNodes, AihcPreflightRules::capacityNow));

    private AihcPreflightRules() {}

    // ---- evidence ----

    private static Optional<String> needsQueue(PreflightEvidence e) {
        return e.queue != null
                ? Optional.empty()
                : Optional.of(
                        e.demand.queue().isEmpty()
                                ? "the job names no queue"
                                : "queue " + e.demand.queue() + " was not read");
    }

    /** Only a job asking for a resource the pool does not list needs the kinds; others pass silently. */
    private static Optional<String> needsAcceleratorKinds(PreflightEvidence e) {
        return e.unlisted.isEmpty() ? Optional.empty() : e.acceleratorDoubt();
    }

    private static Optional<String> needsCountableNodes(PreflightEvidence e) {
        Optional<String> d = e.counted.isEmpty() ? e.nodesDoubt() : e.acceleratorDoubt();
        if (d.isPresent()) {
            return d;
        }
        return e.demand.perPod().getOrDefault("cpu", 0d) > 0 && !e.cpuKnown()
                ? Optional.of("some nodes do not report cpuTotal")
                : Optional.empty();
    }

    // ---- NEVER_FITS ----

    private static void queueIsLeaf(PreflightEvidence e, PreflightJudgement j) {
        QueueCapacity q = e.queue;
        if (!q.children().isEmpty()) {
            j.never(
                    "QueueIsLeaf",
                    "queue " + q.name() + " has child queues (" + String.join(", ", q.children())
                            + "); jobs go only to leaf queues",
                    "",
                    "",
                    "",
                    "Suggestion: submit to one of its child queues: " + String.join(", ", q.children()) + ".");
        }
    }

    private static void queueCapability(PreflightEvidence e, PreflightJudgement j) {
        QueueCapacity q = e.queue;
        for (Map.Entry<String, String> cap : q.capability().entrySet()) {
            String resource = cap.getKey();
            double want = e.demand.perPod().getOrDefault(resource, 0d) * e.demand.pods();
            if (want <= 0) {
                continue;
            }
            Optional<String> skip = unreadableLimit(resource, cap.getValue());
            if (skip.isPresent()) {
                j.notChecked("QueueCapability(" + resource + ")", skip.get());
                continue;
            }
            double limit = Quantities.parse(cap.getValue());
            if (want > limit + 1e-9) {
                String amount = JobDemand.amount(resource, want);
                j.never(
                        "QueueCapability",
                        "the job needs " + amount + " " + resource + " in total; the capability of" + " queue "
                                + q.name() + " is " + cap.getValue(),
                        resource,
                        amount,
                        cap.getValue(),
                        "Suggestion: ask for at most " + cap.getValue() + " " + resource + " in total, or submit to"
                                + " a queue with a larger capability.");
            }
        }
    }

    /** Why a capability is no proof: unreadable, ≤ 0 (unlimited for cpu and memory), memory without a unit. */
    static Optional<String> unreadableLimit(String resource, String text) {
        Double limit = Quantities.parse(text);
        if (limit == null) {
            return Optional.of("capability " + resource + "=" + text + " is not a quantity we read");
        }
        if (limit <= 0) {
            return Optional.of(
                    UNLIMITED_AT_ZERO.contains(resource)
                            ? "capability " + resource + "=" + text + " means unlimited, as Volcano reads it"
                            : "capability " + resource + "=" + text + ": what 0 means for it is not documented");
        }
        if (resource.equals("memory")
                && MEMORY_UNITS.stream().noneMatch(u -> text.trim().endsWith(u))) {
            return Optional.of("capability memory=" + text + " has no unit, and AIHC documents none");
        }
        return Optional.empty();
    }

    private static void extendedResources(PreflightEvidence e, PreflightJudgement j) {
        if (!e.unlisted.isEmpty()) {
            j.notChecked(
                    "node rules for " + String.join(", ", e.unlisted.keySet()),
                    "no node or pool lists "
                            + (e.unlisted.size() == 1 ? "it" : "them")
                            + " as an accelerator descriptor; shared GPU, RDMA"
                            + " and other extended resources are not in the inventory");
        }
    }

    /**
     * A kind the pool provably lacks: no node and no {@code gpuDetail} entry names any descriptor of the
     * resource's vendor domain ({@code huawei.com/...} on a pool of {@code nvidia.com} and {@code baidu.com}
     * nodes). A resource of a domain the pool has (a shared-GPU {@code baidu.com/..._cgpu_core}) proves
     * nothing: nodes may offer it beside their descriptor.
     */
    private static void acceleratorKind(PreflightEvidence e, PreflightJudgement j) {
        Set<String> domains = new TreeSet<>();
        e.descriptors.forEach(d -> domains.add(domain(d)));
        for (Map.Entry<String, Double> unlisted : e.unlisted.entrySet()) {
            String resource = unlisted.getKey();
            if (JobDemand.isAccelerator(resource) && !domains.contains(domain(resource))) {
                j.never(
                        "AcceleratorKind",
                        resource + " exists on no node of " + e.where + " (" + e.nodes.size()
                                + " nodes"
                                + (e.descriptors.isEmpty()
                                        ? ", none with accelerators"
                                        : "; the pool offers " + String.join(", ", e.descriptors))
                                + ")",
                        resource,
                        JobDemand.amount(resource, unlisted.getValue()),
                        "0",
                        "Suggestion: request "
                                + (e.descriptors.isEmpty()
                                        ? "a device this pool has"
                                        : String.join(" or ", e.descriptors))
                                + ", or submit to a pool that has " + resource + ".");
            }
        }
    }

    private static String domain(String resource) {
        int slash = resource.indexOf('/');
        return (slash < 0 ? resource : resource.substring(0, slash)).toLowerCase(Locale.ROOT);
    }

    /** One pod larger than every node shape of the queue (totals, every node counted whatever its state). */
    private static void podFitsNode(PreflightEvidence e, PreflightJudgement j) {
        Optional<String> gpuDoubt = e.acceleratorDoubt();
        for (Map.Entry<String, Double> g : e.counted.entrySet()) {
            if (gpuDoubt.isPresent()) {
                j.notChecked("PodFitsNode(" + g.getKey() + ")", gpuDoubt.get());
                continue;
            }
            long largest = e.nodes.stream()
                    .mapToLong(n -> n.gpuTotalOf(g.getKey()))
                    .max()
                    .orElse(0);
            if (g.getValue() > largest) {
                String amount = JobDemand.amount(g.getKey(), g.getValue());
                j.never(
                        "PodFitsNode",
                        "one pod asks for " + amount + " " + g.getKey() + "; the largest node of " + e.where + " has "
                                + largest,
                        g.getKey(),
                        amount,
                        Long.toString(largest),
                        "Suggestion: ask for at most " + largest + " " + g.getKey() + " per pod and add pods, or pick"
                                + " a pool with larger nodes.");
            }
        }
        double cpu = e.demand.perPod().getOrDefault("cpu", 0d);
        if (cpu > 0) {
            if (!e.cpuKnown()) {
                j.notChecked("PodFitsNode(cpu)", "some nodes do not report cpuTotal");
                return;
            }
            long largest =
                    e.nodes.stream().mapToLong(InventoryNode::cpuTotal).max().orElse(0);
            if (cpu >= largest + 1) {
                String amount = JobDemand.amount("cpu", cpu);
                j.never(
                        "PodFitsNode",
                        "one pod asks for " + amount + " cpu; the largest node of " + e.where + " has " + largest,
                        "cpu",
                        amount,
                        Long.toString(largest),
                        "Suggestion: ask for at most " + largest + " cpu per pod, or pick a pool with larger nodes.");
            }
        }
    }

    // ---- NEEDS_ADMIN ----

    private static void queueOpen(PreflightEvidence e, PreflightJudgement j) {
        QueueCapacity q = e.queue;
        if (q.closed()) {
            j.admin(
                    "QueueOpen",
                    "queue " + q.name() + " is closed (state " + (q.state().isEmpty() ? "Close" : q.state()) + ")",
                    ReasonCategory.QUEUE_OR_QUOTA,
                    List.of("reopen queue " + q.name() + " (lets it take jobs again)"));
        }
    }

    /**
     * The gang against the queue's nodes emptied of every pod: when even all of them cannot hold it, only
     * more nodes help; when they can but the nodes usable today cannot, lifting the blocks helps, and each
     * blocked node is named with what it frees.
     */
    private static void gangFits(PreflightEvidence e, PreflightJudgement j) {
        if (j.neverFits()) {
            return;
        }
        int pods = e.demand.pods();
        long all = e.places(e.nodes, false);
        List<InventoryNode> usable =
                e.nodes.stream().filter(InventoryNode::usable).toList();
        long today = e.places(usable, false);
        if (all < pods) {
            j.admin(
                    "GangFitsQueue",
                    "the gang of " + pods + " pods (" + e.perPodText() + " each) does not fit "
                            + e.where + " even with every node empty and usable: its nodes hold " + all
                            + (all == 1 ? " such pod" : " such pods"),
                    ReasonCategory.INSUFFICIENT_RESOURCE,
                    List.of("add nodes to " + e.where + " for " + (pods - all) + " more "
                            + (pods - all == 1 ? "pod" : "pods") + " of this shape"));
            return;
        }
        if (today < pods) {
            List<String> actions = new ArrayList<>();
            for (InventoryNode n : e.nodes) {
                if (n.usable()) {
                    continue;
                }
                long frees = Math.min(e.places(n, false), pods);
                if (frees == 0) {
                    continue;
                }
                String verb = n.intervention() == NodeIntervention.CORDONED
                        ? "uncordon "
                        : n.intervention() == NodeIntervention.TAINTED ? "untaint " : "make Ready ";
                actions.add(verb + n.name() + " (frees room for " + frees + (frees == 1 ? " pod" : " pods")
                        + frees(e, n) + ")");
            }
            j.admin(
                    "BlockedNodes",
                    (pods == 1 ? "the pod" : "the gang of " + pods + " pods") + " fits " + e.where
                            + " only on nodes that are cordoned, tainted or NotReady: the usable nodes hold " + today
                            + (today == 1 ? " pod" : " pods") + " even when empty",
                    ReasonCategory.NODE_UNAVAILABLE,
                    actions);
        }
    }

    private static String frees(PreflightEvidence e, InventoryNode n) {
        List<String> parts = new ArrayList<>();
        for (String g : e.counted.keySet()) {
            parts.add(n.gpuTotalOf(g) + " " + g);
        }
        return parts.isEmpty() ? "" : ": " + String.join(", ", parts);
    }

    // ---- FITS_NOW / FITS_LATER ----

    private static void capacityNow(PreflightEvidence e, PreflightJudgement j) {
        int pods = e.demand.pods();
        List<InventoryNode> usable =
                e.nodes.stream().filter(InventoryNode::usable).toList();
        List<String> waits = new ArrayList<>();
        long free = e.places(usable, true);
        if (free < pods) {
            StringBuilder b = new StringBuilder(
                    "free capacity holds " + free + " of " + pods + (pods == 1 ? " pod" : " pods") + " now");
            for (String g : e.counted.keySet()) {
                long f = usable.stream().mapToLong(n -> n.gpuFreeOf(g)).sum();
                long total = usable.stream().mapToLong(n -> n.gpuTotalOf(g)).sum();
                b.append("; ")
                        .append(f)
                        .append(" of ")
                        .append(total)
                        .append(' ')
                        .append(g)
                        .append(" free on ")
                        .append(usable.size())
                        .append(" usable nodes");
            }
            waits.add(b.toString());
        }
        if (e.queue != null) {
            for (Map.Entry<String, String> cap : e.queue.capability().entrySet()) {
                double want = e.demand.perPod().getOrDefault(cap.getKey(), 0d) * pods;
                if (want <= 0 || unreadableLimit(cap.getKey(), cap.getValue()).isPresent()) {
                    continue;
                }
                double limit = Quantities.parse(cap.getValue());
                Double used = Quantities.parse(e.queue.allocated().getOrDefault(cap.getKey(), "0"));
                if (used == null) {
                    j.unknown("what queue " + e.queue.name() + " has in use of " + cap.getKey() + " is not readable");
                    return;
                }
                if (used + want > limit + 1e-9) {
                    waits.add("queue " + e.queue.name() + " has " + JobDemand.amount(cap.getKey(), used) + " of "
                            + cap.getValue() + " " + cap.getKey() + " in use; the job needs "
                            + JobDemand.amount(cap.getKey(), want) + " more");
                }
            }
        }
        if (!waits.isEmpty()) {
            j.fitsLater(waits);
        } else if (!e.unlisted.isEmpty()) {
            j.unknown("the nodes have room for what we can count, but not every resource it asks for is listed");
        } else if (e.queue != null
                && e.queue.capability().entrySet().stream()
                        .anyMatch(c -> e.demand.perPod().getOrDefault(c.getKey(), 0d) > 0
                                && unreadableLimit(c.getKey(), c.getValue())
                                        .filter(why -> !why.contains("means unlimited"))
                                        .isPresent())) {
            j.unknown("the nodes have room, but a capability of queue " + e.queue.name() + " could not be read");
        } else {
            j.fitsNow("the free capacity of " + e.where + " holds all " + pods + (pods == 1 ? " pod" : " pods") + " ("
                    + e.perPodText() + " each) now");
        }
    }
}

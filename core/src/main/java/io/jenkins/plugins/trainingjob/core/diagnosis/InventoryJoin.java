package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Joins a diagnosis with the pool inventory. A diagnosis row says why a node refused a pod, not what the
 * node has: the scheduler stops at the first failing filter, so a cordoned or tainted node was never
 * checked for capacity. The inventory has the numbers, so each change a person could make (lift one taint,
 * uncordon the cordoned nodes) is evaluated: how many free devices it makes available and whether the
 * pending pods then fit. The headline names the single change that unblocks the most; the verdict becomes
 * definite (FITS_LATER after that change, or NEVER_FITS when no node of the pool has enough in total).
 *
 * <p>AIHC's job API has no tolerations, so on AIHC every remedy for a taint or a cordon is the pool
 * administrator's (AIHC calls it node intervention), or another queue or pool; no {@code tolerations:}
 * snippet is offered there, with or without an inventory.
 */
final class InventoryJoin {

    /** Beyond this many nodes the picture folds alike nodes into ranges. */
    static final int PICTURE_FOLD_ABOVE = 300;

    /** Names with numbers in numeric order ({@code n-2} before {@code n-10}), so the picture reads like the pool. */
    static final Comparator<String> NAME_ORDER = (a, b) -> {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) {
                    return c;
                }
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    };

    private InventoryJoin() {}

    /**
     * What lifting one refusal (a taint, or the cordons) would buy.
     *
     * @param gain what becomes available: {@code 4 nodes with 8 free nvidia.com/gpu each}, or for cordons
     *     {@code 8 usable nvidia.com/gpu}
     * @param effect {@code the pod fits}, {@code it does not help}, ... or empty when the request is unknown
     */
    record Change(
            ReasonCategory kind,
            String taint,
            String reason,
            List<String> nodes,
            int missing,
            long places,
            long usable,
            String gain,
            boolean helps,
            String effect) {

        String where() {
            return String.join(", ", NodeRangeFolder.fold(nodes));
        }

        String action(PlatformKind platform) {
            if (kind == ReasonCategory.CORDONED) {
                return "uncordoning " + where();
            }
            return platform == PlatformKind.AIHC
                    ? "removing the taint " + taint + " from " + where()
                    : "tolerating " + taint;
        }

        /** {@code removing the taint T from N makes G available: the pod fits}, as the issue words it. */
        String sentence(PlatformKind platform) {
            String tail = effect.isEmpty() ? "" : ": " + effect;
            return kind == ReasonCategory.CORDONED
                    ? action(platform) + " frees " + gain + tail
                    : action(platform) + " makes " + gain + " available" + tail;
        }
    }

    /** The report as the analyzer built it, joined with {@code inventory}. */
    static DiagnosisReport join(DiagnosisReport base, List<Finding> findings, PoolInventory inventory) {
        PlatformKind platform = base.job().platform();
        Map<String, InventoryNode> byName = inventory.nodesByName();
        Demand demand = Demand.of(findings, inventory);
        List<Change> changes = changes(findings, byName, demand);
        Change best = changes.stream()
                .max(Comparator.comparing(Change::helps)
                        .thenComparingLong(Change::places)
                        .thenComparingLong(Change::usable)
                        .thenComparing(c -> -c.nodes().size()))
                .orElse(null);

        String headline = base.headline();
        if (best != null && (best.helps() || best.usable() > 0)) {
            // short enough for one screen line or two: the pods are listed under the headline anyway
            headline = "Job " + base.job().name() + " cannot be scheduled (" + base.nodeCount()
                    + (base.nodeCount() == 1 ? " node refused it" : " nodes refused it") + "); best change: "
                    + best.action(platform) + (best.effect().isEmpty() ? "" : ": " + best.effect());
        }
        Judgement judged = judge(base, findings, inventory, demand, changes, best);
        return base.toBuilder()
                .headline(headline)
                .verdict(judged.verdict(), judged.text())
                .hints(hints(base, findings, byName, demand, changes, best))
                .pool(picture(findings, inventory))
                .build();
    }

    /** A verdict and its sentence. */
    private record Judgement(Verdict verdict, String text) {}

    /** The verdict with the inventory: the analyzer's, proved, overturned or explained by the pool's nodes. */
    private static Judgement judge(
            DiagnosisReport base,
            List<Finding> findings,
            PoolInventory inventory,
            Demand demand,
            List<Change> changes,
            Change best) {
        PlatformKind platform = base.job().platform();
        String verdictText = base.verdictText();
        Verdict verdict = base.verdict();
        Optional<String> overLimit = aboveQueueLimit(findings, inventory);
        if (overLimit.isPresent()) {
            return new Judgement(Verdict.NEVER_FITS, overLimit.get());
        }
        // other refusals (node selection, pod placement, storage, ...) are beyond what the inventory shows:
        // then only the proof of NEVER_FITS (no node has enough in total) is definite
        boolean onlyJudgeable = findings.stream()
                .filter(f -> f.category().blocks() && !f.node().isEmpty())
                .allMatch(f -> f.category() == ReasonCategory.CORDONED
                        || f.category() == ReasonCategory.UNTOLERATED_TAINT
                        || f.category() == ReasonCategory.INSUFFICIENT_RESOURCE);
        boolean neverFits = inventory.nodesComplete() && demand.largestTotal < demand.perPod;
        if (demand.perPod > 0 && !onlyJudgeable) {
            if (neverFits) {
                return new Judgement(Verdict.NEVER_FITS, neverFitsAsRequested(demand));
            } else if (best != null) {
                verdictText = verdictText + " With the inventory: " + best.sentence(platform) + ".";
            }
        } else if (demand.perPod > 0) {
            if (best != null && best.helps()) {
                return new Judgement(Verdict.FITS_LATER, "fits after a change: " + best.sentence(platform) + ".");
            } else if (neverFits) {
                return new Judgement(Verdict.NEVER_FITS, neverFitsAsRequested(demand));
            } else if (verdict != Verdict.NEVER_FITS || disprovedByTotals(findings, demand)) {
                return new Judgement(
                        Verdict.FITS_LATER,
                        "fits later: "
                                + (changes.isEmpty()
                                        ? ""
                                        : "no single change of a refused node makes "
                                                + "room ("
                                                + String.join(
                                                        "; ",
                                                        changes.stream()
                                                                .map(c -> c.sentence(platform))
                                                                .toList())
                                                + "); ")
                                + "capacity exists but is in use (" + demand.freeOnSchedulable + " of "
                                + demand.totalOnSchedulable + " " + demand.resource + " free on "
                                + demand.schedulable + " schedulable nodes); the job starts when it frees up.");
            }
        } else if (best != null) {
            verdictText = verdictText + " With the inventory: " + best.sentence(platform) + ".";
        }
        return new Judgement(verdict, verdictText);
    }

    /**
     * A queue's finding that the job's request is short of what the queue offers proves nothing alone: its
     * number may be what running jobs leave of the limit. With the queue's limit itself ({@code capability})
     * from the inventory, read as pre-flight reads it ({@link AihcPreflightRules#unreadableLimit}), a request
     * above it never fits.
     */
    private static Optional<String> aboveQueueLimit(List<Finding> findings, PoolInventory inventory) {
        QueueCapacity queue = inventory.queue();
        if (queue == null) {
            return Optional.empty();
        }
        for (Finding f : findings) {
            if (!f.node().isEmpty() || f.category() != ReasonCategory.QUEUE_OR_QUOTA || !f.isShort()) {
                continue;
            }
            String limit = queue.capability().get(f.resource());
            Double want = Quantities.parse(f.request());
            if (limit == null
                    || want == null
                    || AihcPreflightRules.unreadableLimit(f.resource(), limit).isPresent()
                    || want <= Quantities.parse(limit) + 1e-9) {
                continue;
            }
            return Optional.of("never fits as configured: the job needs " + f.request() + " " + f.resource()
                    + " in total; the capability of queue " + queue.name() + " is " + limit
                    + ". Waiting will not help; change the request, the queue or the pool.");
        }
        return Optional.empty();
    }

    private static String neverFitsAsRequested(Demand demand) {
        return "never fits as requested: no node of " + demand.where + " has "
                + Quantities.format(demand.perPod) + " " + demand.resource + " in total (the largest has "
                + demand.largestTotal + "). Only a smaller request per pod or another pool changes this.";
    }

    /**
     * The diagnosis said NEVER_FITS from its rows' {@code allocatable} read as each node's total, but the
     * inventory shows a node of the pool with enough in total: the rows' numbers were what is left (a full
     * queue's every node reads "allocatable 0"), so the refusal is capacity in use, not proof that the pod can
     * never fit. Only node rows short of that resource, beside a queue's wait at most: a pool-level blocker (a
     * hard quota, a spec not offered) or a CPU or memory row keeps its NEVER_FITS.
     */
    private static boolean disprovedByTotals(List<Finding> findings, Demand demand) {
        return demand.largestTotal >= demand.perPod
                && findings.stream()
                        .noneMatch(f -> f.category().blocks()
                                && f.node().isEmpty()
                                && f.category() != ReasonCategory.QUEUE_OR_QUOTA)
                // a CPU or memory row is not disproved by the GPU totals
                && findings.stream()
                        .filter(f -> f.category() == ReasonCategory.INSUFFICIENT_RESOURCE)
                        .allMatch(f -> f.resource().equals(demand.resource));
    }

    /**
     * The hints: the best change first, then the other changes, then the analyzer's remedies that no
     * change already covers (a shortage that is only in use is said as such).
     */
    private static List<Hint> hints(
            DiagnosisReport base,
            List<Finding> findings,
            Map<String, InventoryNode> byName,
            Demand demand,
            List<Change> changes,
            Change best) {
        PlatformKind platform = base.job().platform();
        List<Hint> hints = new ArrayList<>();
        List<Change> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparing((Change c) -> c != best));
        for (Change c : ordered) {
            hints.add(changeHint(c, platform));
        }
        Map<String, Hint> inUse = inUseHints(findings, byName, demand);
        for (Hint h : remedies(base, findings).hints()) {
            if (changes.stream().anyMatch(c -> c.reason().equals(h.reason()))) {
                continue;
            }
            hints.add(inUse.getOrDefault(h.reason(), h));
        }
        return hints;
    }

    /**
     * The report with AIHC's remedies: a taint or cordon is the pool administrator's to lift (AIHC's node
     * intervention), or the job goes to another queue or pool. Other platforms' reports are returned as they are.
     */
    static DiagnosisReport remedies(DiagnosisReport base, List<Finding> findings) {
        if (base.job().platform() != PlatformKind.AIHC) {
            return base;
        }
        Map<String, Set<String>> nodesByReason = new HashMap<>();
        Map<String, ReasonCategory> categories = new HashMap<>();
        for (Finding f : findings) {
            if (f.category() == ReasonCategory.UNTOLERATED_TAINT || f.category() == ReasonCategory.CORDONED) {
                nodesByReason.computeIfAbsent(f.reason(), k -> new TreeSet<>()).add(f.node());
                categories.put(f.reason(), f.category());
            }
        }
        List<Hint> hints = new ArrayList<>();
        for (Hint h : base.hints()) {
            ReasonCategory c = categories.get(h.reason());
            if (c == null) {
                hints.add(h);
                continue;
            }
            String where = String.join(", ", NodeRangeFolder.fold(nodesByReason.get(h.reason())));
            String what = c == ReasonCategory.CORDONED
                    ? "uncordon " + where
                    : "remove the taint "
                            + Taint.parse(h.reason()).map(Taint::text).orElse(h.reason()) + " from " + where;
            hints.add(new Hint(
                    h.reason(),
                    "Suggestion: AIHC jobs cannot tolerate taints or use cordoned nodes; ask the "
                            + "pool administrator to " + what
                            + " (AIHC node intervention), or submit to another queue or pool.",
                    "",
                    ""));
        }
        return base.withHints(hints);
    }

    private static Hint changeHint(Change c, PlatformKind platform) {
        String sentence = c.sentence(platform);
        if (platform == PlatformKind.AIHC) {
            // AIHC jobs cannot tolerate taints: the change is the pool administrator's (node intervention)
            return new Hint(
                    c.reason(),
                    "Suggestion (pool administrator, AIHC node intervention): " + sentence
                            + (c.helps() ? "." : "; or use another queue or pool."),
                    "",
                    "");
        }
        return new Hint(
                c.reason(),
                "Suggestion: " + Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1) + ".",
                "",
                "");
    }

    /** One change per cordon and per taint that refused nodes: what lifting it would free and place. */
    private static List<Change> changes(List<Finding> findings, Map<String, InventoryNode> byName, Demand d) {
        Map<String, String> reasons = new HashMap<>();
        Map<String, Set<String>> nodes = blockedNodes(findings, reasons);
        List<Change> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : nodes.entrySet()) {
            out.add(change(e.getKey(), e.getValue(), reasons.get(e.getKey()), byName, d));
        }
        return out;
    }

    /** Taint text (or "" for cordons) to the nodes it refused; {@code reasons} gets each key's first reason. */
    private static Map<String, Set<String>> blockedNodes(List<Finding> findings, Map<String, String> reasons) {
        Map<String, Set<String>> nodes = new TreeMap<>();
        for (Finding f : findings) {
            if (f.node().isEmpty()) {
                continue;
            }
            String key = null;
            if (f.category() == ReasonCategory.CORDONED) {
                key = "";
            } else if (f.category() == ReasonCategory.UNTOLERATED_TAINT) {
                key = Taint.parse(f.reason()).map(Taint::text).orElse(null);
            }
            if (key != null) {
                nodes.computeIfAbsent(key, k -> new TreeSet<>()).add(f.node());
                reasons.putIfAbsent(key, f.reason());
            }
        }
        return nodes;
    }

    /** Lifting one cordon or taint ({@code key}) from {@code names}: pods it places, devices it frees. */
    private static Change change(
            String key, Set<String> names, String reason, Map<String, InventoryNode> byName, Demand d) {
        long places = 0;
        long usable = 0;
        int missing = 0;
        TreeMap<Long, Integer> freeCounts = new TreeMap<>();
        for (String name : names) {
            InventoryNode n = byName.get(name);
            if (n == null) {
                missing++;
                continue;
            }
            long free = d.resource.isEmpty() ? n.gpuFree() : n.gpuFreeOf(d.resource);
            freeCounts.merge(free, 1, Integer::sum);
            if (d.perPod > 0) {
                long k = (long) Math.floor(free / d.perPod + 1e-9);
                places += k;
                usable += (long) (k * d.perPod);
            } else {
                usable += free;
            }
        }
        ReasonCategory kind = key.isEmpty() ? ReasonCategory.CORDONED : ReasonCategory.UNTOLERATED_TAINT;
        String available = available(kind, d, names.size() - missing, usable, freeCounts);
        if (missing > 0) {
            available += " (" + missing + " not in the inventory)";
        }
        boolean helps = d.perPod > 0 && places >= d.pods;
        return new Change(
                kind,
                key,
                reason,
                List.copyOf(names),
                missing,
                places,
                usable,
                available,
                helps,
                effect(d, places, helps));
    }

    /** What the refused nodes have free, in words: usable devices (cordons) or free devices per node (taints). */
    private static String available(
            ReasonCategory kind, Demand d, int listed, long usable, TreeMap<Long, Integer> freeCounts) {
        String res = d.resource.isEmpty() ? "GPUs" : d.resource;
        if (kind == ReasonCategory.CORDONED) {
            return usable + " usable " + res;
        } else if (freeCounts.size() == 1) {
            return listed + (listed == 1 ? " node with " : " nodes with ") + freeCounts.firstKey() + " free " + res
                    + (listed == 1 ? "" : " each");
        }
        long sum = 0;
        for (Map.Entry<Long, Integer> fc : freeCounts.entrySet()) {
            sum += fc.getKey() * fc.getValue();
        }
        return listed + " nodes with " + (freeCounts.isEmpty() ? 0 : freeCounts.firstKey()) + "–"
                + (freeCounts.isEmpty() ? 0 : freeCounts.lastKey()) + " free " + res + " (" + sum + " in total)";
    }

    private static String effect(Demand d, long places, boolean helps) {
        if (d.perPod <= 0) {
            return "";
        } else if (helps) {
            return d.pods == 1 ? "the pod fits" : "the " + d.pods + " pods fit";
        } else if (places > 0) {
            return places + " of the " + d.pods + " pods fit, not enough alone";
        }
        return "it does not help";
    }

    /**
     * For nodes short of the device only because it is in use (the inventory shows enough in total), a
     * hint that says so: the diagnosis' {@code allocatable} there is what is free, not what the node has.
     */
    private static Map<String, Hint> inUseHints(List<Finding> findings, Map<String, InventoryNode> byName, Demand d) {
        Map<String, Set<String>> byReason = new TreeMap<>();
        for (Finding f : findings) {
            if (f.category() == ReasonCategory.INSUFFICIENT_RESOURCE
                    && !f.node().isEmpty()) {
                byReason.computeIfAbsent(f.reason(), k -> new TreeSet<>()).add(f.node());
            }
        }
        Map<String, Hint> out = new HashMap<>();
        if (d.perPod <= 0) {
            return out;
        }
        for (Map.Entry<String, Set<String>> e : byReason.entrySet()) {
            TreeSet<Long> totals = new TreeSet<>();
            TreeSet<Long> frees = new TreeSet<>();
            boolean allListed = true;
            for (String name : e.getValue()) {
                InventoryNode n = byName.get(name);
                if (n == null) {
                    allListed = false;
                    break;
                }
                totals.add(n.gpuTotalOf(d.resource));
                frees.add(n.gpuFreeOf(d.resource));
            }
            if (!allListed || totals.isEmpty() || totals.first() < d.perPod) {
                continue;
            }
            String nodes = String.join(", ", NodeRangeFolder.fold(e.getValue()));
            String have = totals.size() == 1
                    ? totals.first() + " " + d.resource + (e.getValue().size() == 1 ? "" : " each")
                    : totals.first() + "–" + totals.last() + " " + d.resource;
            String free = frees.size() == 1 ? frees.first() + " free" : frees.first() + "–" + frees.last() + " free";
            out.put(
                    e.getKey(),
                    new Hint(
                            e.getKey(),
                            "Suggestion: " + nodes + (e.getValue().size() == 1 ? " has " : " have ")
                                    + have + ", " + free
                                    + ": the pod fits there once running jobs free them; wait, or raise the job's "
                                    + "priority.",
                            "",
                            ""));
        }
        return out;
    }

    /** The pool picture: the queue's nodes (or every node), plus refused nodes the inventory does not list. */
    static List<PoolCell> picture(List<Finding> findings, PoolInventory inventory) {
        Map<String, ReasonCategory> refusal = new HashMap<>();
        for (Finding f : findings) {
            if (!f.node().isEmpty() && f.category().blocks()) {
                refusal.merge(f.node(), f.category(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
            }
        }
        List<InventoryNode> nodes = inventory.queueNodes();
        Map<String, PoolCell> cells = new LinkedHashMap<>();
        Set<String> listed = new HashSet<>();
        for (InventoryNode n : nodes) {
            listed.add(n.name());
            cells.put(
                    n.name(),
                    new PoolCell(
                            n.name(),
                            1,
                            refusal.get(n.name()),
                            n.intervention() == NodeIntervention.NONE
                                    ? ""
                                    : n.intervention().name().toLowerCase(java.util.Locale.ROOT),
                            n.gpuResource(),
                            n.gpuFree(),
                            n.gpuTotal()));
        }
        for (Map.Entry<String, ReasonCategory> r : refusal.entrySet()) {
            if (!listed.contains(r.getKey())) {
                cells.put(r.getKey(), new PoolCell(r.getKey(), 1, r.getValue(), "", "", -1, -1));
            }
        }
        List<PoolCell> sorted = new ArrayList<>(cells.values());
        sorted.sort(Comparator.comparing(PoolCell::nodes, NAME_ORDER));
        return sorted.size() <= PICTURE_FOLD_ABOVE ? sorted : folded(sorted, cells);
    }

    /** Alike nodes folded into ranges: same refusal, intervention, device kind and counts. */
    private static List<PoolCell> folded(List<PoolCell> sorted, Map<String, PoolCell> cells) {
        Map<List<Object>, List<String>> alike = new LinkedHashMap<>();
        for (PoolCell c : sorted) {
            alike.computeIfAbsent(
                            List.of(
                                    String.valueOf(c.refusal()),
                                    c.intervention(),
                                    c.gpuResource(),
                                    c.gpuFree(),
                                    c.gpuTotal()),
                            k -> new ArrayList<>())
                    .add(c.nodes());
        }
        List<PoolCell> folded = new ArrayList<>();
        for (Map.Entry<List<Object>, List<String>> e : alike.entrySet()) {
            PoolCell first = cells.get(e.getValue().get(0));
            for (NodeRange range : NodeRangeFolder.foldCounted(e.getValue())) {
                folded.add(new PoolCell(
                        range.folded(),
                        range.count(),
                        first.refusal(),
                        first.intervention(),
                        first.gpuResource(),
                        first.gpuFree(),
                        first.gpuTotal()));
            }
        }
        folded.sort(Comparator.comparing(PoolCell::nodes, NAME_ORDER));
        return folded;
    }

    /** What one pending pod asks, as the findings and the inventory tell it. */
    private static final class Demand {
        String resource = "";
        double perPod;
        int pods = 1;
        long largestTotal;
        long freeOnSchedulable;
        long totalOnSchedulable;
        int schedulable;
        String where = "the pool";

        static Demand of(List<Finding> findings, PoolInventory inv) {
            Demand d = new Demand();
            Set<String> pods = new HashSet<>();
            for (Finding f : findings) {
                if (f.category().blocks() && !f.pod().isEmpty()) {
                    pods.add(f.pod());
                }
                // a node's row names a pod's request; a queue's or quota's row names the whole job's
                if (JobDemand.isAccelerator(f.resource()) && !f.node().isEmpty()) {
                    Double q = Quantities.parse(f.request());
                    if (q != null && q > d.perPod) {
                        d.perPod = q;
                        d.resource = f.resource();
                    }
                }
            }
            d.pods = Math.max(1, pods.size());
            List<InventoryNode> nodes = inv.queueNodes();
            if (d.resource.isEmpty()) {
                Set<String> kinds = new TreeSet<>();
                nodes.forEach(n -> {
                    if (!n.gpuResource().isEmpty()) {
                        kinds.add(n.gpuResource());
                    }
                });
                if (kinds.size() == 1) {
                    d.resource = kinds.iterator().next();
                }
            }
            for (InventoryNode n : nodes) {
                d.largestTotal = Math.max(d.largestTotal, n.gpuTotalOf(d.resource));
                if (n.schedulable()) {
                    d.schedulable++;
                    d.freeOnSchedulable += n.gpuFreeOf(d.resource);
                    d.totalOnSchedulable += n.gpuTotalOf(d.resource);
                }
            }
            d.where = inv.queue() != null ? "queue " + inv.queue().name() : "the pool";
            return d;
        }
    }
}

package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Decides whether waiting can help, and says what would change the answer.
 *
 * <p>The scheduler stops at the first failing check per node, so a node refused for a cordon or a taint
 * was never checked for capacity: it might hold the pod once uncordoned or tolerated. Only numbers prove
 * a pod can never fit. Hence:
 * <ul>
 *   <li><b>NEVER_FITS</b> also when every refusing node either is not one the job selects (node
 *   affinity or selector, node name, a missing topology label) or is short in numbers.</li>
 *   <li><b>NEVER_FITS</b> when a pool-level finding (no node) is a configuration mismatch (spec not
 *   offered, quota type not allowed) or a hard quota smaller than the job's total request (a resource
 *   shortfall, as SenseCore's reservation); a queue's or quota's wait is no proof even with numbers, which may
 *   be what running jobs leave of the limit (the inventory join proves a request above the queue's limit
 *   itself); or when at least
 *   one node was refused and <em>every</em> refusing node shows, in numbers, an allocatable amount below
 *   the pod's request for some resource. Queue or quota waits do not add capacity, so they do not
 *   soften it.</li>
 *   <li><b>NEEDS_ADMIN</b> when every refusing node is cordoned or tainted and nothing is merely in use
 *   or behind a queue wait: only an administrator's action can help.</li>
 *   <li><b>FITS_LATER</b> otherwise, when some blocker is known (a shortage without numbers or with
 *   capacity in use, a queue or quota wait, a cordon or taint beside them): it fits after a change or a
 *   wait.</li>
 *   <li><b>UNKNOWN</b> when there are no blocking findings, or only reasons we do not recognise.</li>
 * </ul>
 * Allocatable is read as what a node can offer at most (Kubernetes' allocatable), not what is free.
 */
final class VerdictRule {
    // rules as a list (code-quality review item 9): each rule is named and judges from one Evidence

    private VerdictRule() {}

    record Judgement(Verdict verdict, String text) {}

    /**
     * What the findings show, gathered once: the nodes refused, those short in numbers, those the job does
     * not select, those never checked for capacity, and the first pool-level blocker.
     */
    private record Evidence(
            List<Finding> findings,
            Set<String> nodes,
            Set<String> shortNodes,
            Set<String> unselectedNodes,
            Set<String> uncheckedNodes,
            Finding selection,
            Finding poolBlocker,
            boolean anyBlocking,
            boolean anyKnown,
            boolean onlyCordonOrTaint,
            boolean anyWait) {

        static Evidence of(List<Finding> findings) {
            Set<String> nodes = new HashSet<>();
            Set<String> shortNodes = new HashSet<>();
            Set<String> unselectedNodes = new HashSet<>();
            Finding selection = null;
            Finding poolBlocker = null;
            boolean anyBlocking = false;
            boolean anyKnown = false;
            boolean anyWait = false;
            for (Finding f : findings) {
                if (!f.category().blocks()) {
                    continue;
                }
                anyBlocking = true;
                anyKnown |= f.category() != ReasonCategory.OTHER;
                if (f.node().isEmpty()) {
                    // a queue's or quota's numbers may be what is left of its limit once running jobs are
                    // counted ("in use 16 of 32"): a wait, never proof; a hard quota is a resource shortfall
                    boolean queueWait = f.category() == ReasonCategory.QUEUE_OR_QUOTA;
                    if (poolBlocker == null
                            && (f.category() == ReasonCategory.CONFIGURATION || f.isShort() && !queueWait)) {
                        poolBlocker = f;
                    }
                    anyWait |= queueWait;
                    continue;
                }
                nodes.add(f.node());
                if (f.isShort()) {
                    shortNodes.add(f.node());
                }
                if (f.category() == ReasonCategory.NODE_SELECTION) {
                    unselectedNodes.add(f.node());
                    selection = selection == null ? f : selection;
                }
            }
            // nodes refused for a reason other than a resource were never checked for capacity
            Set<String> checkedNodes = checkedForCapacity(findings);
            Set<String> unchecked = new HashSet<>();
            boolean onlyCordonOrTaint = true;
            for (Finding f : findings) {
                if (f.category().blocks() && !f.node().isEmpty() && !checkedNodes.contains(f.node())) {
                    unchecked.add(f.node());
                    onlyCordonOrTaint &=
                            f.category() == ReasonCategory.CORDONED || f.category() == ReasonCategory.UNTOLERATED_TAINT;
                }
            }
            return new Evidence(
                    findings,
                    nodes,
                    shortNodes,
                    unselectedNodes,
                    unchecked,
                    selection,
                    poolBlocker,
                    anyBlocking,
                    anyKnown,
                    onlyCordonOrTaint,
                    anyWait || !checkedNodes.isEmpty());
        }

        /** The nodes a resource row was reported for: the scheduler checked their capacity. */
        private static Set<String> checkedForCapacity(List<Finding> findings) {
            Set<String> checked = new HashSet<>();
            for (Finding f : findings) {
                if (f.category() == ReasonCategory.INSUFFICIENT_RESOURCE
                        && !f.node().isEmpty()) {
                    checked.add(f.node());
                }
            }
            return checked;
        }
    }

    /** One named rule: a judgement when it applies. */
    private record Rule(String name, Function<Evidence, Optional<Judgement>> judge) {}

    /** The rules in order; the first that applies decides. */
    private static final List<Rule> RULES = List.of(
            new Rule(
                    "PoolConfiguration",
                    e -> e.poolBlocker() == null
                            ? Optional.empty()
                            : Optional.of(new Judgement(
                                    Verdict.NEVER_FITS,
                                    "never fits as configured: " + poolReason(e.poolBlocker())
                                            + ". Waiting will not help; change the request, the quota or the pool."))),
            new Rule(
                    "EveryNodeShort",
                    e -> e.nodes().isEmpty()
                                    || e.shortNodes().size() != e.nodes().size()
                            ? Optional.empty()
                            : Optional.of(new Judgement(
                                    Verdict.NEVER_FITS,
                                    "never fits as requested: none of the "
                                            + e.nodes().size() + " nodes can hold the pod ("
                                            + largestOffer(e.findings()) + "). Only a smaller"
                                            + " request per pod or nodes with more capacity change this."))),
            new Rule(
                    "NodeSelection",
                    e -> e.selection() == null
                                    || !e.nodes().stream()
                                            .allMatch(n -> e.unselectedNodes().contains(n)
                                                    || e.shortNodes().contains(n))
                            ? Optional.empty()
                            : Optional.of(new Judgement(
                                    Verdict.NEVER_FITS,
                                    "never fits as configured: none of the "
                                            + Plural.count(e.nodes().size(), "node", "nodes")
                                            + " is one the job selects or"
                                            + " can hold the pod ("
                                            + e.selection().reason() + "). Waiting will not help; change the job's"
                                            + " node affinity or selector, or the nodes' labels."))),
            new Rule(
                    "NoBlocker",
                    e -> e.anyBlocking()
                            ? Optional.empty()
                            : Optional.of(new Judgement(
                                    Verdict.UNKNOWN, "unknown: the diagnosis named no blocking reason."))),
            new Rule(
                    "UnknownReasons",
                    e -> e.anyKnown()
                            ? Optional.empty()
                            : Optional.of(
                                    new Judgement(
                                            Verdict.UNKNOWN,
                                            "unknown: the diagnosis names only reasons we do not recognise; read them below."))),
            // every refusing node is cordoned or tainted and nothing is merely in use: no wait frees anything
            new Rule(
                    "OnlyAdministratorBlocks",
                    e -> e.uncheckedNodes().isEmpty()
                                    || !e.onlyCordonOrTaint()
                                    || e.anyWait()
                                    || e.uncheckedNodes().size() != e.nodes().size()
                            ? Optional.empty()
                            : Optional.of(new Judgement(
                                    Verdict.NEEDS_ADMIN,
                                    "needs the administrator: every one of the "
                                            + Plural.count(e.nodes().size(), "node", "nodes")
                                            + " that refused the pod is"
                                            + " cordoned or tainted; uncordoning or untainting them may let it fit. Waiting alone will not"
                                            + " help."))),
            new Rule(
                    "UncheckedNodes",
                    e -> e.uncheckedNodes().isEmpty()
                            ? Optional.empty()
                            : Optional.of(new Judgement(
                                    Verdict.FITS_LATER,
                                    "fits later, after a change: "
                                            + e.uncheckedNodes().size()
                                            + (e.uncheckedNodes().size() == 1
                                                    ? " node was refused before its"
                                                    : " nodes were refused before their")
                                            + " capacity was checked; "
                                            + (e.onlyCordonOrTaint()
                                                    ? "uncordoning or tolerating them"
                                                    : "lifting those refusals")
                                            + " may let the pod fit."))),
            new Rule(
                    "CapacityInUse",
                    e -> Optional.of(new Judgement(
                            Verdict.FITS_LATER,
                            "fits later: capacity or"
                                    + " quota exists but is in use; the job starts when it frees up or when its priority or quota is"
                                    + " raised."))));

    static Judgement judge(List<Finding> findings) {
        Evidence e = Evidence.of(findings);
        for (Rule r : RULES) {
            Optional<Judgement> j = r.judge().apply(e);
            if (j.isPresent()) {
                return j.get();
            }
        }
        throw new IllegalStateException("the last rule always applies");
    }

    private static String poolReason(Finding f) {
        if (f.category() == ReasonCategory.CONFIGURATION || f.resource().isEmpty()) {
            return f.reason();
        }
        return "the job needs " + f.request() + " " + f.resource() + ", the quota offers " + f.allocatable();
    }

    /** e.g. {@code largest allocatable nvidia.com/gpu: 0, requested 8}, for each short resource. */
    private static String largestOffer(List<Finding> findings) {
        TreeSet<String> resources = new TreeSet<>();
        for (Finding f : findings) {
            if (f.isShort()) {
                resources.add(f.resource());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String r : resources) {
            double max = -1;
            double request = 0;
            for (Finding f : findings) {
                if (f.resource().equals(r) && !f.node().isEmpty()) {
                    Double a = Quantities.parse(f.allocatable());
                    Double q = Quantities.parse(f.request());
                    if (a != null) {
                        max = Math.max(max, a);
                    }
                    if (q != null) {
                        request = Math.max(request, q);
                    }
                }
            }
            if (b.length() > 0) {
                b.append("; ");
            }
            b.append("largest allocatable ")
                    .append(r)
                    .append(": ")
                    .append(Quantities.format(max))
                    .append(", requested ")
                    .append(Quantities.format(request));
        }
        return b.toString();
    }
}

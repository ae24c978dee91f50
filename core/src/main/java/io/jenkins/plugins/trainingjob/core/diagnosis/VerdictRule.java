package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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
 *   offered, quota type not allowed) or a quota smaller than the job's total request; or when at least
 *   one node was refused and <em>every</em> refusing node shows, in numbers, an allocatable amount below
 *   the pod's request for some resource. Queue or quota waits do not add capacity, so they do not
 *   soften it.</li>
 *   <li><b>FITS_LATER</b> otherwise, when some blocker is known (cordon, taint, a shortage without
 *   numbers or with capacity in use, a queue or quota wait): it fits after a change or a wait.</li>
 *   <li><b>UNKNOWN</b> when there are no blocking findings, or only reasons we do not recognise.</li>
 * </ul>
 * Allocatable is read as what a node can offer at most (Kubernetes' allocatable), not what is free.
 */
final class VerdictRule {

    private VerdictRule() {
    }

    record Judgement(Verdict verdict, String text) {
    }

    static Judgement judge(List<Finding> findings) {
        Set<String> nodes = new HashSet<>();
        Set<String> shortNodes = new HashSet<>();
        Set<String> unselectedNodes = new HashSet<>();
        Finding selection = null;
        Finding poolBlocker = null;
        boolean anyBlocking = false;
        boolean anyKnown = false;
        int uncheckedNodes = 0;
        Set<String> seenUnchecked = new HashSet<>();
        for (Finding f : findings) {
            if (!f.category().blocks()) {
                continue;
            }
            anyBlocking = true;
            anyKnown |= f.category() != ReasonCategory.OTHER;
            if (f.node().isEmpty()) {
                if (poolBlocker == null && (f.category() == ReasonCategory.CONFIGURATION || f.isShort())) {
                    poolBlocker = f;
                }
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
        Set<String> checkedNodes = new HashSet<>();
        for (Finding f : findings) {
            if (f.category() == ReasonCategory.INSUFFICIENT_RESOURCE && !f.node().isEmpty()) {
                checkedNodes.add(f.node());
            }
        }
        boolean onlyCordonOrTaint = true;
        for (Finding f : findings) {
            if (f.category().blocks() && !f.node().isEmpty() && !checkedNodes.contains(f.node())) {
                if (seenUnchecked.add(f.node())) {
                    uncheckedNodes++;
                }
                onlyCordonOrTaint &= f.category() == ReasonCategory.CORDONED
                        || f.category() == ReasonCategory.UNTOLERATED_TAINT;
            }
        }
        if (poolBlocker != null) {
            return new Judgement(Verdict.NEVER_FITS, "never fits as configured: " + poolReason(poolBlocker)
                    + ". Waiting will not help; change the request, the quota or the pool.");
        }
        if (!nodes.isEmpty() && shortNodes.size() == nodes.size()) {
            return new Judgement(Verdict.NEVER_FITS, "never fits as requested: none of the " + nodes.size()
                    + " nodes can hold the pod (" + largestOffer(findings) + "). Only a smaller request per pod "
                    + "or nodes with more capacity change this.");
        }
        if (selection != null && nodes.stream().allMatch(n -> unselectedNodes.contains(n) || shortNodes.contains(n))) {
            return new Judgement(Verdict.NEVER_FITS, "never fits as configured: none of the " + nodes.size()
                    + (nodes.size() == 1 ? " node" : " nodes") + " is one the job selects or can hold the pod ("
                    + selection.reason() + "). Waiting will not help; change the job's node affinity or selector,"
                    + " or the nodes' labels.");
        }
        if (!anyBlocking) {
            return new Judgement(Verdict.UNKNOWN, "unknown: the diagnosis named no blocking reason.");
        }
        if (!anyKnown) {
            return new Judgement(Verdict.UNKNOWN,
                    "unknown: the diagnosis names only reasons we do not recognise; read them below.");
        }
        if (uncheckedNodes > 0) {
            return new Judgement(Verdict.FITS_LATER, "fits later, after a change: " + uncheckedNodes
                    + (uncheckedNodes == 1 ? " node was refused before its" : " nodes were refused before their")
                    + " capacity was checked; " + (onlyCordonOrTaint ? "uncordoning or tolerating them"
                    : "lifting those refusals") + " may let the pod fit.");
        }
        return new Judgement(Verdict.FITS_LATER, "fits later: capacity or quota exists but is in use; the job "
                + "starts when it frees up or when its priority or quota is raised.");
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
            b.append("largest allocatable ").append(r).append(": ").append(Quantities.format(max))
                    .append(", requested ").append(Quantities.format(request));
        }
        return b.toString();
    }
}

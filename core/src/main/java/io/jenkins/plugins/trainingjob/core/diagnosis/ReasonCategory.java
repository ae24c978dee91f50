package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.Locale;

/**
 * What kind of blocker a reason is, which decides the verdict, the hint and the colour. The declaration
 * order is the ranking among reasons affecting as many nodes: node blockers, then configuration, then
 * waits, then the unknown and context. Reason texts vary
 * across scheduler versions and platforms, so classification looks for stable words, never whole strings.
 */
public enum ReasonCategory {
    /** The node is cordoned ({@code node(s) were unschedulable}): an administrator can uncordon it. */
    CORDONED("cordoned"),
    /** The scheduler has no usable record of the node ({@code node(s) had unknown conditions}). */
    NODE_UNAVAILABLE("node unavailable"),
    /** The node has a taint the pod does not tolerate: a toleration or an untaint changes it. */
    UNTOLERATED_TAINT("untolerated taint"),
    /** Not enough of a resource (GPUs, CPU, memory, pods) on a node or in a quota. */
    INSUFFICIENT_RESOURCE("insufficient resource"),
    /**
     * The node is not one the job selects (node affinity or selector, node name, a spread constraint's
     * topology label): it never fits as configured; the job's terms or the nodes' labels must change.
     */
    NODE_SELECTION("node selection"),
    /**
     * Placement rules that depend on other pods (inter-pod affinity and anti-affinity, topology spread,
     * host ports): it may fit when those pods move, or after the rule is relaxed.
     */
    POD_PLACEMENT("pod placement"),
    /** The job's volumes: binding, zone, capacity, attach limits, exclusive use. */
    STORAGE("storage"),
    /** The request does not match what the pool offers (spec, quota type): only changing the job helps. */
    CONFIGURATION("configuration"),
    /** Waiting in a queue or for quota: priority, time or more quota changes it. */
    QUEUE_OR_QUOTA("queue or quota"),
    /** A reason we do not recognise; shown verbatim. */
    OTHER("other"),
    /** Context that does not block by itself (events, other jobs in the pool). */
    CONTEXT("context");

    private final String title;

    ReasonCategory(String title) {
        this.title = title;
    }

    /** A short lower-case name for people ({@code untolerated taint}). */
    public String title() {
        return title;
    }

    /** True for everything but {@link #CONTEXT}. */
    public boolean blocks() {
        return this != CONTEXT;
    }

    /**
     * Classifies a reason text. A taint on the cordon key {@code node.kubernetes.io/unschedulable} is a
     * cordon. Then kube-scheduler's own filter messages ({@link SchedulerReasons}). A finding with a resource
     * name and a request is a resource shortage even when its text is empty (AIHC sends resource rules
     * without text).
     */
    static ReasonCategory classify(String reason, String resource, String request) {
        String r = reason == null ? "" : reason.toLowerCase(Locale.ROOT);
        if (r.contains("taint")) {
            return Taint.parse(reason)
                            .filter(t -> t.key().equals("node.kubernetes.io/unschedulable"))
                            .isPresent()
                    ? CORDONED
                    : UNTOLERATED_TAINT;
        }
        if (r.contains("unschedulable") || r.contains("cordon")) {
            return CORDONED;
        }
        var known = SchedulerReasons.match(reason);
        if (known.isPresent()) {
            return known.get().category();
        }
        if (r.startsWith("insufficient")
                || r.contains("too many pods")
                || r.contains("not enough")
                || (r.isEmpty() && resource != null && !resource.isEmpty() && request != null && !request.isEmpty())) {
            return INSUFFICIENT_RESOURCE;
        }
        if (r.contains("quota") || r.contains("queue")) {
            return QUEUE_OR_QUOTA;
        }
        return OTHER;
    }
}

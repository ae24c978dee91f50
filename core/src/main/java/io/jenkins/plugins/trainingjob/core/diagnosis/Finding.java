package io.jenkins.plugins.trainingjob.core.diagnosis;

/**
 * One normalised reason one node refused one pod (or, for SenseCore, one derived observation). Rule names
 * are open strings: unknown rules are kept and shown. Every string is remote data; empty when unknown.
 * {@code node} is empty for observations about the pool or queue rather than one node.
 */
public record Finding(
        String rule,
        String ruleType,
        String reason,
        String node,
        String pod,
        String job,
        String namespace,
        String queue,
        String resource,
        String request,
        String allocatable,
        ReasonCategory category) {

    public Finding {
        rule = nz(rule);
        ruleType = nz(ruleType);
        reason = nz(reason);
        node = nz(node);
        pod = nz(pod);
        job = nz(job);
        namespace = nz(namespace);
        queue = nz(queue);
        resource = nz(resource);
        request = nz(request);
        allocatable = nz(allocatable);
        if (category == null) {
            category = ReasonCategory.classify(reason, resource, request);
        }
    }

    /** A finding whose category is classified from its reason text. */
    public Finding(String rule, String ruleType, String reason, String node, String pod, String job,
                   String namespace, String queue, String resource, String request, String allocatable) {
        this(rule, ruleType, reason, node, pod, job, namespace, queue, resource, request, allocatable, null);
    }

    /**
     * True when the finding shows, in numbers, that {@code allocatable} of {@code resource} is below the
     * {@code request}: that node (or, with no node, that pool quota) can never hold the pod as requested.
     */
    public boolean isShort() {
        if (resource.isEmpty()) {
            return false;
        }
        Double req = Quantities.parse(request);
        Double alloc = Quantities.parse(allocatable);
        return req != null && alloc != null && alloc < req;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}

package io.jenkins.plugins.trainingjob.core.diagnosis;

/**
 * One normalised reason one node refused one pod (or, for SenseCore, one derived observation). Rule names
 * are open strings: unknown rules are kept and shown. Every string is remote data; empty when unknown.
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
        String allocatable) {

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
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}

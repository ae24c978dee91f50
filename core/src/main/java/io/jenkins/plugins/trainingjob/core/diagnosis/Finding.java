package io.jenkins.plugins.trainingjob.core.diagnosis;

/**
 * One normalised reason one node refused one pod (or, for SenseCore, one derived observation). Rule names
 * are open strings: unknown rules are kept and shown. Every string is remote data; empty when unknown.
 * {@link #where()} says which node, pod, job, namespace and queue; {@link #shortfall()} which resource
 * fell short by how much, when the reason is about capacity.
 */
public record Finding(
        String rule, String ruleType, String reason, Where where, Shortfall shortfall, ReasonCategory category) {

    /**
     * Where a refusal happened. {@code node} is empty for observations about the pool or queue rather than
     * one node.
     */
    public record Where(String node, String pod, String job, String namespace, String queue) {
        public Where {
            node = nz(node);
            pod = nz(pod);
            job = nz(job);
            namespace = nz(namespace);
            queue = nz(queue);
        }

        /** One pod on one node, as AIHC's diagnosis details name them. */
        public static Where podOnNode(String node, String pod, String job, String namespace, String queue) {
            return new Where(node, pod, job, namespace, queue);
        }

        /** A job's pod in its queue or pool, on no node in particular ({@code pod} may be empty: every pod). */
        static Where podInQueue(String pod, String job, String queue) {
            return new Where("", pod, job, "", queue);
        }

        /** The job as a whole in its queue or pool. */
        static Where jobInQueue(String job, String queue) {
            return new Where("", "", job, "", queue);
        }
    }

    /** A resource the pod asked for ({@code request}) and what was there ({@code allocatable}), as sent. */
    public record Shortfall(String resource, String request, String allocatable) {
        /** No resource named: the reason is not about capacity. */
        public static final Shortfall NONE = new Shortfall("", "", "");

        public Shortfall {
            resource = nz(resource);
            request = nz(request);
            allocatable = nz(allocatable);
        }

        public static Shortfall of(String resource, String request, String allocatable) {
            return new Shortfall(resource, request, allocatable);
        }

        /** True when both amounts are numbers and {@code allocatable} is below {@code request}. */
        boolean isShort() {
            if (resource.isEmpty()) {
                return false;
            }
            Double req = Quantities.parse(request);
            Double alloc = Quantities.parse(allocatable);
            return req != null && alloc != null && alloc < req;
        }
    }

    public Finding {
        rule = nz(rule);
        ruleType = nz(ruleType);
        reason = nz(reason);
        where = where == null ? Where.jobInQueue("", "") : where;
        shortfall = shortfall == null ? Shortfall.NONE : shortfall;
        if (category == null) {
            category = ReasonCategory.classify(reason, shortfall.resource(), shortfall.request());
        }
    }

    /** A finding whose category is classified from its reason text and resource. */
    public static Finding classified(String rule, String ruleType, String reason, Where where, Shortfall shortfall) {
        return new Finding(rule, ruleType, reason, where, shortfall, null);
    }

    String node() {
        return where.node();
    }

    String pod() {
        return where.pod();
    }

    String job() {
        return where.job();
    }

    String namespace() {
        return where.namespace();
    }

    String queue() {
        return where.queue();
    }

    String resource() {
        return shortfall.resource();
    }

    String request() {
        return shortfall.request();
    }

    String allocatable() {
        return shortfall.allocatable();
    }

    /**
     * True when the finding shows, in numbers, that {@code allocatable} of {@code resource} is below the
     * {@code request}: that node (or, with no node, that pool quota) can never hold the pod as requested.
     */
    boolean isShort() {
        return shortfall.isShort();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}

package io.jenkins.plugins.trainingjob.simulator.cluster;

/**
 * One pod (AIHC) or worker (SenseCore) of a job. Mutable under the {@link Cluster} lock.
 * {@code nodeName} is empty while unplaced.
 */
public final class Pod {
    private final String name;
    private final String role;
    private final Resources request;
    /** Node labels the pod requires (its node affinity), all of which a node must carry; empty = any node. */
    private final java.util.Map<String, String> nodeSelector;

    private String nodeName = "";
    private String phase = "Pending";

    public Pod(String name, String role, Resources request) {
        this(name, role, request, java.util.Map.of());
    }

    public Pod(String name, String role, Resources request, java.util.Map<String, String> nodeSelector) {
        this.name = name;
        this.role = role;
        this.request = request;
        this.nodeSelector = java.util.Map.copyOf(nodeSelector);
    }

    public java.util.Map<String, String> nodeSelector() {
        return nodeSelector;
    }

    public String name() {
        return name;
    }

    public String role() {
        return role;
    }

    public Resources request() {
        return request;
    }

    public String nodeName() {
        return nodeName;
    }

    public String phase() {
        return phase;
    }

    void place(String node) {
        nodeName = node;
        phase = "Running";
    }

    void finish(String phase) {
        this.phase = phase;
    }

    public PodView view() {
        return new PodView(name, role, request, nodeName, phase);
    }

    /** An immutable copy for responses. */
    public record PodView(String name, String role, Resources request, String nodeName, String phase) {}
}

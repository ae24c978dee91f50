package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One cluster node. Mutable, and only touched while the {@link Cluster} lock is held.
 * {@code occupied} is what workloads outside the simulator hold (other tenants, system pods), so a
 * scenario can describe a node with "0 of 8 GPUs free" without inventing jobs.
 */
public final class Node {
    private final String name;
    private Map<String, String> labels;
    private List<Taint> taints;
    private boolean unschedulable;
    private Resources allocatable;
    private Resources occupied;
    private Resources held = Resources.NONE;

    public Node(
            String name,
            Map<String, String> labels,
            List<Taint> taints,
            boolean unschedulable,
            Resources allocatable,
            Resources occupied) {
        this.name = name;
        this.labels = labels == null ? Map.of() : new TreeMap<>(labels);
        this.taints = taints == null ? List.of() : List.copyOf(taints);
        this.unschedulable = unschedulable;
        this.allocatable = allocatable;
        this.occupied = occupied == null ? Resources.NONE : occupied;
    }

    public String name() {
        return name;
    }

    public Map<String, String> labels() {
        return labels;
    }

    public List<Taint> taints() {
        return taints;
    }

    public boolean unschedulable() {
        return unschedulable;
    }

    public Resources allocatable() {
        return allocatable;
    }

    public Resources occupied() {
        return occupied;
    }

    /** What the simulator's own running pods hold on this node. */
    public Resources held() {
        return held;
    }

    /** Allocatable minus what everything on the node holds, never below zero. */
    public Resources free() {
        Resources left = allocatable.minus(occupied).minus(held);
        TreeMap<String, Double> m = new TreeMap<>();
        left.amounts().forEach((k, v) -> m.put(k, Math.max(0, v)));
        return new Resources(m);
    }

    void hold(Resources r) {
        held = held.plus(r);
    }

    void release(Resources r) {
        held = held.minus(r);
    }

    void setUnschedulable(boolean unschedulable) {
        this.unschedulable = unschedulable;
    }

    void setTaints(List<Taint> taints) {
        this.taints = List.copyOf(taints);
    }

    void setAllocatable(Resources allocatable) {
        this.allocatable = allocatable;
    }

    void setOccupied(Resources occupied) {
        this.occupied = occupied;
    }

    void setLabels(Map<String, String> labels) {
        this.labels = new TreeMap<>(labels);
    }

    public NodeView view() {
        return new NodeView(name, labels, taints, unschedulable, allocatable, occupied, held, free());
    }

    /** An immutable copy for responses and the state dump. */
    public record NodeView(
            String name,
            Map<String, String> labels,
            List<Taint> taints,
            boolean unschedulable,
            Resources allocatable,
            Resources occupied,
            Resources held,
            Resources free) {}
}

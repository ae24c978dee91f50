package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** kube-scheduler's filters that matter for training jobs, applied in its order; the first failure wins. */
public final class NodeFilters {

    private static final FilterOutcome FITS = new FilterOutcome.Fits();
    private static final FilterOutcome UNSCHEDULABLE = new FilterOutcome.Unschedulable();
    private static final FilterOutcome AFFINITY_MISMATCH = new FilterOutcome.NodeAffinityMismatch();

    private NodeFilters() {}

    /**
     * @param free what is left on the node (passed in so gang placement can try pods against a
     *     scratch copy)
     */
    public static FilterOutcome check(Node node, Resources free, Resources request) {
        return check(node, free, request, Map.of());
    }

    /** @param nodeSelector labels the node must carry (the pod's required node affinity) */
    public static FilterOutcome check(Node node, Resources free, Resources request, Map<String, String> nodeSelector) {
        if (node.unschedulable()) {
            return UNSCHEDULABLE;
        }
        for (Taint t : node.taints()) {
            if (t.repelsPods()) {
                return new FilterOutcome.UntoleratedTaint(t);
            }
        }
        for (Map.Entry<String, String> wanted : nodeSelector.entrySet()) {
            if (!wanted.getValue().equals(node.labels().get(wanted.getKey()))) {
                return AFFINITY_MISMATCH;
            }
        }
        List<FilterOutcome.Shortage> shortages = new ArrayList<>();
        for (Map.Entry<String, Double> e : request.amounts().entrySet()) {
            double left = free.get(e.getKey());
            if (e.getValue() > left + 1e-9) {
                shortages.add(new FilterOutcome.Shortage(e.getKey(), e.getValue(), left));
            }
        }
        return shortages.isEmpty() ? FITS : new FilterOutcome.Insufficient(shortages);
    }

    /** The histogram reason kube-scheduler counts a node under. */
    public static List<String> reasons(FilterOutcome outcome) {
        if (outcome instanceof FilterOutcome.Unschedulable) {
            return List.of("node(s) were unschedulable");
        }
        if (outcome instanceof FilterOutcome.UntoleratedTaint t) {
            return List.of("node(s) had untolerated taint " + t.taint().braced());
        }
        if (outcome instanceof FilterOutcome.NodeAffinityMismatch) {
            // kubernetes pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go, ErrReasonPod
            return List.of("node(s) didn't match Pod's node affinity/selector");
        }
        if (outcome instanceof FilterOutcome.Insufficient in) {
            return in.shortages().stream()
                    .map(s -> "Insufficient " + s.resource())
                    .toList();
        }
        return List.of();
    }
}

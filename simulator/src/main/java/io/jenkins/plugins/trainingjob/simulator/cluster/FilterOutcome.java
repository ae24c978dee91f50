package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.List;

/**
 * Why a node can or cannot take a pod: the first failing kube-scheduler filter, in the order
 * NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit.
 */
public sealed interface FilterOutcome {

    record Fits() implements FilterOutcome {}

    record Unschedulable() implements FilterOutcome {}

    record UntoleratedTaint(Taint taint) implements FilterOutcome {}

    /** The node lacks a label the pod's node affinity requires. */
    record NodeAffinityMismatch() implements FilterOutcome {}

    record Insufficient(List<Shortage> shortages) implements FilterOutcome {
        public Insufficient {
            shortages = List.copyOf(shortages);
        }
    }

    /** One resource the node lacks: what the pod requests and what is left on the node. */
    record Shortage(String resource, double request, double free) {}

    default boolean fits() {
        return this instanceof Fits;
    }
}

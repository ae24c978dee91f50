package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.List;
import java.util.Map;

/** An admin edit of a node; {@code null} fields are left as they are. */
public record NodeChange(
        Boolean unschedulable,
        List<Taint> taints,
        Resources allocatable,
        Resources occupied,
        Map<String, String> labels) {}

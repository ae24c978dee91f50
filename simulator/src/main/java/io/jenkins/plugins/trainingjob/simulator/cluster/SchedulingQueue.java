package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.List;

/**
 * Where jobs wait: an AIHC queue, or a SenseCore pool. It may place pods only on its nodes, and the
 * sum of its running jobs' requests may not exceed its capability (resources it does not name are
 * unlimited).
 */
public record SchedulingQueue(String key, String name, List<String> nodes, Resources capability) {
    public SchedulingQueue {
        nodes = List.copyOf(nodes);
        capability = capability == null ? Resources.NONE : capability;
    }
}

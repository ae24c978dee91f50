package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.List;

/**
 * Where jobs wait: an AIHC queue, or a SenseCore pool. It may place pods only on its nodes, and the
 * sum of its running jobs' requests may not exceed its capability (resources it does not name are
 * unlimited). A closed queue keeps its jobs waiting (AIHC queue {@code state: Close}).
 */
public record SchedulingQueue(String key, String name, List<String> nodes, Resources capability, boolean closed) {
    public SchedulingQueue {
        nodes = List.copyOf(nodes);
        capability = capability == null ? Resources.NONE : capability;
    }

    /** An open queue. */
    public SchedulingQueue(String key, String name, List<String> nodes, Resources capability) {
        this(key, name, nodes, capability, false);
    }
}

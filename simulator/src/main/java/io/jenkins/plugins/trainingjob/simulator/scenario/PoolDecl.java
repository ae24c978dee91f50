package io.jenkins.plugins.trainingjob.simulator.scenario;

import java.util.List;

/** A SenseCore AEC2 pool: its (pool) zone, the nodes it schedules on (none = every node), its specs. */
public record PoolDecl(String name, String displayName, String zone, List<String> nodes, List<String> specs) {
    public PoolDecl {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        specs = specs == null ? List.of() : List.copyOf(specs);
    }
}

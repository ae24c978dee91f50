package io.jenkins.plugins.trainingjob.simulator.scenario;

import java.util.List;

/**
 * A SenseCore AEC2 pool: its (pool) zone, the nodes it schedules on (none = every node), its specs, and
 * {@code specPageSize}: when set, the spec list is served in pages of that size with a
 * {@code next_page_token} (SenseCore documents neither paging of that list nor its absence, so a client
 * that reads one page must not take a spec's absence as proof).
 */
public record PoolDecl(
        String name, String displayName, String zone, List<String> nodes, List<String> specs, Integer specPageSize) {
    public PoolDecl {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        specs = specs == null ? List.of() : List.copyOf(specs);
    }
}

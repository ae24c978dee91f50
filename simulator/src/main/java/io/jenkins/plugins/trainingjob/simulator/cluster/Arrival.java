package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.time.Duration;
import java.util.function.Function;

/**
 * A job that arrives by itself at {@code at} of simulated time (counted from the start or the last reset), as
 * a workload's trace says. The job is built when it arrives, from the cluster then (its ids come from the
 * cluster's seeded generator, and its pods are new objects after every reset).
 */
public record Arrival(Duration at, Function<Cluster, SimJob.Builder> job) {}

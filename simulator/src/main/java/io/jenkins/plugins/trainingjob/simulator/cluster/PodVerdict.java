package io.jenkins.plugins.trainingjob.simulator.cluster;

/** Why one node refused one pod of a pending job. */
public record PodVerdict(String pod, String node, FilterOutcome outcome) {}

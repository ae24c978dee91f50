package io.jenkins.plugins.trainingjob.simulator.cluster;

/**
 * A queue capability the job would exceed: it asks for {@code request}, the queue's running jobs already
 * use {@code used} of {@code capability}.
 */
public record QueueShortage(String queue, String resource, double request, double used, double capability) {}

/**
 * The scheduling model behind both simulated platforms: nodes, queues, jobs and pods on a simulated
 * clock, gang scheduling with node filters (taints, cordons, affinity, capacity) and the analysis of why
 * a job is pending. Knows no HTTP and nothing else of the simulator (of core, only {@code PlatformKind}):
 * the bottom of the module.
 */
package io.jenkins.plugins.trainingjob.simulator.cluster;

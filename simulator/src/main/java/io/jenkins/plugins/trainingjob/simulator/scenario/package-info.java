/**
 * The parts of a scenario file that the simulated HTTP APIs read as they are: SenseCore's resource specs,
 * pools, workspaces and pool bindings. Plain records that Jackson fills; the {@code Scenario} record in the
 * root package holds them. They live below {@code http} so that the APIs never import the root package,
 * which assembles the simulator from {@code http} and {@code cluster}. Depends on nothing in the simulator.
 */
package io.jenkins.plugins.trainingjob.simulator.scenario;

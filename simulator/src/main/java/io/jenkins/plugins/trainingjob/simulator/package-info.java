/**
 * The simulator as a whole: {@code Scenario} (the world a YAML file describes), {@code Simulator} (builds
 * the cluster model and both platforms' HTTP APIs from a scenario and serves them) and the command-line
 * entry point. The top of the module: it may import {@code http}, {@code cluster} and {@code scenario};
 * nothing in the simulator imports it.
 */
package io.jenkins.plugins.trainingjob.simulator;

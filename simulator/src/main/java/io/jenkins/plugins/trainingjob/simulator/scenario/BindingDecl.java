package io.jenkins.plugins.trainingjob.simulator.scenario;

/**
 * The workspace's share of a pool: quota type ({@code ALL}, {@code RESERVED}, {@code SPOT}), reserved
 * devices, CPU, memory (GiB), and the spot device allowance (0 = spot jobs refused).
 */
public record BindingDecl(String pool, String quotaType, int reservedNumber, double reservedCpu,
                          double reservedMemoryGib, int spotDevices) {
}

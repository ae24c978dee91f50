package io.jenkins.plugins.trainingjob.simulator.scenario;

/**
 * The workspace's share of a pool: quota type ({@code ALL}, {@code RESERVED}, {@code ON_DEMAND},
 * {@code SPOT}), reserved devices, CPU, memory (GiB), and the spot device allowance (0 = spot jobs refused;
 * -1 = not reported: the binding lists no {@code spot_status}, and the pool takes spot jobs).
 */
public record BindingDecl(
        String pool,
        String quotaType,
        int reservedNumber,
        double reservedCpu,
        double reservedMemoryGib,
        int spotDevices) {}

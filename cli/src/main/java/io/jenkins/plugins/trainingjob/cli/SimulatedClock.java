package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The embedded simulator's clock, for the monitor of the demo: pending and diagnosis timeouts then run
 * in simulated time, as fast as the simulated cluster does, and agree with the jobs' timestamps.
 */
final class SimulatedClock extends Clock {

    private final Simulator simulator;

    SimulatedClock(Simulator simulator) {
        this.simulator = simulator;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return simulator.now();
    }
}

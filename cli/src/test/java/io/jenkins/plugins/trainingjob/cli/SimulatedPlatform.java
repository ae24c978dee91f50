package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;

/** The embedded simulator in fast mode, and the environment that points trainjob at it. */
final class SimulatedPlatform {

    static final String POOL = "cce-sim00001";
    /** The connection flags of the documented scenario's SenseCore workspace. */
    static final java.util.List<String> SENSECORE = java.util.List.of(
            "--platform",
            "sensecore",
            "--subscription",
            "sim-sub",
            "--resource-group",
            "default",
            "--zone",
            "cn-sh-01z",
            "--workspace",
            "sim-ws");

    private SimulatedPlatform() {}

    /** The documented scenario with every delay at its fast-mode value (no pre-check wait, no report latency). */
    static Simulator start() {
        return start(1.0);
    }

    /** As {@link #start()}, with simulated time running {@code speed} times faster than the wall clock. */
    static Simulator start(double speed) {
        return start(speed, null);
    }

    /** As {@link #start()}, a launched AIHC diagnosis staying "not found" for {@code diagnosisLatencySeconds}. */
    static Simulator startWithDiagnosisLatency(long diagnosisLatencySeconds) {
        return start(1.0, diagnosisLatencySeconds);
    }

    private static Simulator start(double speed, Long diagnosisLatencySeconds) {
        Scenario s = Scenario.bundled("seed-taint-and-gpu");
        Scenario fast = new Scenario(
                s.name(),
                s.seed(),
                s.credentials(),
                new Scenario.Timing(speed, true, null, diagnosisLatencySeconds, null, null),
                s.nodes(),
                s.aihc(),
                s.sensecore(),
                s.faults());
        return Simulator.start(fast);
    }

    static CliHarness pointAt(Simulator sim, CliHarness cli) {
        cli.env.putAll(environment(sim));
        return cli;
    }

    /** The variables that point a trainjob, in-process or in a shell, at the simulator's AIHC pool. */
    static java.util.Map<String, String> environment(Simulator sim) {
        Scenario.CredentialPair key = sim.scenario().credentials().get(0);
        return java.util.Map.of(
                "TRAINJOB_PLATFORM", "aihc",
                "TRAINJOB_ENDPOINT", sim.baseUrl().toString(),
                "TRAINJOB_RESOURCE_POOL", POOL,
                "TRAINJOB_ACCESS_KEY", key.accessKey(),
                "TRAINJOB_SECRET_KEY", key.secretKey());
    }
}

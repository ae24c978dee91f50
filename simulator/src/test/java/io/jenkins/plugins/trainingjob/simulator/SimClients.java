package io.jenkins.plugins.trainingjob.simulator;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.util.random.RandomGenerator;

/**
 * AIHC clients on an embedded simulator for the tests: the bundled scenarios' keys, retries that do not
 * wait in real time, and a seeded random so that generated names repeat from run to run.
 */
public final class SimClients {

    /** The keys every bundled scenario accepts. */
    public static final Credentials KEYS = Credentials.of("sim-access-key", "sim-secret-key");

    private SimClients() {}

    /** A client of {@code pool} (and {@code queue}, or {@code null} for the pool's default) with {@link #KEYS}. */
    public static AihcClient aihc(Simulator sim, String pool, String queue) {
        return aihc(sim, KEYS, pool, queue);
    }

    /** The same with other keys, e.g. to see the simulator refuse them. */
    public static AihcClient aihc(Simulator sim, Credentials keys, String pool, String queue) {
        return AihcClient.builder(ConnectionSettings.aihc(sim.baseUrl(), null, keys, pool, queue))
                .time(ManualClock.startingNow())
                .random(RandomGenerator.of("L64X128MixRandom"))
                .build();
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.mockito.Mockito.when;

import hudson.model.Item;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.CredentialsLookup;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.Optional;

/**
 * The plugin's service on core's real AIHC client and job monitor, pointed at a simulator of the seed
 * scenario as the configured connection {@code sim}. The simulator's clock stands still unless a test
 * moves it; the service, and so its monitor, runs on a {@link TimeSource} the test gives and moves.
 */
final class SimulatedAihcService implements AutoCloseable {
    static final String CONNECTION = "sim";
    static final Credentials KEYS = Credentials.of("sim-access-key", "sim-secret-key");

    final Simulator sim;
    final TrainingJobService service;
    private volatile JobMonitor monitor;

    /** The service on {@code clock}, which the test moves. */
    SimulatedAihcService(StepFixture f, TimeSource clock) {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        AihcConnection c = new AihcConnection();
        c.setName(CONNECTION);
        c.setCredentialsId("sim-keys");
        c.setEndpoint(sim.baseUrl().toString());
        c.setResourcePool("cce-sim00001");
        when(f.config.findConnection(CONNECTION)).thenReturn(Optional.of(c));
        when(f.config.pollIntervalDuration()).thenReturn(Duration.ofMillis(50));
        CredentialsLookup keys = new CredentialsLookup() {
            @Override
            public Credentials forRun(String id, Run<?, ?> run, String endpoint) {
                return KEYS;
            }

            @Override
            public Credentials forItem(String id, Item item, String endpoint) {
                return KEYS;
            }
        };
        service = new TrainingJobService(
                TrainingPlatforms::connect,
                keys,
                JobSpecLoader::load,
                () -> f.config,
                (resolver, time) -> {
                    monitor = new JobMonitor(resolver, time);
                    return monitor;
                },
                Runnable::run,
                Runnable::run,
                () -> null,
                clock);
    }

    /** The monitor, once the first watch made the service create it; {@code null} before. */
    JobMonitor monitor() {
        return monitor;
    }

    @Override
    public void close() {
        if (monitor != null) {
            monitor.close();
        }
        sim.close();
    }
}

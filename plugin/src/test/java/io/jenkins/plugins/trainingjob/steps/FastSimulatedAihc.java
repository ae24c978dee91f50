package io.jenkins.plugins.trainingjob.steps;

import static org.mockito.Mockito.when;

import hudson.model.Item;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.CredentialsLookup;
import io.jenkins.plugins.trainingjob.SenseCoreConnection;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The plugin's service on core's real AIHC client and job monitor (wall clock), against the simulator's
 * documented pool in fast mode, as the configured connection {@code sim}: queue {@code default} has no
 * free node for 8 GPUs, queue {@code training} has free 8-GPU nodes, no node has a
 * {@code baidu.com/h800_80g_cgpu}. The same simulator's SenseCore workspace is connection {@code sim-sc}
 * (pool {@code sim-pool}, {@link #senseCoreSpec}). Background work runs on threads of its own, because a
 * submit with fallback targets holds its thread while the attempt loop waits.
 */
final class FastSimulatedAihc implements AutoCloseable {
    static final Credentials KEYS = Credentials.of("sim-access-key", "sim-secret-key");

    final Simulator sim;
    final TrainingJobService service;
    private final ExecutorService calls = Executors.newCachedThreadPool();
    private final ExecutorService events = Executors.newSingleThreadExecutor();
    private volatile JobMonitor monitor;

    /** Whether {@link #close()} closes the simulator too (not when it is another service's). */
    private final boolean ownsSimulator;

    private final String pool;
    private final PlatformConnector connector;

    FastSimulatedAihc(StepFixture f) {
        this(f, Simulator.start(fastSeed()), true, "cce-sim00001", TrainingPlatforms::connect);
    }

    /** The service on {@code scenario}'s resource pool {@code pool}, the connection {@code sim}, through {@code connector}. */
    FastSimulatedAihc(StepFixture f, Scenario scenario, String pool, PlatformConnector connector) {
        this(f, Simulator.start(scenario), true, pool, connector);
    }

    /** A service of a restarted controller: its own client and monitor, on the same simulated platform. */
    FastSimulatedAihc restarted(StepFixture f) {
        return new FastSimulatedAihc(f, sim, false, pool, connector);
    }

    private FastSimulatedAihc(
            StepFixture f, Simulator sim, boolean ownsSimulator, String pool, PlatformConnector connector) {
        this.sim = sim;
        this.ownsSimulator = ownsSimulator;
        this.pool = pool;
        this.connector = connector;
        AihcConnection c = new AihcConnection();
        c.setName("sim");
        c.setCredentialsId("sim-keys");
        c.setEndpoint(sim.baseUrl().toString());
        c.setResourcePool(pool);
        c.setFallbackQueues("training, spot"); // what the administrator lets fallback targets move jobs to
        when(f.config.findConnection("sim")).thenReturn(Optional.of(c));
        SenseCoreConnection sc = new SenseCoreConnection();
        sc.setName("sim-sc");
        sc.setCredentialsId("sim-keys");
        sc.setEndpoint(sim.baseUrl().toString());
        sc.setSubscription("sim-sub");
        sc.setResourceGroup("default");
        sc.setZone("cn-sh-01z");
        sc.setWorkspace("sim-ws");
        when(f.config.findConnection("sim-sc")).thenReturn(Optional.of(sc));
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
                connector,
                keys,
                JobSpecLoader::load,
                () -> f.config,
                (resolver, time) -> {
                    // stops before a move are confirmed within seconds, as the fast simulator stops jobs
                    monitor = new JobMonitor(
                            resolver,
                            time,
                            MonitorSettings.defaults()
                                    .withStopConfirmation(Duration.ofSeconds(5), Duration.ofMillis(100)));
                    return monitor;
                },
                calls,
                events);
    }

    /** The documented pool, every delay at its fast-mode value, its clock at real-time pace. */
    private static Scenario fastSeed() {
        Scenario s = Scenario.bundled("seed-taint-and-gpu");
        return new Scenario(
                s.name(),
                s.seed(),
                s.credentials(),
                new Scenario.Timing(1.0, true, null, null, null, null),
                s.nodes(),
                s.aihc(),
                s.sensecore(),
                s.faults());
    }

    /** A fallback-ready job: queue, GPU kind and exit code are placeholders a target can change. */
    static String spec() {
        return String.join(
                "\n",
                "platform: aihc",
                "name: fallback-${RUN}",
                "queue: ${QUEUE}",
                "jobFramework: PyTorchJob",
                "jobSpec:",
                "  image: registry.example.com/train:1.0",
                "  command: python train.py",
                "  replicas: 1",
                "  resources:",
                "    - name: ${GPU_KIND}",
                "      quantity: 8",
                "  envs:",
                "    - name: SIM_RUN_SECONDS",
                "      value: \"1\"",
                "    - name: SIM_EXIT_CODE",
                "      value: \"${EXIT_CODE}\"",
                "");
    }

    /** A SenseCore job of one 1-GPU worker named {@code sc-${RUN}} that runs 1 s and exits {@code ${EXIT_CODE}}. */
    static String senseCoreSpec() {
        return String.join(
                "\n",
                "platform: sensecore",
                "name: sc-${RUN}",
                "display_name: sc-${RUN}",
                "framework: PYTORCH",
                "roles:",
                "  - name: Worker",
                "    resource_spec:",
                "      - name: N6lS.Iu.I80.1",
                "    total_replicas: 1",
                "    image_path: registry.example.com/train:1.0",
                "    startup_script: python train.py",
                "env:",
                "  - key: SIM_RUN_SECONDS",
                "    value: \"1\"",
                "  - key: SIM_EXIT_CODE",
                "    value: \"${EXIT_CODE}\"",
                "resource_pool:",
                "  name: sim-pool",
                "");
    }

    @Override
    public void close() throws InterruptedException {
        calls.shutdownNow();
        events.shutdownNow();
        calls.awaitTermination(10, TimeUnit.SECONDS);
        if (monitor != null) {
            monitor.close();
        }
        if (ownsSimulator) {
            sim.close();
        }
    }
}

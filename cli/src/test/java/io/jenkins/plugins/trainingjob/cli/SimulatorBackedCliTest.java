package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that runs {@code trainjob} in-process against one embedded simulator (the documented
 * scenario in fast mode, {@link SimulatedPlatform#start}) shared by its tests; each test gets a fresh
 * home directory and a harness whose environment points at the simulator.
 *
 * <p>{@link #sim} is one static field for every subclass, so the subclasses never run at the same time
 * (JUnit runs other CLI test classes concurrently, junit-platform.properties): the lock is inherited.
 */
@ResourceLock("SimulatorBackedCliTest.sim")
abstract class SimulatorBackedCliTest {

    static Simulator sim;

    @TempDir
    Path dir;

    CliHarness cli;

    @BeforeAll
    static void startSimulator() {
        sim = SimulatedPlatform.start();
    }

    @AfterAll
    static void stopSimulator() {
        sim.close();
    }

    @BeforeEach
    void pointTheCliAtTheSimulator() {
        cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
    }

    /** A copy of the test resource {@code name} in this test's directory, as a command-line argument. */
    String spec(String name) {
        return CliHarness.resource(dir, name).toString();
    }
}

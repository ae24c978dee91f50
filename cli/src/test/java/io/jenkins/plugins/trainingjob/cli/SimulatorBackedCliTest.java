package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class that runs {@code trainjob} in-process against one embedded simulator (the documented
 * scenario in fast mode, {@link SimulatedPlatform#start}) shared by its tests; each test gets a fresh
 * home directory and a harness whose environment points at the simulator.
 *
 * <p>Each concrete test class has a simulator of its own, so the subclasses run at the same time as any
 * other CLI test class (junit-platform.properties): the methods of one class run in order on one thread,
 * and no class sees another's jobs or faults.
 */
abstract class SimulatorBackedCliTest {

    /** The running simulator of each concrete test class, from its {@code @BeforeAll} to its {@code @AfterAll}. */
    private static final Map<Class<?>, Simulator> SIMULATORS = new ConcurrentHashMap<>();

    /** This test class's simulator. */
    Simulator sim;

    @TempDir
    Path dir;

    CliHarness cli;

    @BeforeAll
    static void startSimulator(TestInfo testClass) {
        SIMULATORS.put(testClass.getTestClass().orElseThrow(), SimulatedPlatform.start());
    }

    @AfterAll
    static void stopSimulator(TestInfo testClass) {
        Simulator started = SIMULATORS.remove(testClass.getTestClass().orElseThrow());
        if (started != null) {
            started.close();
        }
    }

    @BeforeEach
    void pointTheCliAtTheSimulator() {
        sim = SIMULATORS.get(getClass());
        cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
    }

    /** A copy of the test resource {@code name} in this test's directory, as a command-line argument. */
    String spec(String name) {
        return CliHarness.resource(dir, name).toString();
    }
}

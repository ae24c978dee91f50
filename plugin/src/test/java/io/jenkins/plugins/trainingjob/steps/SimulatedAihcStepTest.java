package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.File;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step test against the simulated AIHC ({@link SimulatedAihcService}) whose monitor runs on a
 * {@link ManualClock} the test advances, settling with the monitor's idle state after each timer.
 */
abstract class SimulatedAihcStepTest {

    @TempDir
    File buildDir;

    final ManualClock clock = new ManualClock();
    StepFixture f;
    SimulatedAihcService simulated;
    Simulator sim;
    TrainingJobService service;

    @BeforeEach
    void startTheSimulatedService() throws Exception {
        f = new StepFixture(buildDir);
        simulated = new SimulatedAihcService(f, clock);
        clock.settleWithMonitor(simulated::monitor);
        sim = simulated.sim;
        service = simulated.service;
    }

    @AfterEach
    void closeTheSimulatedService() {
        simulated.close();
    }

    /**
     * Starts the step and runs the monitor until its job exists: the submit flow runs on the monitor, so
     * the simulated time a test moves afterwards is the job's, not the time before its create call.
     */
    SubmitTrainingJobExecution startedUntilCreated(SubmitTrainingJobExecution e) throws Exception {
        e.useService(service);
        e.start();
        clock.runUntil("the job was created", () -> e.job() != null);
        return e;
    }

    /** A one-worker PyTorchJob named {@code ci-${RUN}} asking {@code gpus} GPUs in {@code queue}. */
    static String pytorchJob(String queue, int gpus) {
        return String.join(
                "\n",
                "platform: aihc",
                "name: ci-${RUN}",
                "queue: " + queue,
                "jobFramework: PyTorchJob",
                "jobSpec:",
                "  image: registry.example.com/train:1",
                "  command: python train.py",
                "  replicas: 1",
                "  resources:",
                "    - name: nvidia.com/gpu",
                "      quantity: " + gpus,
                "");
    }
}

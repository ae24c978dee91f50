package io.jenkins.plugins.trainingjob;

import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.SystemCredentialsProvider;
import com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.util.List;

/** Configures a Jenkins under test to use the in-process simulator (for the *JenkinsTest classes). */
public final class SimulatorJenkinsTestSupport {
    public static final String CREDENTIALS_ID = "sim-keys";

    private SimulatorJenkinsTestSupport() {}

    /** A spec for the simulator's AIHC pool; {@code queue} decides whether it can be scheduled. */
    public static String aihcSpec(String queue) {
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
                "      quantity: 8",
                "");
    }

    /**
     * Starts the bundled {@code seed-taint-and-gpu} simulator with fast simulated time (the 5-minute AIHC
     * pre-check passes in well under a second) and {@link #configure configures} Jenkins to use it.
     */
    public static Simulator startConfigured() throws Exception {
        Simulator sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(600));
        try {
            configure(sim);
            return sim;
        } catch (Exception | Error e) {
            sim.close();
            throw e;
        }
    }

    /** Adds the simulator's keys as global credentials and an AIHC connection named {@code sim}. */
    public static void configure(Simulator sim) throws Exception {
        SystemCredentialsProvider.getInstance()
                .getCredentials()
                .add(new UsernamePasswordCredentialsImpl(
                        CredentialsScope.GLOBAL, CREDENTIALS_ID, "simulator", "sim-access-key", "sim-secret-key"));
        SystemCredentialsProvider.getInstance().save();
        AihcConnection c = new AihcConnection();
        c.setName("sim");
        c.setCredentialsId(CREDENTIALS_ID);
        c.setEndpoint(sim.baseUrl().toString());
        c.setResourcePool("cce-sim00001");
        TrainingJobConfiguration config = TrainingJobConfiguration.get();
        config.setConnections(List.of(c));
        config.setPollInterval("1s");
    }
}

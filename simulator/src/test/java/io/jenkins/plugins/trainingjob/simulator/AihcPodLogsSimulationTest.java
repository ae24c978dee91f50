package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.JobOutputs;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.OutputRule;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * AIHC pod logs and a failed pod's exit-code event, as the simulator
 * serves them and {@link AihcClient} reads them; the clock is frozen and moved by the test.
 */
class AihcPodLogsSimulationTest {
    private static final String POOL = "cce-sim00001";

    private Simulator sim;
    private AihcClient client;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        client = SimClients.aihc(sim, POOL, null);
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
    }

    @Test
    void aRunningPodsLogGrowsAndTheMarkerReturnsOnlyNewLines() {
        JobRef job = client.submit(SimSpecs.aihc("logs", "training", 1, 1, "SIM_RUN_SECONDS", "30"), "tok-logs");
        String pod = client.status(job).workers().get(0).name();
        sim.advanceClock(Duration.ofSeconds(3));
        LogChunk first = client.logs(job, pod, null, 1000);
        assertThat(first.lines()).first().asString().contains(pod).contains("started on node gpu-node-");
        assertThat(first.lines()).last().asString().startsWith("[sim] step 3 ");

        sim.advanceClock(Duration.ofSeconds(2));
        LogChunk next = client.logs(job, pod, first.nextMarker(), 1000);
        assertThat(next.lines()).hasSize(2).allMatch(l -> l.startsWith("[sim] step "));

        LogChunk none = client.logs(job, pod, next.nextMarker(), 1000);
        assertThat(none.lines()).isEmpty();
        assertThat(none.nextMarker()).isEqualTo(next.nextMarker());

        LogChunk capped = client.logs(job, pod, null, 2);
        assertThat(capped.lines()).hasSize(2);
        assertThat(capped.nextMarker()).isEqualTo("2");
    }

    @Test
    void aFailedJobsLogAndEventsNameTheExitCodeOfItsMaster() {
        JobRef job = client.submit(
                SimSpecs.aihc("crash", "training", 2, 1, "SIM_RUN_SECONDS", "2", "SIM_EXIT_CODE", "7"), "tok-crash");
        sim.advanceClock(Duration.ofSeconds(3));
        JobStatus failed = client.status(job);
        assertThat(failed.rawState()).isEqualTo("Failed");
        List<String> masterLog = client.logs(job, "crash-master-0", null, 1000).lines();
        assertThat(masterLog).last().isEqualTo("[sim] error: training script exited with code 7");
        assertThat(client.logs(job, "crash-worker-0", null, 1000).lines())
                .last()
                .asString()
                .contains("stopped");
        assertThat(client.events(job)).extracting(JobEvent::reason).contains("ExitedWithCode", "JobFailed");
        assertThat(client.events(job))
                .filteredOn(e -> e.reason().equals("ExitedWithCode"))
                .singleElement()
                .extracting(JobEvent::message)
                .isEqualTo("Pod: default.crash-master-0 exited with code 7");
    }

    /**
     * The trainjob-output convention end to end: the client gives the job a nonce at its create, the job's
     * script prints it (the simulator expands {@code $TRAINJOB_OUTPUT_NONCE} as a shell would), and the
     * reader takes the nonce back from the job, so only the job's own line counts.
     */
    @Test
    void aJobsOwnConventionLineIsAnOutputAndQuotedOnesAreNot() {
        JobRef job = client.submit(
                SimSpecs.aihc(
                        "conv",
                        "training",
                        1,
                        1,
                        "SIM_RUN_SECONDS",
                        "1",
                        "SIM_LOG_LINES",
                        "sample: 'trainjob-output checkpoint=bos://quoted'\\n"
                                + "trainjob-output/$TRAINJOB_OUTPUT_NONCE checkpoint=bos://ckpt/conv"),
                "tok-conv");
        sim.advanceClock(Duration.ofSeconds(2));
        JobStatus done = client.status(job);
        OutputRules rules = OutputRules.of(List.of(OutputRule.fromLineConvention("checkpoint")));

        JobOutputs outputs = WorkerLogReader.read(client, job, new Outcome.Completed(done), rules, () -> false)
                .outputs();

        assertThat(client.outputNonce(job)).get().asString().hasSize(32);
        assertThat(outputs.values()).containsExactly(java.util.Map.entry("checkpoint", "bos://ckpt/conv"));
        assertThat(outputs.gateValues())
                .containsExactly(
                        java.util.Map.entry("STATUS", "SUCCEEDED"),
                        java.util.Map.entry("checkpoint", "bos://ckpt/conv"));
    }
}

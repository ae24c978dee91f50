package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A job whose requiredNodeAffinity (strings, as bce-sdk-go declares them; the simulator reads
 * {@code label=value}) no node of the {@code tiny} scenario matches: the scheduler's NodeAffinity message
 * reaches the event and the diagnosis, and the report calls it node selection, never fits, with a hint.
 */
class AihcNodeAffinitySimulationTest {
    private Simulator sim;
    private AihcClient client;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("tiny").withSpeed(0));
        client = SimClients.aihc(sim, "cce-tiny", null);
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
    }

    private static JobSpec pinned(String name, String... terms) {
        return SimSpecs.edited(SimSpecs.aihc(name, "default", 1, 1), body -> {
            var list = body.putArray("requiredNodeAffinity");
            for (String t : terms) {
                list.add(t);
            }
        });
    }

    @Test
    void aJobNoNodeSelectsNeverFitsAsConfiguredWithAHint() {
        JobRef job = client.submit(pinned("pinned", "gpu=h100"), "tok-pinned");
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.PENDING);
        assertThat(client.events(job)).singleElement().satisfies(e -> assertThat(e.message())
                .isEqualTo("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector."));

        DiagnosisHandle handle = client.launchDiagnosis(job);
        DiagnosisReport report = new DiagnosisAnalyzer().analyze(client.fetchDiagnosis(handle));

        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.rules().get(0).rule()).isEqualTo("NodeAffinityDiagnostics");
        assertThat(report.rules().get(0).reasons().get(0).category()).isEqualTo(ReasonCategory.NODE_SELECTION);
        assertThat(report.hints()).singleElement().satisfies(h -> assertThat(h.text())
                .startsWith("Suggestion: these nodes lack the labels the job's node affinity or selector asks for"));
    }

    @Test
    void aJobWhoseTermsTheNodesCarryRuns() {
        sim.changeNode("node-1", new NodeChange(null, null, null, null, Map.of("gpu", "h100")));
        JobRef job = client.submit(pinned("pinned-ok", "gpu=h100"), "tok-pinned-ok");
        assertThat(client.status(job).workers()).singleElement().satisfies(w -> assertThat(w.nodeName())
                .isEqualTo("node-1"));
    }

    @Test
    void aTermTheSimulatorCannotReadIsRefused() {
        assertThatThrownBy(() -> client.submit(pinned("odd", "gpu"), "tok-odd"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("requiredNodeAffinity");
    }
}

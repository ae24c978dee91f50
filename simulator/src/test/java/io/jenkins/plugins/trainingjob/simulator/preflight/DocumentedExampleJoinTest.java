package io.jenkins.plugins.trainingjob.simulator.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.PoolCell;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The documented AIHC example (bundled seed scenario) diagnosed and joined with the pool inventory: the
 * report says what lifting each refusal would buy, the verdict is definite, and the headline's change,
 * applied through the simulator's admin API, gets the same job placed.
 */
class DocumentedExampleJoinTest {

    private static final String JOB = "sulingang-diagnose-node-taint";
    private final HttpClient http = HttpClient.newHttpClient();
    private Simulator sim;
    private AihcClient client;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        client = SimClients.aihc(sim, "cce-sim00001", "default");
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
    }

    private DiagnosisReport diagnose(JobRef job) {
        sim.advanceClock(Duration.ofSeconds(301));
        DiagnosisHandle handle = client.launchDiagnosis(job);
        sim.advanceClock(Duration.ofSeconds(11));
        return new DiagnosisAnalyzer().analyze(DiagnosisWithInventory.read(client, client.fetchDiagnosis(handle)));
    }

    private int admin(String path, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(sim.baseUrl().toString().replaceAll("/$", "") + path))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    @Test
    void theVerdictIsDefiniteAndTheHeadlinesChangeGetsTheJobPlaced() throws Exception {
        JobRef job = client.submit(SimSpecs.aihc(JOB, "default", 1, 8), "tok-doc");
        DiagnosisReport report = diagnose(job);

        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.verdictText())
                .startsWith(
                        "fits after a change: removing the taint kwok.x-k8s.io/node: fake "
                                + "from fake-node-a800-[01-04] makes 4 nodes with 8 free nvidia.com/gpu each available: the pod fits.");
        assertThat(report.headline())
                .isEqualTo("Job " + JOB + " cannot be scheduled (7 nodes refused it); best change: "
                        + "removing the taint kwok.x-k8s.io/node: fake from fake-node-a800-[01-04]: the pod fits");
        assertThat(report.hints())
                .extracting(DiagnosisReport.Hint::text)
                .contains(
                        "Suggestion (pool administrator, AIHC node intervention): uncordoning 10.3.0.118 frees 8 "
                                + "usable nvidia.com/gpu: the pod fits.",
                        "Suggestion: 10.3.0.[122-123] have 8 nvidia.com/gpu each, 0 free: the pod fits there once running "
                                + "jobs free them; wait, or raise the job's priority.")
                .noneMatch(t -> t.contains("tolerat"));
        assertThat(report.hints()).allMatch(h -> h.snippet().isEmpty());
        // the picture: 7 nodes of queue default, coloured by refusal, with free/total
        assertThat(report.pool()).hasSize(7);
        assertThat(report.pool())
                .filteredOn(c -> c.refusal() == ReasonCategory.INSUFFICIENT_RESOURCE)
                .extracting(PoolCell::nodes, PoolCell::gpuFree, PoolCell::gpuTotal)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("10.3.0.122", 0L, 8L),
                        org.assertj.core.groups.Tuple.tuple("10.3.0.123", 0L, 8L));
        assertThat(ReportFormat.TEXT.render(report)).contains("removing the taint");

        for (int i = 1; i <= 4; i++) {
            assertThat(admin("/_sim/nodes/fake-node-a800-0" + i, "{\"taints\": []}"))
                    .isEqualTo(200);
        }
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.RUNNING);
    }

    @Test
    void uncordoningAFullNodeIsSaidNotToHelp() throws Exception {
        assertThat(admin("/_sim/nodes/10.3.0.118", "{\"occupied\": {\"nvidia.com/gpu\": \"8\"}}"))
                .isEqualTo(200);
        JobRef job = client.submit(SimSpecs.aihc(JOB, "default", 1, 8), "tok-doc");
        DiagnosisReport report = diagnose(job);

        assertThat(report.hints())
                .extracting(DiagnosisReport.Hint::text)
                .anyMatch(t -> t.contains("uncordoning 10.3.0.118 frees 0 usable nvidia.com/gpu: it does not help"));
        assertThat(report.headline()).contains("best change: removing the taint kwok.x-k8s.io/node: fake");

        assertThat(admin("/_sim/nodes/10.3.0.118/uncordon", "")).isEqualTo(200);
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.PENDING);
    }

    @Test
    void whenNoNodeHasEnoughInTotalTheJoinedVerdictIsNeverFits() throws Exception {
        // 9 GPUs per pod: the diagnosis alone cannot tell (5 nodes were never checked); the inventory can
        JobRef job = client.submit(SimSpecs.aihc(JOB, "default", 1, 9), "tok-9");
        DiagnosisReport report = diagnose(job);
        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.verdictText())
                .contains("no node of queue default has 9 nvidia.com/gpu in total (the largest " + "has 8)");
    }
}

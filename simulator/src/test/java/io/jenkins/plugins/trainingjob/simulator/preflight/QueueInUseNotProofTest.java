package io.jenkins.plugins.trainingjob.simulator.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.snapshot.NightlyWorld;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A queue's capability finding names what is left of the queue's limit once running jobs are counted (the
 * simulator's {@code QueueCapabilityDiagnostics}: "request 24, in use 16 of 32", allocatable 16). That is a
 * wait, not proof that the job never fits: read as a hard quota it made the verdict NEVER_FITS ("waiting will
 * not help") for a job that starts as soon as the running jobs end, and a wait budget or a pipeline acting on
 * the verdict gave up on it. The world: the {@code nightly} queue (capability 32 GPUs) where another team runs
 * 16 GPUs; the nightly job asks 24. Only a request above the limit itself (read from the queue's inventory)
 * proves NEVER_FITS.
 */
class QueueInUseNotProofTest {
    private static final String POOL = NightlyWorld.POOL;
    private static final String QUEUE = NightlyWorld.QUEUE;

    private Simulator sim;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("nightly").withSpeed(0));
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    /** The diagnosis of a job of {@code pods} × 8 GPUs that waits, joined with the pool's inventory. */
    private DiagnosisReport diagnosed(int pods) {
        try (AihcClient client = SimClients.aihc(sim, POOL, QUEUE)) {
            JobRef job = client.submit(SimSpecs.aihc("nightly-train", QUEUE, pods, 8), "nightly");
            assertThat(client.status(job).phase()).isEqualTo(JobPhase.PENDING);
            sim.advanceClock(Duration.ofMinutes(6));
            RawDiagnosis raw = DiagnosisWithInventory.read(client, client.fetchDiagnosis(client.launchDiagnosis(job)));
            return new DiagnosisAnalyzer().analyze(raw);
        }
    }

    private void anotherTeamRuns(int gpus) {
        try (AihcClient teamB = SimClients.aihc(sim, POOL, QUEUE)) {
            for (int i = 0; i < gpus / 8; i++) {
                JobRef running = teamB.submit(SimSpecs.aihc("team-b-" + i, QUEUE, 1, 8), "b" + i);
                assertThat(teamB.status(running).phase()).isEqualTo(JobPhase.RUNNING);
            }
        }
    }

    @Test
    void aQueueWhoseLimitIsInUseByOthersFitsLater() {
        anotherTeamRuns(16);

        DiagnosisReport report = diagnosed(3);

        assertThat(report.rules()).anyMatch(r -> r.rule().equals("QueueCapabilityDiagnostics"));
        assertThat(report.verdict()).as(report.verdictText()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.verdictText()).doesNotContain("Waiting will not help");
    }

    @Test
    void aRequestAboveTheQueuesLimitNeverFits() {
        DiagnosisReport report = diagnosed(5);

        assertThat(report.verdict()).as(report.verdictText()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.verdictText())
                .startsWith("never fits as configured: the job needs 40 nvidia.com/gpu in total; the capability of "
                        + "queue train is 32.");
    }
}

package io.jenkins.plugins.trainingjob.simulator.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart.Change;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotCapture;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotDiff;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The worlds of "Since it last started", through the real AIHC client against the bundled {@code nightly}
 * scenario: the nightly job (3 pods × 8 GPUs) starts in build #41 after waiting 3 minutes for another
 * team's job, its start snapshot is kept as a front end keeps it (JSON, labelled), the job ends, and then
 * between the builds the administrator cordons two nodes, or cuts the queue's capability, or another team
 * fills the queue, or the spec doubles its GPUs. Build #42 of the same job waits; its diagnosis and a
 * snapshot taken now are compared with build #41's, and in each world the comparison names that change
 * first, in the headline. In the last world nothing recorded changed and the job waits for a reason no
 * snapshot holds (its nodes lost a label its affinity needs): "no change found in what was recorded".
 *
 * <p>The simulator's clock stands still unless a test moves it; each build talks through a client of its
 * own, as builds do (a client keeps an inventory for a poll round).
 */
class SinceLastStartWorldsTest {

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

    private static JobSpec nightly(int pods) {
        return NightlyWorld.job(pods);
    }

    /**
     * Build #41: another team's job holds gpu-[06-08] for 3 minutes, then the nightly job starts there; its
     * snapshot is written as a front end keeps it, and the job runs to its end.
     *
     * @return the snapshot as read back from its file form
     */
    private StartSnapshot buildFortyOne() {
        try (AihcClient other = SimClients.aihc(sim, POOL, QUEUE);
                AihcClient build = SimClients.aihc(sim, POOL, QUEUE)) {
            other.submit(SimSpecs.aihc("team-b-warmup", QUEUE, 3, 8, "SIM_RUN_SECONDS", "180"), "warmup");
            JobRef job = build.submit(nightly(3), "build-41");
            assertThat(build.status(job).phase()).isEqualTo(JobPhase.PENDING);
            sim.advanceClock(Duration.ofSeconds(180));
            JobStatus started = build.status(job);
            assertThat(started.phase().isScheduled()).isTrue();

            StartSnapshot taken = SnapshotCapture.capture(build, nightly(3), started, sim.now());
            String kept = StartSnapshotJson.write(taken.withLabel("build #41"));

            sim.advanceClock(Duration.ofSeconds(601)); // the nightly job ends
            assertThat(build.status(job).phase()).isEqualTo(JobPhase.SUCCEEDED);
            return StartSnapshotJson.read(kept, "build #41's start snapshot");
        }
    }

    /** Build #42 of {@code spec}: it waits; its diagnosis joined with the inventory, and the section. */
    private DiagnosisReport buildFortyTwo(JobSpec spec, StartSnapshot baseline) {
        try (AihcClient build = SimClients.aihc(sim, POOL, QUEUE)) {
            JobRef job = build.submit(spec, "build-42");
            JobStatus pending = build.status(job);
            assertThat(pending.phase()).isEqualTo(JobPhase.PENDING);
            DiagnosisHandle handle = build.launchDiagnosis(job);
            DiagnosisReport report =
                    new DiagnosisAnalyzer().analyze(DiagnosisWithInventory.read(build, build.fetchDiagnosis(handle)));
            // as the monitor will, on its call pool: today's evidence captured and compared in one call
            return report.withSinceLastStart(SnapshotDiff.againstNow(baseline, build, spec, pending, sim.now()));
        }
    }

    @Test
    void theBaselineHoldsWhatMadeTheStartPossible() {
        StartSnapshot baseline = buildFortyOne();

        assertThat(baseline.label()).isEqualTo("build #41");
        assertThat(baseline.moment()).isEqualTo(StartSnapshot.Moment.STARTED);
        assertThat(baseline.waitedSeconds()).isEqualTo(180);
        assertThat(baseline.pool()).isEqualTo(POOL);
        assertThat(baseline.queue()).isEqualTo(QUEUE);
        assertThat(baseline.demand().pods()).isEqualTo(3);
        assertThat(baseline.queueState().capability()).containsEntry("nvidia.com/gpu", "32");
        assertThat(baseline.nodes()).hasSize(8);
        assertThat(baseline.nodes().subList(5, 8))
                .allSatisfy(n -> assertThat(n.job()).as(n.name()).isEqualTo(8));
        assertThat(baseline.jobsAhead().count()).isZero();
        assertThat(baseline.notRead()).isEmpty();
    }

    @Test
    void theAdministratorCordonedTwoNodes() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.cordonTwoNodes(sim);

        DiagnosisReport report = buildFortyTwo(nightly(3), baseline);

        SinceLastStart since = report.sinceLastStart();
        assertThat(since.changes().get(0))
                .isEqualTo(new Change("nodes", "gpu-[07-08] were cordoned: 16 GPUs the job could use then", 16, true));
        assertThat(since.headline())
                .isEqualTo("since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs");
        assertThat(since.title()).endsWith(", started after 3 min)").startsWith("Since it last started (build #41, ");
        assertThat(ReportFormat.TEXT.render(report))
                .contains("  Since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs\n");
    }

    @Test
    void theAdministratorCutTheQueuesCapability() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.cutCapability(sim);

        SinceLastStart since = buildFortyTwo(nightly(3), baseline).sinceLastStart();

        assertThat(since.changes().get(0).kind()).isEqualTo("queue");
        assertThat(since.changes().get(0).explains()).isTrue();
        assertThat(since.headline())
                .isEqualTo("since build #41, queue train's capability of nvidia.com/gpu was cut from 32 to 16: the job "
                        + "needs 24");
    }

    @Test
    void anotherTeamFilledTheQueue() {
        StartSnapshot baseline = buildFortyOne();
        JobRef waiting = NightlyWorld.anotherTeamFillsTheQueue(sim);
        try (AihcClient teamB = SimClients.aihc(sim, POOL, QUEUE)) {
            assertThat(teamB.status(waiting).phase()).isEqualTo(JobPhase.PENDING);
        }

        SinceLastStart since = buildFortyTwo(nightly(3), baseline).sinceLastStart();

        assertThat(since.changes().get(0).kind()).isEqualTo("held");
        assertThat(since.headline())
                .isEqualTo("since build #41, other jobs hold 16 more GPUs on the queue's nodes: 16 of the 24 GPUs this "
                        + "job needs");
        assertThat(since.changes()).extracting(Change::text).contains("jobs ahead: 0 → 1 (0 → 16 GPUs): team-b-3");
    }

    @Test
    void theSpecDoubledItsGpus() {
        StartSnapshot baseline = buildFortyOne();

        SinceLastStart since = buildFortyTwo(nightly(6), baseline).sinceLastStart();

        assertThat(since.changes().get(0))
                .isEqualTo(new Change("demand", "spec: pods 3 → 6 (24 → 48 GPUs in all)", 24, true));
        assertThat(since.headline()).isEqualTo("since build #41, the spec asks for 48 GPUs instead of 24 (pods 3 → 6)");
    }

    @Test
    void nothingRecordedChangedAndTheJobWaitsForAReasonNoSnapshotHolds() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.relabelTheJobsNodes(sim);

        DiagnosisReport report = buildFortyTwo(nightly(3), baseline);

        assertThat(report.rules())
                .flatExtracting(DiagnosisReport.RuleGroup::reasons)
                .extracting(DiagnosisReport.ReasonGroup::category)
                .contains(ReasonCategory.NODE_SELECTION);
        SinceLastStart since = report.sinceLastStart();
        assertThat(since.compared()).isTrue();
        assertThat(since.changes()).isEmpty();
        assertThat(since.headline()).isEqualTo("no change found in what was recorded");
        assertThat(since.notes().get(0)).startsWith("By what was recorded, the job would fit now");
        assertThat(ReportFormat.TEXT.render(report)).contains("  No change found in what was recorded\n");
    }

    @Test
    void aBaselineFromAnotherQueueIsNotCompared() {
        StartSnapshot baseline = buildFortyOne();
        sim.cordon("gpu-07");
        JobSpec elsewhere = SimSpecs.edited(nightly(3), body -> body.put("queue", "spot"));
        try (AihcClient build = SimClients.aihc(sim, POOL, QUEUE)) {
            StartSnapshot now = SnapshotCapture.capture(build, elsewhere, null, sim.now());
            SinceLastStart since = SnapshotDiff.compare(baseline, now);
            assertThat(since.compared()).isFalse();
            assertThat(since.headline()).isEqualTo("not compared: build #41 ran in queue train, this job in spot");
            // the queue spot does not exist: what could not be read is recorded, not thrown
            assertThat(now.notRead()).anyMatch(n -> n.startsWith("inventory: "));
        }
    }
}

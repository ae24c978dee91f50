package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --snapshot-file} and {@code --baseline} against the simulator's {@code nightly} world, as a CI
 * pipeline keeps the file between runs: run 41 of the nightly job waits 3 minutes for another team's job,
 * starts, and writes its start snapshot; between the runs the administrator cordons two nodes, or cuts the
 * queue's capability, or another team fills the queue, or the spec doubles its GPUs; run 42 compares with
 * run 41's file, and its report (pending timeout, or pre-flight's refusal) names that change first. When
 * nothing recorded changed it says so. The simulator's clock moves only when the test moves it.
 */
class SinceLastStartCliTest {

    private Simulator sim;

    @TempDir
    Path dir;

    private CliHarness cli;
    private Path snapshot;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("nightly").withSpeed(0));
        cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
        cli.env.put("TRAINJOB_RESOURCE_POOL", "cce-nightly");
        snapshot = dir.resolve("cache/nightly-start.json");
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    private CliHarness.Result nightly(String name, int pods, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit",
                CliHarness.resource(dir, "nightly-job.yaml").toString(),
                "--set",
                "NAME=" + name,
                "--set",
                "PODS=" + pods,
                "--set",
                "RUN_SECONDS=600"));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    /**
     * Run 41: team B's warm-up job holds gpu-[06-08] for 3 minutes; the nightly job waits, starts, and its
     * snapshot is written; then it runs to its end.
     */
    private void runFortyOne() throws Exception {
        var warmup = cli.run(
                "submit",
                CliHarness.resource(dir, "nightly-job.yaml").toString(),
                "--set",
                "NAME=team-b-warmup",
                "--set",
                "PODS=3",
                "--set",
                "RUN_SECONDS=180");
        assertThat(warmup.exitCode()).as(warmup.err()).isZero();
        cli.onErr("is PENDING", () -> sim.advanceClock(Duration.ofSeconds(180)));

        var r = nightly(
                "nightly-train",
                3,
                "--wait",
                "scheduled",
                "--poll-interval",
                "1s",
                "--snapshot-file",
                snapshot.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("start snapshot written to " + snapshot);
        StartSnapshot kept = StartSnapshotJson.read(snapshot);
        assertThat(kept.moment()).isEqualTo(StartSnapshot.Moment.STARTED);
        assertThat(kept.waitedSeconds()).isEqualTo(180);
        sim.advanceClock(Duration.ofSeconds(601));
        assertThat(sim.jobs()).allSatisfy(j -> assertThat(j.state()).isEqualTo(JobState.SUCCEEDED));
    }

    /** Run 42 of {@code pods} pods, compared with run 41's file; the report is written as text. */
    private CliHarness.Result runFortyTwo(int pods) {
        var r = nightly(
                "nightly-train",
                pods,
                "--wait",
                "scheduled",
                "--pending-timeout",
                "1s",
                "--poll-interval",
                "1s",
                "--baseline",
                snapshot.toString(),
                "--report-file",
                dir.resolve("report.txt").toString());
        return r;
    }

    private String report() throws Exception {
        // one line per paragraph: the report folds at 100 columns
        return Files.readString(dir.resolve("report.txt"), StandardCharsets.UTF_8)
                .replaceAll("\\s+", " ");
    }

    @Test
    void twoCordonedNodesAreNamedFirst() throws Exception {
        runFortyOne();
        sim.cordon("gpu-07");
        sim.cordon("gpu-08");

        var r = runFortyTwo(3);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(6);
        assertThat(r.err()).contains("wrote the diagnosis report to ");
        assertThat(report())
                .containsPattern(
                        "Since it last started \\(20\\d\\d-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, started after 3 min\\)")
                .containsPattern("Since 20[-0-9]+ [0-9:]+ UTC, gpu-\\[07-08\\] were cordoned: 16 of the 24 GPUs this "
                        + "job needs - gpu-\\[07-08\\] were cordoned: 16 GPUs the job could use then");
    }

    @Test
    void aCutCapabilityIsNamedInPreflightsRefusal() throws Exception {
        runFortyOne();
        sim.setQueueCapability("cce-nightly", "train", Map.of("nvidia.com/gpu", "16"));

        var r = runFortyTwo(3);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains("wrote the pre-flight report to ");
        assertThat(report())
                .contains(", queue train's capability of nvidia.com/gpu was cut from 32 to 16: the job needs 24");
        assertThat(sim.jobs()).as("refused before the create call").hasSize(2);
    }

    @Test
    void anotherTeamFillingTheQueueIsNamedFirst() throws Exception {
        runFortyOne();
        for (String[] job : new String[][] {{"team-b-1", "1"}, {"team-b-2", "1"}, {"team-b-3", "2"}}) {
            var b = cli.run(
                    "submit",
                    CliHarness.resource(dir, "nightly-job.yaml").toString(),
                    "--set",
                    "NAME=" + job[0],
                    "--set",
                    "PODS=" + job[1],
                    "--set",
                    "RUN_SECONDS=3600",
                    "--preflight",
                    "false");
            assertThat(b.exitCode()).as(b.err()).isZero();
        }

        var r = runFortyTwo(3);

        // it fits once team B's jobs end: queue train's 16 GPUs in use are no proof it never fits
        assertThat(r.exitCode()).as(r.err()).isEqualTo(6);
        assertThat(report())
                .contains(", other jobs hold 16 more GPUs on the queue's nodes: 16 of the 24 GPUs this job needs - GPUs"
                        + " held by other jobs on the queue's nodes: 40 → 56 (16 more) - jobs ahead: 0 → 1 (0 → 16 GPUs):"
                        + " team-b-3");
    }

    @Test
    void aDoubledSpecIsNamedInPreflightsRefusal() throws Exception {
        runFortyOne();

        var r = runFortyTwo(6);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(report())
                .contains(", the spec asks for 48 GPUs instead of 24 (pods 3 → 6) - spec: pods 3 → 6 (24 → 48 GPUs in"
                        + " all)");
    }

    @Test
    void noRecordedChangeIsSaidAsSuch() throws Exception {
        runFortyOne();
        for (String node : List.of("gpu-06", "gpu-07", "gpu-08")) {
            sim.changeNode(node, new NodeChange(null, null, null, null, Map.of("zone", "b")));
        }

        var r = runFortyTwo(3);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(report())
                .contains("started after 3 min) No change found in what was recorded By what was recorded, the job "
                        + "would fit now");
    }

    @Test
    void aFirstRunWithoutItsBaselineFileComparesNothingAndWritesOne() throws Exception {
        var r = nightly(
                "nightly-train",
                3,
                "--wait",
                "scheduled",
                "--poll-interval",
                "1s",
                "--baseline",
                snapshot.toString(),
                "--snapshot-file",
                snapshot.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err())
                .contains("baseline " + snapshot + ": no such file yet (a first run): nothing to compare with")
                .contains("start snapshot written to " + snapshot);
        assertThat(StartSnapshotJson.read(snapshot).waitedSeconds()).isZero();
    }

    @Test
    void aBaselineThatIsNoSnapshotIsSaidInTheReportAndTheJobGoesOn() throws Exception {
        Files.createDirectories(snapshot.getParent());
        Files.writeString(snapshot, "{\"version\": 9}");
        sim.cordon("gpu-06");

        var r = runFortyTwo(3);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(6);
        assertThat(report())
                .contains("Since it last started (nightly-start.json) Not compared: " + snapshot
                        + ": written by a newer release (start snapshot version 9;");
    }

    @Test
    void awaitKeepsAndComparesSnapshotsOnlyWithTheJobsSpec() {
        cli.run("await", "pytorchjob-1", "--baseline", snapshot.toString())
                .failsWithOneLine(2, "--baseline: only with --spec: a snapshot holds what the job asks for");
    }
}

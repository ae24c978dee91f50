package io.jenkins.plugins.trainingjob.core.snapshot;

import static io.jenkins.plugins.trainingjob.core.snapshot.Snapshots.buildFortyOne;
import static io.jenkins.plugins.trainingjob.core.snapshot.Snapshots.today;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart.Change;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.JobsAheadLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Moment;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.QueueState;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What changed since build #41 got its GPUs, most important first, and the headline naming the change that
 * alone explains the wait; what the comparison refuses to claim (a node "not listed now" from an incomplete
 * list, a baseline from elsewhere or too old, what was not read).
 */
class SnapshotDiffTest {

    @Test
    void twoCordonedNodesAreNamedFoldedWithTheGpusTheyCost() {
        StartSnapshot now =
                Snapshots.state(Snapshots.state(today(), "gpu-07", NodeLine.CORDONED), "gpu-08", NodeLine.CORDONED);

        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), now);

        assertThat(since.compared()).isTrue();
        assertThat(since.title())
                .isEqualTo("Since it last started (build #41, 2026-12-03 22:10 UTC, started after 3 min)");
        assertThat(since.headline())
                .isEqualTo("since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs");
        assertThat(since.changes())
                .singleElement()
                .isEqualTo(new Change("nodes", "gpu-[07-08] were cordoned: 16 GPUs the job could use then", 16, true));
        assertThat(since.summary())
                .isEqualTo("Since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs");
    }

    @Test
    void aNodeMissingFromACompleteListIsNotListedNowNeverRemoved() {
        StartSnapshot now = Snapshots.with(
                today(),
                today().demand(),
                today().queueState(),
                today().nodes().stream().filter(n -> !n.name().equals("gpu-08")).toList(),
                today().jobsAhead());

        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), now);

        assertThat(since.headline())
                .isEqualTo("since build #41, gpu-08 is not listed now: 8 of the 24 GPUs this job needs");
        assertThat(since.changes()).extracting(Change::text).noneMatch(t -> t.contains("removed"));
    }

    @Test
    void aNodeMissingFromAnIncompleteListIsNotClaimedGone() {
        StartSnapshot now = Snapshots.completeness(
                Snapshots.with(
                        today(),
                        today().demand(),
                        today().queueState(),
                        today().nodes().stream()
                                .filter(n -> !n.name().equals("gpu-08"))
                                .toList(),
                        today().jobsAhead()),
                false,
                List.of());

        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), now);

        assertThat(since.changes()).isEmpty();
        assertThat(since.headline()).isEqualTo(SinceLastStart.NO_CHANGE);
        assertThat(since.notes())
                .contains("1 node usable at build #41 is not in today's node list, which is incomplete: not counted "
                        + "as gone.");
    }

    @Test
    void theSpecAskingForMoreIsNamedFirstInTheIssuesWords() {
        StartSnapshot then = Snapshots.with(
                buildFortyOne(),
                Snapshots.demand(1, 8),
                buildFortyOne().queueState(),
                buildFortyOne().nodes(),
                buildFortyOne().jobsAhead());
        StartSnapshot now = Snapshots.with(
                today(), Snapshots.demand(2, 16), today().queueState(), today().nodes(), today().jobsAhead());

        SinceLastStart since = SnapshotDiff.compare(then, now);

        assertThat(since.changes().get(0).text())
                .isEqualTo("spec: pods 1 → 2, GPUs per pod 8 → 16 (8 → 32 GPUs in all)");
        // no node has 16 GPUs: undoing the spec change alone lets the job fit again
        assertThat(since.changes().get(0).explains()).isTrue();
        assertThat(since.headline())
                .isEqualTo("since build #41, the spec asks for 32 GPUs instead of 8 (pods 1 → 2, GPUs per pod 8 → 16)");
    }

    @Test
    void aCapabilityCutBelowTheJobExplainsTheWait() {
        QueueState cut = new QueueState("train", "Open", false, Map.of("nvidia.com/gpu", "16"), Map.of());
        StartSnapshot now = Snapshots.with(today(), today().demand(), cut, today().nodes(), today().jobsAhead());

        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), now);

        assertThat(since.headline())
                .isEqualTo("since build #41, queue train's capability of nvidia.com/gpu was cut from 64 to 16: the job "
                        + "needs 24");
        assertThat(since.changes())
                .singleElement()
                .isEqualTo(new Change("queue", "queue train's capability of nvidia.com/gpu: 64 → 16", 48, true));
    }

    @Test
    void aClosedQueueIsSaidAsSuch() {
        QueueState closed = new QueueState("train", "Close", true, Map.of("nvidia.com/gpu", "64"), Map.of());
        SinceLastStart since = SnapshotDiff.compare(
                buildFortyOne(),
                Snapshots.with(today(), today().demand(), closed, today().nodes(), today().jobsAhead()));

        assertThat(since.headline()).isEqualTo("since build #41, queue train was closed: it takes no jobs");
        assertThat(since.changes().get(0).text()).isEqualTo("queue train was closed (state Open → Close)");
    }

    @Test
    void otherJobsHoldingTheFreeGpusExplainTheWaitAndTheJobsAheadAreListed() {
        StartSnapshot now = Snapshots.free(Snapshots.free(today(), "gpu-06", 0), "gpu-07", 0);
        now = Snapshots.with(
                now,
                now.demand(),
                now.queueState(),
                now.nodes(),
                new JobsAheadLine(7, 56, List.of("a", "b", "c", "d", "e")));

        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), now);

        assertThat(since.headline())
                .isEqualTo("since build #41, other jobs hold 16 more GPUs on the queue's nodes: 16 of the 24 GPUs this "
                        + "job needs");
        assertThat(since.changes())
                .extracting(Change::text)
                .containsExactly(
                        "GPUs held by other jobs on the queue's nodes: 40 → 56 (16 more)",
                        "jobs ahead: 0 → 7 (0 → 56 GPUs): a, b, c, d, e, … and 2 more");
    }

    @Test
    void otherJobsHoldingTheQueuesCapabilityTooAreUndoneWithTheirNodes() {
        // the other team's 16 GPUs count on gpu-[06-07] and in the queue's allocation (capability 32)
        QueueState then =
                new QueueState("train", "Open", false, Map.of("nvidia.com/gpu", "32"), Map.of("nvidia.com/gpu", "24"));
        QueueState now =
                new QueueState("train", "Open", false, Map.of("nvidia.com/gpu", "32"), Map.of("nvidia.com/gpu", "16"));
        StartSnapshot baseline = Snapshots.with(
                buildFortyOne(),
                buildFortyOne().demand(),
                then,
                buildFortyOne().nodes(),
                buildFortyOne().jobsAhead());
        StartSnapshot today = Snapshots.free(Snapshots.free(today(), "gpu-06", 0), "gpu-07", 0);
        today = Snapshots.with(today, today.demand(), now, today.nodes(), today.jobsAhead());

        SinceLastStart since = SnapshotDiff.compare(baseline, today);

        assertThat(since.changes().get(0).kind()).isEqualTo("held");
        assertThat(since.changes().get(0).explains()).isTrue();
    }

    @Test
    void theChangeThatAloneExplainsTheWaitComesFirstTheOthersInTheIssuesOrder() {
        // a NotReady node that costs little, a capability cut the job still fits under, and the real cause
        StartSnapshot now = Snapshots.state(today(), "gpu-06", NodeLine.NOT_READY);
        now = Snapshots.state(Snapshots.state(now, "gpu-07", NodeLine.TAINTED), "gpu-08", NodeLine.TAINTED);
        now = Snapshots.with(
                now,
                now.demand(),
                new QueueState("train", "Open", false, Map.of("nvidia.com/gpu", "32"), Map.of()),
                now.nodes(),
                new JobsAheadLine(1, 8, List.of("other")));
        now = Snapshots.with(now, Snapshots.demand(3, 8), now.queueState(), now.nodes(), now.jobsAhead());

        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), now);

        // neither node change alone is enough (24 GPUs are needed, each leaves 8 or 16 usable): none explains
        assertThat(since.changes()).extracting(Change::kind).containsExactly("nodes", "nodes", "queue", "ahead");
        assertThat(since.changes()).noneMatch(Change::explains);
        assertThat(since.changes().get(0).text()).isEqualTo("gpu-[07-08] were tainted: 16 GPUs the job could use then");
        assertThat(since.headline())
                .isEqualTo("since build #41: 4 changes in what was recorded; none alone explains the wait");
    }

    @Test
    void whenNothingRecordedChangedItSaysSoAndThatTheCauseIsElsewhere() {
        SinceLastStart since = SnapshotDiff.compare(buildFortyOne(), today());

        assertThat(since.compared()).isTrue();
        assertThat(since.changes()).isEmpty();
        assertThat(since.headline()).isEqualTo("no change found in what was recorded");
        assertThat(since.notes().get(0)).startsWith("By what was recorded, the job would fit now");
        assertThat(since.summary()).isEqualTo("Since build #41: no change found in what was recorded");
    }

    @Test
    void nodesUsableNowThatWereNotThenAreListedLast() {
        StartSnapshot then = Snapshots.state(buildFortyOne(), "gpu-05", NodeLine.CORDONED);
        StartSnapshot now = Snapshots.free(Snapshots.state(today(), "gpu-07", NodeLine.CORDONED), "gpu-05", 8);

        SinceLastStart since = SnapshotDiff.compare(then, now);

        assertThat(since.changes())
                .extracting(Change::text)
                .containsExactly(
                        "gpu-07 was cordoned: 8 GPUs the job could use then",
                        "GPUs held by other jobs on the queue's nodes: 40 → 32 (8 fewer)",
                        "gpu-05 became usable: 8 GPUs free");
        assertThat(since.changes().get(2).gpus()).isEqualTo(-8);
    }

    @Test
    void aBaselineFromAnotherPlatformPoolOrQueueIsNotCompared() {
        assertThat(SnapshotDiff.compare(
                                Snapshots.where(
                                        buildFortyOne(),
                                        PlatformKind.SENSECORE,
                                        "ws",
                                        "train",
                                        buildFortyOne().takenAt()),
                                today())
                        .headline())
                .isEqualTo("not compared: build #41 ran on SenseCore ACP, this job on Baidu AIHC");
        SinceLastStart pool = SnapshotDiff.compare(
                Snapshots.where(
                        buildFortyOne(),
                        PlatformKind.AIHC,
                        "cce-other",
                        "train",
                        buildFortyOne().takenAt()),
                today());
        assertThat(pool.compared()).isFalse();
        assertThat(pool.changes()).isEmpty();
        assertThat(pool.headline()).isEqualTo("not compared: build #41 ran in pool cce-other, this job in cce-train");
        assertThat(SnapshotDiff.compare(
                                Snapshots.where(
                                        buildFortyOne(),
                                        PlatformKind.AIHC,
                                        "cce-train",
                                        "spot",
                                        buildFortyOne().takenAt()),
                                today())
                        .headline())
                .isEqualTo("not compared: build #41 ran in queue spot, this job in train");
    }

    @Test
    void aBaselineOlderThanTheLimitIsNotCompared() {
        StartSnapshot old = Snapshots.where(
                buildFortyOne(), PlatformKind.AIHC, "cce-train", "train", Snapshots.TODAY.minus(Duration.ofDays(45)));
        assertThat(SnapshotDiff.compare(old, today()).headline())
                .isEqualTo("not compared: build #41's snapshot is 45d old; snapshots older than 30d are not compared");
        assertThat(SnapshotDiff.compare(old, today(), Duration.ofDays(60)).compared())
                .isTrue();
    }

    @Test
    void whatEitherSideCouldNotReadIsSaidAndNotCompared() {
        StartSnapshot then = Snapshots.with(buildFortyOne(), buildFortyOne().demand(), null, List.of(), null);
        then = Snapshots.completeness(
                then, false, List.of("inventory: not readable: 403 Forbidden", "jobs ahead: not read"));
        StartSnapshot now = Snapshots.state(today(), "gpu-07", NodeLine.CORDONED);

        SinceLastStart since = SnapshotDiff.compare(then, now);

        assertThat(since.changes()).isEmpty();
        assertThat(since.notes())
                .contains(
                        "Nodes not compared: no node list was recorded at build #41.",
                        "The queue's limits not compared: not recorded at build #41.",
                        "Not read at build #41: inventory: not readable: 403 Forbidden.",
                        "Not read at build #41: jobs ahead: not read.");
    }

    @Test
    void aBaselineWithoutALabelIsNamedByItsTimeAndAPreflightOneSaysSo() {
        StartSnapshot preflight = new StartSnapshot(
                "",
                Moment.PREFLIGHT,
                Snapshots.STARTED,
                null,
                null,
                PlatformKind.AIHC,
                "cce-train",
                "train",
                "",
                "nightly-train",
                Snapshots.demand(3, 8),
                buildFortyOne().queueState(),
                today().nodes(),
                true,
                null,
                List.of());
        SinceLastStart since = SnapshotDiff.compare(preflight, Snapshots.state(today(), "gpu-08", NodeLine.NOT_READY));
        assertThat(since.title()).isEqualTo("Since it last started (2026-12-03 22:10 UTC, fit at pre-flight)");
        assertThat(since.headline())
                .isEqualTo("since 2026-12-03 22:10 UTC, gpu-08 became NotReady: 8 of the 24 GPUs this job needs");
    }

    @Test
    void aBaselineThatCouldNotBeReadGivesASectionSayingWhy() {
        SinceLastStart since = SnapshotDiff.notCompared("build #41", "written by a newer release");
        assertThat(since.title()).isEqualTo("Since it last started (build #41)");
        assertThat(since.headline()).isEqualTo("not compared: written by a newer release");
        assertThat(since.compared()).isFalse();
    }

    @Test
    void onSenseCoreWithoutNodesTheChangesAreListedAndNoneIsClaimedToExplain() {
        StartSnapshot.Demand one = new StartSnapshot.Demand(
                "nightly", 1, Map.of("nvidia.com/gpu", 8.0), List.of("N6lS.Iu.I80.8"), "RESERVED");
        StartSnapshot.Demand two =
                new StartSnapshot.Demand("nightly", 2, Map.of("nvidia.com/gpu", 8.0), List.of("N6lS.Iu.I80.8"), "SPOT");
        QueueState bound =
                new QueueState("sim-pool", "RUNNING (ALL)", false, Map.of("reserved devices", "16"), Map.of());
        QueueState cut = new QueueState("sim-pool", "RUNNING (ALL)", false, Map.of("reserved devices", "8"), Map.of());
        StartSnapshot then = Snapshots.with(
                Snapshots.where(buildFortyOne(), PlatformKind.SENSECORE, "sim-ws", "sim-pool", Snapshots.STARTED),
                one,
                bound,
                List.of(),
                new JobsAheadLine(0, 0, List.of()));
        StartSnapshot now = Snapshots.with(
                Snapshots.where(today(), PlatformKind.SENSECORE, "sim-ws", "sim-pool", Snapshots.TODAY),
                two,
                cut,
                List.of(),
                new JobsAheadLine(0, 0, List.of()));

        SinceLastStart since = SnapshotDiff.compare(then, now);

        assertThat(since.changes())
                .extracting(Change::text)
                .containsExactly(
                        "spec: workers 1 → 2, quota RESERVED → SPOT (8 → 16 GPUs in all)",
                        "pool sim-pool's capability of reserved devices: 16 → 8");
        assertThat(since.changes()).noneMatch(Change::explains);
        assertThat(since.headline()).isEqualTo("since build #41: 2 changes in what was recorded");
    }

    @Test
    void aScatteredLossIsFoldedIntoRangesNotListedNodeByNode() {
        List<NodeLine> thenNodes = new ArrayList<>();
        List<NodeLine> nowNodes = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            String name = String.format("n-%03d", i);
            thenNodes.add(new NodeLine(name, NodeLine.READY, "nvidia.com/gpu", 8, 8, 0));
            nowNodes.add(new NodeLine(name, i <= 40 ? NodeLine.CORDONED : NodeLine.READY, "nvidia.com/gpu", 8, 8, 0));
        }
        StartSnapshot then = Snapshots.with(
                buildFortyOne(),
                Snapshots.demand(70, 8),
                null,
                thenNodes,
                buildFortyOne().jobsAhead());
        StartSnapshot now = Snapshots.with(today(), Snapshots.demand(70, 8), null, nowNodes, today().jobsAhead());

        SinceLastStart since = SnapshotDiff.compare(then, now);

        assertThat(since.headline())
                .isEqualTo("since build #41, n-[001-040] were cordoned: 320 of the 560 GPUs this job needs");
    }
}

package io.jenkins.plugins.trainingjob.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scheduler and the filters, without HTTP. */
class ClusterTest {
    private static final Resources EIGHT_GPUS = new Resources(Map.of("nvidia.com/gpu", 8d));
    private static final Taint KWOK = new Taint("kwok.x-k8s.io/node", "fake", "NoSchedule");

    private final SimClock clock = new SimClock(Instant.parse("2026-01-01T00:00:00Z"), 0, () -> 0L);

    private Cluster cluster(List<Node> nodes, Resources capability) {
        List<String> names = nodes.stream().map(Node::name).toList();
        return new Cluster(clock, () -> copies(nodes), List.of(new SchedulingQueue("q", "q", names, capability)), 1);
    }

    private static List<Node> copies(List<Node> nodes) {
        List<Node> out = new ArrayList<>();
        for (Node n : nodes) {
            out.add(new Node(n.name(), n.labels(), n.taints(), n.unschedulable(), n.allocatable(), n.occupied()));
        }
        return out;
    }

    private static Node node(String name, boolean cordoned, List<Taint> taints, Resources occupied) {
        return new Node(name, Map.of(), taints, cordoned, EIGHT_GPUS, occupied);
    }

    private SimJob.Builder job(Cluster c, String id, int pods, int gpus, int priority, long runSeconds) {
        List<Pod> list = new ArrayList<>();
        for (int i = 0; i < pods; i++) {
            list.add(new Pod(id + "-" + i, "worker", new Resources(Map.of("nvidia.com/gpu", (double) gpus))));
        }
        return SimJob.builder()
                .platform(PlatformKind.AIHC)
                .id(id)
                .name(id)
                .queue(c.queue("q").orElseThrow())
                .priority(priority, "p")
                .pods(list)
                .runTime(Duration.ofSeconds(runSeconds));
    }

    @Test
    void aNodeFailsOnlyTheFirstFilterInKubeSchedulerOrder() {
        Node everythingWrong = node("n", true, List.of(KWOK), EIGHT_GPUS);
        assertThat(NodeFilters.check(everythingWrong, everythingWrong.free(), EIGHT_GPUS))
                .isInstanceOf(FilterOutcome.Unschedulable.class);
        Node taintedAndFull = node("n", false, List.of(KWOK), EIGHT_GPUS);
        assertThat(NodeFilters.check(taintedAndFull, taintedAndFull.free(), EIGHT_GPUS))
                .isInstanceOf(FilterOutcome.UntoleratedTaint.class);
        Node full = node("n", false, List.of(), EIGHT_GPUS);
        assertThat(NodeFilters.check(full, full.free(), EIGHT_GPUS))
                .isEqualTo(new FilterOutcome.Insufficient(List.of(new FilterOutcome.Shortage("nvidia.com/gpu", 8, 0))));
    }

    @Test
    void preferNoScheduleTaintsDoNotKeepPodsAway() {
        Node soft = node("n", false, List.of(new Taint("k", "v", "PreferNoSchedule")), Resources.NONE);
        assertThat(NodeFilters.check(soft, soft.free(), EIGHT_GPUS).fits()).isTrue();
    }

    @Test
    void aGangStartsOnlyWhenEveryPodHasANode() {
        Cluster c = cluster(
                List.of(
                        node("a", false, List.of(), Resources.NONE),
                        node("b", false, List.of(), new Resources(Map.of("nvidia.com/gpu", 4d)))),
                Resources.NONE);

        JobView pair = c.submit(job(c, "pair", 2, 8, 1, 60));

        assertThat(pair.state()).isEqualTo(JobState.QUEUED);
        assertThat(pair.pods()).allMatch(p -> p.nodeName().isEmpty());
        assertThat(c.nodes().get(0).held().isEmpty()).isTrue();
        PendingAnalysis why = c.analyse("pair").orElseThrow();
        assertThat(why.verdicts()).extracting(PodVerdict::pod).containsOnly("pair-1");
        assertThat(why.schedulerMessage()).isEqualTo("0/2 nodes are available: 2 Insufficient nvidia.com/gpu.");
    }

    @Test
    void aFinishingJobHandsItsNodesToTheWaitingOneAtItsEndTime() {
        Cluster c = cluster(List.of(node("a", false, List.of(), Resources.NONE)), Resources.NONE);
        c.submit(job(c, "first", 1, 8, 1, 30));
        c.submit(job(c, "second", 1, 8, 1, 30));

        c.advance(Duration.ofSeconds(45));

        JobView second = c.job("second").orElseThrow();
        assertThat(c.job("first").orElseThrow().state()).isEqualTo(JobState.SUCCEEDED);
        assertThat(second.state()).isEqualTo(JobState.RUNNING);
        assertThat(second.startedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:30Z"));
        c.advance(Duration.ofSeconds(15));
        assertThat(c.job("second").orElseThrow().state()).isEqualTo(JobState.SUCCEEDED);
    }

    @Test
    void aWaitingJobThatStartsBeforeItsStopLandsKeepsRunning() {
        Cluster c = cluster(List.of(node("a", false, List.of(), Resources.NONE)), Resources.NONE);
        c.submit(job(c, "blocker", 1, 8, 1, 10));
        c.submit(job(c, "waiting", 1, 8, 1, 60));

        c.stop("waiting", Duration.ZERO, Duration.ofSeconds(30));
        assertThat(c.job("waiting").orElseThrow().state()).isEqualTo(JobState.QUEUED);
        c.advance(Duration.ofSeconds(40));

        assertThat(c.job("waiting").orElseThrow().state()).isEqualTo(JobState.RUNNING);
        assertThat(c.job("waiting").orElseThrow().startedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:10Z"));
    }

    @Test
    void aWaitingJobStillWaitingWhenItsStopLandsStops() {
        Cluster c = cluster(List.of(node("a", false, List.of(), Resources.NONE)), Resources.NONE);
        c.submit(job(c, "blocker", 1, 8, 1, 100));
        c.submit(job(c, "waiting", 1, 8, 1, 60));

        c.stop("waiting", Duration.ZERO, Duration.ofSeconds(30));
        c.advance(Duration.ofSeconds(31));

        JobView stopped = c.job("waiting").orElseThrow();
        assertThat(stopped.state()).isEqualTo(JobState.STOPPED);
        assertThat(stopped.finishedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:30Z"));
        c.advance(Duration.ofSeconds(100));
        assertThat(c.job("waiting").orElseThrow().startedAt()).isNull();
    }

    @Test
    void aJobThatDoesNotFitDoesNotBlockSmallerOnesBehindIt() {
        Cluster c = cluster(List.of(node("a", false, List.of(), Resources.NONE)), Resources.NONE);
        c.submit(job(c, "huge", 2, 8, 2, 30));
        JobView small = c.submit(job(c, "small", 1, 1, 1, 30));
        assertThat(small.state()).isEqualTo(JobState.RUNNING);
        assertThat(c.job("huge").orElseThrow().queuePosition()).isEqualTo(1);
    }

    @Test
    void queueCapabilityLimitsWhatRunsAtOnce() {
        Cluster c = cluster(
                List.of(node("a", false, List.of(), Resources.NONE), node("b", false, List.of(), Resources.NONE)),
                new Resources(Map.of("nvidia.com/gpu", 8d)));
        c.submit(job(c, "one", 1, 8, 1, 30));
        JobView two = c.submit(job(c, "two", 1, 8, 1, 30));

        assertThat(two.state()).isEqualTo(JobState.QUEUED);
        assertThat(c.analyse("two").orElseThrow().queueShortages())
                .containsExactly(new QueueShortage("q", "nvidia.com/gpu", 8, 8, 8));
    }

    @Test
    void idsFromTheSameSeedAreTheSame() {
        Cluster a = cluster(List.of(), Resources.NONE);
        Cluster b = cluster(List.of(), Resources.NONE);
        assertThat(a.nextUuid()).isEqualTo(b.nextUuid());
        assertThat(a.nextUuid().version()).isEqualTo(4);
    }
}

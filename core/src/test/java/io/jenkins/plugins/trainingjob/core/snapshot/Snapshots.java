package io.jenkins.plugins.trainingjob.core.snapshot;

import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Demand;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.JobsAheadLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Moment;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.QueueState;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Snapshots of one nightly job for the tests, as {@link SnapshotCapture} would take them: build #41 started
 * its 3 pods of 8 GPUs on gpu-[06-08] of queue {@code train} after 3 minutes (gpu-[01-05] are full with
 * other tenants' work), and today's run waits. Each test changes today's world the way it needs.
 */
public final class Snapshots {

    public static final Instant STARTED = Instant.parse("2026-12-03T22:10:00Z");
    public static final Instant TODAY = Instant.parse("2026-12-04T22:25:00Z");

    private Snapshots() {}

    /** Build #41 when its job had started. */
    public static StartSnapshot buildFortyOne() {
        List<NodeLine> nodes = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            String name = String.format("gpu-%02d", i);
            nodes.add(
                    i <= 5
                            ? new NodeLine(name, NodeLine.READY, "nvidia.com/gpu", 8, 0, 0)
                            : new NodeLine(name, NodeLine.READY, "nvidia.com/gpu", 8, 0, 8));
        }
        return new StartSnapshot(
                "build #41",
                Moment.STARTED,
                STARTED.plusSeconds(5),
                STARTED,
                180L,
                PlatformKind.AIHC,
                "cce-train",
                "train",
                "pytorchjob-41",
                "nightly-train",
                demand(3, 8),
                new QueueState("train", "Open", false, Map.of("nvidia.com/gpu", "64"), Map.of("nvidia.com/gpu", "24")),
                nodes,
                true,
                new JobsAheadLine(0, 0, List.of()),
                List.of());
    }

    /** Today's pending job in the world build #41 left: nothing changed, its GPUs are free again. */
    public static StartSnapshot today() {
        List<NodeLine> nodes = new ArrayList<>();
        for (NodeLine n : buildFortyOne().nodes()) {
            nodes.add(new NodeLine(n.name(), n.state(), n.device(), n.total(), n.free() + n.job(), 0));
        }
        return new StartSnapshot(
                "",
                Moment.PENDING,
                TODAY,
                null,
                null,
                PlatformKind.AIHC,
                "cce-train",
                "train",
                "pytorchjob-42",
                "nightly-train",
                demand(3, 8),
                new QueueState("train", "Open", false, Map.of("nvidia.com/gpu", "64"), Map.of()),
                nodes,
                true,
                new JobsAheadLine(0, 0, List.of()),
                List.of());
    }

    public static Demand demand(int pods, int gpusPerPod) {
        return new Demand(
                "nightly-train",
                pods,
                Map.of("nvidia.com/gpu", (double) gpusPerPod, "cpu", 16.0, "memory", 128d * 1024 * 1024 * 1024),
                List.of(),
                "");
    }

    /** {@code s} with each node line changed by {@code change}. */
    public static StartSnapshot nodes(StartSnapshot s, UnaryOperator<NodeLine> change) {
        return with(
                s, s.demand(), s.queueState(), s.nodes().stream().map(change).toList(), s.jobsAhead());
    }

    /** {@code s} with node {@code name} in {@code state}, its devices as they were. */
    public static StartSnapshot state(StartSnapshot s, String name, String state) {
        return nodes(
                s,
                n -> n.name().equals(name)
                        ? new NodeLine(n.name(), state, n.device(), n.total(), n.free(), n.job())
                        : n);
    }

    /** {@code s} with node {@code name} holding {@code free} free devices. */
    public static StartSnapshot free(StartSnapshot s, String name, long free) {
        return nodes(
                s,
                n -> n.name().equals(name)
                        ? new NodeLine(n.name(), n.state(), n.device(), n.total(), free, n.job())
                        : n);
    }

    public static StartSnapshot with(
            StartSnapshot s, Demand demand, QueueState queue, List<NodeLine> nodes, JobsAheadLine ahead) {
        return new StartSnapshot(
                s.label(),
                s.moment(),
                s.takenAt(),
                s.startedAt(),
                s.waitedSeconds(),
                s.platform(),
                s.pool(),
                s.queue(),
                s.jobId(),
                s.jobName(),
                demand,
                queue,
                nodes,
                s.nodesComplete(),
                ahead,
                s.notRead());
    }

    /** {@code s} taken elsewhere or at another time. */
    public static StartSnapshot where(StartSnapshot s, PlatformKind platform, String pool, String queue, Instant at) {
        return rebuilt(s, platform, pool, queue, at, s.nodesComplete(), s.notRead());
    }

    /** {@code s} with its node list marked complete or not, and what could not be read. */
    public static StartSnapshot completeness(StartSnapshot s, boolean nodesComplete, List<String> notRead) {
        return rebuilt(s, s.platform(), s.pool(), s.queue(), s.takenAt(), nodesComplete, notRead);
    }

    private static StartSnapshot rebuilt(
            StartSnapshot s,
            PlatformKind platform,
            String pool,
            String queue,
            Instant at,
            boolean nodesComplete,
            List<String> notRead) {
        return new StartSnapshot(
                s.label(),
                s.moment(),
                at,
                s.startedAt(),
                s.waitedSeconds(),
                platform,
                pool,
                queue,
                s.jobId(),
                s.jobName(),
                s.demand(),
                s.queueState(),
                s.nodes(),
                nodesComplete,
                s.jobsAhead(),
                notRead);
    }
}

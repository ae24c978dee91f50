package io.jenkins.plugins.trainingjob.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Moment;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A snapshot is taken from what core already reads (the spec's demand, the pool's inventory, the jobs
 * ahead), keeps only the queue's nodes, counts the job's own pods back, and records what it could not read
 * instead of failing its caller.
 */
class SnapshotCaptureTest {

    private static final Instant NOW = Instant.parse("2026-12-03T22:10:05Z");
    private static final Instant CREATED = Instant.parse("2026-12-03T22:07:00Z");

    /** A fake AIHC pool of four nodes; queue {@code train} is bound to three of them. */
    private static final class Pool extends FakePlatform {
        final AtomicInteger inventoryReads = new AtomicInteger();
        volatile boolean readable = true;

        @Override
        public PoolInventory inventory(String queue) {
            inventoryReads.incrementAndGet();
            if (!readable) {
                throw InventoryUnreadableException.notReadable(
                        PlatformKind.AIHC, "GET resourcepool", "403 Forbidden: the key may not read the pool");
            }
            return new PoolInventory(
                    "pool",
                    queue,
                    List.of(),
                    List.of(
                            node("gpu-01", 8, NodeIntervention.NONE, "Ready"),
                            node("gpu-02", 0, NodeIntervention.CORDONED, "Ready"),
                            node("gpu-03", 4, NodeIntervention.NONE, "NotReady"),
                            node("cpu-01", 0, NodeIntervention.NONE, "Ready")),
                    true,
                    new QueueCapacity(
                            queue,
                            "Physical",
                            "Open",
                            true,
                            Map.of("nvidia.com/gpu", "24"),
                            Map.of(),
                            Map.of(),
                            Map.of("nvidia.com/gpu", "16"),
                            List.of("gpu-01", "gpu-02", "gpu-03")),
                    new AihcPoolEvidence(),
                    NOW);
        }

        private static InventoryNode node(String name, long allocated, NodeIntervention i, String phase) {
            return new InventoryNode(name, "nvidia.com/gpu", 8, allocated, 96, 0, 512, 0, phase, i);
        }
    }

    private static JobSpec spec(int replicas, int gpus) {
        ObjectNode body =
                JsonNodeFactory.instance.objectNode().put("name", "nightly").put("queue", "train");
        ObjectNode task = body.putObject("jobSpec").put("replicas", replicas);
        task.putArray("resources").addObject().put("name", "nvidia.com/gpu").put("quantity", gpus);
        return UncheckedSpecs.of(PlatformKind.AIHC, body);
    }

    private static JobStatus started(JobRef job) {
        return new JobStatus(
                job,
                JobPhase.RUNNING,
                "Running",
                CREATED,
                CREATED.plusSeconds(180),
                null,
                null,
                "",
                List.of(
                        new WorkerStatus("nightly-master-0", "gpu-01", "Running", ""),
                        new WorkerStatus("nightly-worker-0", "gpu-01", "Running", "")),
                null,
                8);
    }

    /** A job as the list shows it: a running one started when it was created. */
    private static JobStatus listed(String name, JobPhase phase, Instant created, int gpus) {
        return new JobStatus(
                new JobRef(PlatformKind.AIHC, "pytorchjob-" + name, name),
                phase,
                phase.name(),
                created,
                phase == JobPhase.PENDING ? null : created,
                null,
                null,
                "",
                List.of(),
                null,
                gpus);
    }

    @Test
    void aStartedJobsSnapshotHoldsTheDemandTheQueueItsNodesAndTheWait() {
        Pool pool = new Pool();
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-41", "nightly");

        StartSnapshot s = SnapshotCapture.capture(pool, spec(2, 4), started(job), NOW);

        assertThat(s.moment()).isEqualTo(Moment.STARTED);
        assertThat(s.startedAt()).isEqualTo(CREATED.plusSeconds(180));
        assertThat(s.waitedSeconds()).isEqualTo(180);
        assertThat(s.pool()).isEqualTo("pool");
        assertThat(s.queue()).isEqualTo("train");
        assertThat(s.jobId()).isEqualTo("pytorchjob-41");
        assertThat(s.demand().pods()).isEqualTo(2);
        assertThat(s.demand().perPod()).containsEntry("nvidia.com/gpu", 4.0);
        assertThat(s.queueState().capability()).containsEntry("nvidia.com/gpu", "24");
        assertThat(s.queueState().allocated()).containsEntry("nvidia.com/gpu", "16");
        // only the queue's nodes; the job's two pods of 4 on gpu-01 are counted as its own
        assertThat(s.nodes())
                .containsExactly(
                        new NodeLine("gpu-01", NodeLine.READY, "nvidia.com/gpu", 8, 0, 8),
                        new NodeLine("gpu-02", NodeLine.CORDONED, "nvidia.com/gpu", 8, 8, 0),
                        new NodeLine("gpu-03", NodeLine.NOT_READY, "nvidia.com/gpu", 8, 4, 0));
        assertThat(s.nodesComplete()).isTrue();
        assertThat(s.jobsAhead().count()).isZero();
        assertThat(s.notRead()).isEmpty();
        assertThat(pool.inventoryReads).hasValue(1);
    }

    /**
     * A job that ended (or whose pods were not placed yet) when the pool was read: its GPUs are among the free
     * ones there, and counting them as its own too would make them usable twice (16 of a node of 8; found by
     * the demo under load, whose job ran a minute of simulated time).
     */
    @Test
    void aJobsOwnGpusAreNeverMoreThanTheNodeShowsHeld() {
        Pool pool = new Pool();
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-41", "nightly");
        JobStatus onGpu02 = new JobStatus(
                job,
                JobPhase.RUNNING,
                "Running",
                CREATED,
                CREATED.plusSeconds(180),
                null,
                null,
                "",
                List.of(new WorkerStatus("nightly-master-0", "gpu-02", "Running", "")),
                null,
                8);

        StartSnapshot s = SnapshotCapture.capture(pool, spec(1, 8), onGpu02, NOW);

        // gpu-02 shows its 8 GPUs free: the job's pod holds none of them by this read
        assertThat(s.nodes()).contains(new NodeLine("gpu-02", NodeLine.CORDONED, "nvidia.com/gpu", 8, 8, 0));
        assertThat(s.nodes()).allSatisfy(n -> assertThat(n.available()).isLessThanOrEqualTo(n.total()));
    }

    @Test
    void thePendingJobsSnapshotListsTheJobsAheadByName() {
        Pool pool = new Pool();
        for (int i = 1; i <= 7; i++) {
            pool.addStatus(listed("ahead-" + i, JobPhase.PENDING, CREATED.minusSeconds(100 - i), 8));
        }
        JobStatus pending = listed("nightly", JobPhase.PENDING, CREATED, 8);

        StartSnapshot s = SnapshotCapture.capture(pool, spec(2, 4), pending, NOW);

        assertThat(s.moment()).isEqualTo(Moment.PENDING);
        assertThat(s.startedAt()).isNull();
        assertThat(s.jobsAhead().count()).isEqualTo(7);
        assertThat(s.jobsAhead().gpus()).isEqualTo(56);
        assertThat(s.jobsAhead().top()).containsExactly("ahead-1", "ahead-2", "ahead-3", "ahead-4", "ahead-5");
    }

    @Test
    void atPreflightEveryWaitingJobIsAhead() {
        Pool pool = new Pool();
        pool.addStatus(listed("waiting", JobPhase.PENDING, CREATED, 16));
        pool.addStatus(listed("running", JobPhase.RUNNING, CREATED, 8));

        StartSnapshot s = SnapshotCapture.capture(pool, spec(2, 4), null, NOW);

        assertThat(s.moment()).isEqualTo(Moment.PREFLIGHT);
        assertThat(s.jobId()).isEmpty();
        assertThat(s.jobName()).isEqualTo("nightly");
        assertThat(s.jobsAhead()).isEqualTo(new StartSnapshot.JobsAheadLine(1, 16, List.of("waiting")));
    }

    @Test
    void aStartedJobWhoseStatusNamesNoNodesSaysItsGpusCountAsHeld() {
        JobStatus started = listed("nightly", JobPhase.RUNNING, CREATED, 8);

        StartSnapshot s = SnapshotCapture.capture(new Pool(), spec(2, 4), started, NOW);

        assertThat(s.nodes()).allMatch(n -> n.job() == 0);
        assertThat(s.notRead())
                .containsExactly(
                        "the job's own pods: the status named none of their nodes, so their GPUs count as held");
    }

    @Test
    void whatCannotBeReadIsRecordedNotThrown() {
        Pool pool = new Pool();
        pool.readable = false;
        pool.outage = () -> new io.jenkins.plugins.trainingjob.core.platform.TransientException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 503, "Unavailable", "r-1"), "try again", null);
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-41", "nightly");

        StartSnapshot s = SnapshotCapture.capture(pool, spec(2, 4), started(job), NOW);

        assertThat(s.queueState()).isNull();
        assertThat(s.nodes()).isEmpty();
        assertThat(s.jobsAhead()).isNull();
        assertThat(s.notRead()).hasSize(2);
        assertThat(s.notRead().get(0)).startsWith("inventory: ").contains("403 Forbidden");
        assertThat(s.notRead().get(1)).startsWith("jobs ahead: ");
    }
}

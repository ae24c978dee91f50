package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaEstimator;
import io.jenkins.plugins.trainingjob.core.eta.HistoryCache;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Figure 6 (d), the ETA's cost. (1) One estimate from a history of {@value #HISTORY_JOBS} jobs and an inventory
 * of {@value #NODES} nodes, end to end (capacity from the inventory, the evidence of the job's class, the
 * sweep that finds each past job's line, the weighted Kaplan-Meier estimate, the soonest start): median wall and CPU time over repeated runs after a warm-up (on a shared machine the CPU
 * time is the figure that does not count other processes' turns), bytes it allocates (the JVM's
 * per-thread allocation counter) and the heap the history and inventory hold. (2) {@value #WATCHES} watches
 * of {@value #QUEUES} queues asking for their queue's history every poll round for {@value #ROUNDS} rounds
 * through one {@link HistoryCache}: the list calls the platform sees (read through {@link HistoryReader}); the
 * monitor's own count is {@code JobMonitorBudgetTest}'s.
 */
public final class EtaCostFigure {

    static final int HISTORY_JOBS = 10_000;
    static final int NODES = 5_000;
    static final int WATCHES = 10_000;
    static final int QUEUES = 4;
    static final int ROUNDS = 3;
    static final int RUNS = 30;

    public record Result(
            double medianMs,
            double maxMs,
            double medianCpuMs,
            long allocatedBytes,
            long retainedBytes,
            String eta,
            int watches,
            int queues,
            int rounds,
            int listRounds,
            int listCalls,
            int pagesPerRead) {}

    public Result run() {
        Instant now = Instant.parse("2026-03-02T12:00:00Z");
        long before = usedHeap();
        QueueHistory history = new QueueHistory("big", now, QueueHistory.DEFAULT_WINDOW, jobs(now), false);
        PoolInventory inventory = inventory(now);
        long retained = Math.max(0, usedHeap() - before);
        PendingJob job = new PendingJob("mine", 2, 8, now);

        Eta eta = null;
        for (int i = 0; i < 5; i++) {
            eta = EtaEstimator.estimate(history, job, Capacity.of(inventory, 8), now);
        }
        double[] ms = new double[RUNS];
        double[] cpu = new double[RUNS];
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = 0;
        for (int i = 0; i < RUNS; i++) {
            long a0 = threads.getCurrentThreadAllocatedBytes();
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            eta = EtaEstimator.estimate(history, job, Capacity.of(inventory, 8), now);
            ms[i] = (System.nanoTime() - t0) / 1e6;
            cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
            allocated = Math.max(allocated, threads.getCurrentThreadAllocatedBytes() - a0);
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);

        // (2) one read per queue per round, whatever the number of watches
        FakePlatform[] platforms = new FakePlatform[QUEUES];
        for (int q = 0; q < QUEUES; q++) {
            platforms[q] = new FakePlatform();
            for (HistoryJob h : history.jobs().subList(0, 2_000)) {
                platforms[q].addStatus(status(h));
            }
        }
        ManualClock clock = new ManualClock(now);
        HistoryCache cache = new HistoryCache(clock, Duration.ofSeconds(10));
        HistoryReader reader = new HistoryReader(500, 20_000);
        for (int r = 0; r < ROUNDS; r++) {
            for (int w = 0; w < WATCHES; w++) {
                int q = w % QUEUES;
                cache.get(
                        "queue-" + q,
                        () -> reader.read(platforms[q], "queue-" + q, QueueHistory.DEFAULT_WINDOW, clock.now()));
            }
            clock.advance(Duration.ofSeconds(10));
        }
        int listRounds = 0;
        int listCalls = 0;
        for (FakePlatform p : platforms) {
            listRounds += p.listRounds.get();
            listCalls += p.listCalls.get();
        }
        return new Result(
                ms[RUNS / 2],
                ms[RUNS - 1],
                cpu[RUNS / 2],
                allocated,
                retained,
                eta.summary(),
                WATCHES,
                QUEUES,
                ROUNDS,
                listRounds,
                listCalls,
                listCalls / Math.max(1, listRounds));
    }

    /** 10,000 jobs over the last 7 days, sized and timed like the trace's (4-32 GPUs, minutes to days). */
    static List<HistoryJob> jobs(Instant now) {
        Random r = new Random(24);
        List<HistoryJob> out = new ArrayList<>();
        long span = Duration.ofDays(7).toSeconds();
        int[] sizes = {4, 4, 4, 8, 8, 8, 16, 32};
        for (int i = 0; i < HISTORY_JOBS; i++) {
            Instant created = now.minusSeconds((long) (r.nextDouble() * span));
            long wait = (long) Math.exp(r.nextDouble() * 10);
            long run = (long) Math.exp(5 + r.nextDouble() * 8);
            Instant started = created.plusSeconds(wait);
            Instant finished = started.plusSeconds(run);
            out.add(new HistoryJob(
                    "job-" + i,
                    sizes[r.nextInt(sizes.length)],
                    created,
                    started.isAfter(now) ? null : started,
                    finished.isAfter(now) ? null : finished));
        }
        return out;
    }

    static PoolInventory inventory(Instant now) {
        List<InventoryNode> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(new InventoryNode(
                    String.format("node-%05d", i),
                    "nvidia.com/gpu",
                    8,
                    i % 9 == 0 ? 0 : 8,
                    96,
                    10,
                    1L << 40,
                    1L << 30,
                    "Ready",
                    NodeIntervention.NONE));
        }
        return new PoolInventory("pool", "big", List.of(), nodes, true, null, new AihcPoolEvidence(), now);
    }

    private static JobStatus status(HistoryJob h) {
        JobPhase phase = h.finished() ? JobPhase.SUCCEEDED : h.started() ? JobPhase.RUNNING : JobPhase.PENDING;
        return new JobStatus(
                new JobRef(PlatformKind.AIHC, h.id(), h.id()),
                phase,
                phase.name(),
                h.createdAt(),
                h.startedAt(),
                h.finishedAt(),
                null,
                "",
                List.of(),
                null,
                h.gpus());
    }

    private static long usedHeap() {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}

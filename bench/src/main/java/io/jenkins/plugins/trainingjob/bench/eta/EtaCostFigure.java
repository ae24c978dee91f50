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
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Figure 6 (d), the ETA's cost, on a history of {@value #HISTORY_JOBS} jobs and an inventory of {@value #NODES}
 * nodes. (1) One estimate end to end (capacity from the inventory, the evidence of the job's class, the sweep
 * that finds each past job's line, the weighted Kaplan-Meier estimate, the online calibration that replays it
 * for the last 100 past jobs at the same age, the soonest start), for a job at its submit, the age whose
 * evidence is largest, three ways: the first estimate on a round's history (nothing shared yet); another watch
 * of the queue asking at an age one already asked at this round (the calibration's replays shared); and an age
 * not asked yet this round (only the timeline shared). Median wall and CPU time over repeated runs after a
 * warm-up (on a shared machine the CPU time is the figure that does not count other processes' turns), and the
 * bytes one estimate allocates (the JVM's per-thread allocation counter). (2) One poll round of {@value
 * #ROUND_WATCHES} watches of the queue, each estimating on the round's one history as the monitor does
 * (capacity unknown, so from the history's peak), their jobs waiting in it: created at distinct seconds over
 * the last {@value #SPREAD_HOURS} hours (every watch at an age of its own), or submitted together within
 * {@value #BURST_SECONDS} s (a sweep). CPU time in all, and the heap the round's history holds afterwards for
 * the estimates (its timeline and the replays kept). (3) {@value #WATCHES} watches of {@value #QUEUES} queues
 * asking for their queue's history every poll round for {@value #ROUNDS} rounds through one {@link
 * HistoryCache}: the list calls the platform sees (read through {@link HistoryReader}); the monitor's own count
 * is {@code JobMonitorBudgetTest}'s.
 */
public final class EtaCostFigure {

    static final int HISTORY_JOBS = 10_000;
    static final int NODES = 5_000;
    static final int WATCHES = 10_000;
    static final int QUEUES = 4;
    static final int ROUNDS = 3;
    static final int RUNS = 30;
    static final int ROUND_WATCHES = 1_000;
    static final int SPREAD_HOURS = 6;
    static final int BURST_SECONDS = 10;

    /** One estimate, over {@link #RUNS} runs: medians of CPU and wall time, the longest wall time, bytes. */
    public record Cost(double medianCpuMs, double medianMs, double maxMs, long allocatedBytes) {}

    /** One poll round of many watches of one queue: CPU time and bytes in all, and what the history then holds. */
    public record Round(int watches, int ages, double cpuMs, long allocatedBytes, long heldBytes) {}

    public record Result(
            Cost firstOfRound,
            Cost sameAge,
            Cost newAge,
            Round spread,
            Round burst,
            long retainedBytes,
            String eta,
            int watches,
            int queues,
            int rounds,
            int listRounds,
            int listCalls,
            int pagesPerRead) {}

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    public Result run() {
        Instant now = Instant.parse("2026-03-02T12:00:00Z");
        long before = usedHeap();
        List<HistoryJob> jobs = jobs(now);
        QueueHistory history = history(jobs, now);
        PoolInventory inventory = inventory(now);
        long retained = Math.max(0, usedHeap() - before);
        PendingJob job = new PendingJob("mine", 2, 8, now);
        PendingJob other = new PendingJob("another", 1, 4, now);

        // (1) the first estimate on a round's history: a history of its own for every run
        Cost first = measure(run -> {
            QueueHistory fresh = history(jobs, now);
            return () -> EtaEstimator.estimate(fresh, job, Capacity.of(inventory, 8), now);
        });
        // another watch asked at this age this round
        EtaEstimator.estimate(history, other, Capacity.of(inventory, 8), now);
        Cost sameAge = measure(run -> () -> EtaEstimator.estimate(history, job, Capacity.of(inventory, 8), now));
        // an age nobody asked at yet this round, on the round's history
        Cost newAge = measure(run -> {
            PendingJob older = new PendingJob("mine", 2, 8, now.minusSeconds(1 + run));
            return () -> EtaEstimator.estimate(history, older, Capacity.of(inventory, 8), now);
        });
        Eta eta = EtaEstimator.estimate(history, job, Capacity.of(inventory, 8), now);

        // (2) one poll round of many watches of the queue
        Round spread = round(jobs, now, Duration.ofHours(SPREAD_HOURS));
        Round burst = round(jobs, now, Duration.ofSeconds(BURST_SECONDS));

        // (3) one read per queue per round, whatever the number of watches
        FakePlatform[] platforms = new FakePlatform[QUEUES];
        for (int q = 0; q < QUEUES; q++) {
            platforms[q] = new FakePlatform();
            for (HistoryJob h : history.jobs().subList(0, 2_000)) {
                platforms[q].addStatus(status(h));
            }
        }
        ManualClock clock = new ManualClock(now);
        HistoryCache cache = new HistoryCache(clock::now, Duration.ofSeconds(10));
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
                first,
                sameAge,
                newAge,
                spread,
                burst,
                retained,
                eta.summary(),
                WATCHES,
                QUEUES,
                ROUNDS,
                listRounds,
                listCalls,
                listCalls / Math.max(1, listRounds));
    }

    private static QueueHistory history(List<HistoryJob> jobs, Instant now) {
        return new QueueHistory("big", now, QueueHistory.DEFAULT_WINDOW, jobs, false);
    }

    /** Makes the estimate of run {@code run}; what it makes before returning is not measured. */
    private interface Prepared {
        Runnable prepare(int run);
    }

    /** Five warm-up runs, then {@link #RUNS} measured ones. */
    private static Cost measure(Prepared prepared) {
        for (int i = 0; i < 5; i++) {
            prepared.prepare(RUNS + i).run();
        }
        double[] ms = new double[RUNS];
        double[] cpu = new double[RUNS];
        long allocated = 0;
        for (int i = 0; i < RUNS; i++) {
            Runnable estimate = prepared.prepare(i);
            long a0 = THREADS.getCurrentThreadAllocatedBytes();
            long c0 = THREADS.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            estimate.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
            cpu[i] = (THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
            allocated = Math.max(allocated, THREADS.getCurrentThreadAllocatedBytes() - a0);
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);
        return new Cost(cpu[RUNS / 2], ms[RUNS / 2], ms[RUNS - 1], allocated);
    }

    /**
     * {@link #ROUND_WATCHES} jobs of the queue created over {@code spread} before the round (at distinct
     * seconds as far as it has them) and waiting in its history; each watch estimates once on the round's
     * history, as the monitor's call threads do, with the round's instant.
     */
    static Round round(List<HistoryJob> jobs, Instant now, Duration spread) {
        List<HistoryJob> all = new ArrayList<>(jobs);
        List<PendingJob> watched = new ArrayList<>();
        Random r = new Random(61);
        int[] sizes = {4, 8, 8, 16};
        Set<Long> ages = new HashSet<>();
        for (int w = 0; w < ROUND_WATCHES; w++) {
            long age = 1 + (spread.toSeconds() * w) / ROUND_WATCHES;
            int gpus = sizes[r.nextInt(sizes.length)];
            Instant created = now.minusSeconds(age);
            all.add(new HistoryJob("watched-" + w, gpus, created, null, null));
            watched.add(new PendingJob("watched-" + w, gpus / Math.min(8, gpus), Math.min(8, gpus), created));
            ages.add(age);
        }
        QueueHistory history = history(all, now);
        long before = usedHeap();
        long a0 = THREADS.getCurrentThreadAllocatedBytes();
        long c0 = THREADS.getCurrentThreadCpuTime();
        for (PendingJob w : watched) {
            EtaEstimator.estimate(history, w, Capacity.unknown(), now);
        }
        double cpu = (THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - a0;
        long held = Math.max(0, usedHeap() - before);
        return new Round(ROUND_WATCHES, ages.size(), cpu, allocated, held);
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

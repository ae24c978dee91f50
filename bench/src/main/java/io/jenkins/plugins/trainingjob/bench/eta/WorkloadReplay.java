package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Prediction;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictor;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.Node;
import io.jenkins.plugins.trainingjob.simulator.cluster.Pod;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimClock;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Score two: the simulator's workload mode. The trace's arrivals, sizes (pods of up to 8 GPUs) and run times
 * are replayed into the simulator's cluster model (its scheduler: priority then age, gangs all or none,
 * backfill) on {@code nodes} nodes of 8 GPUs, on a manual clock: simulated time costs nothing, so nothing
 * needs compressing. At each submit after the warm-up, every predictor sees what the tool would read: the
 * queue's jobs as the list shows them then (created, started, finished, GPUs) and the nodes with their free
 * GPUs (the inventory); each answer is scored against the job's start in the replay.
 */
public final class WorkloadReplay {

    static final String GPU = "nvidia.com/gpu";
    static final int GPUS_PER_NODE = 8;

    private final List<HistoryJob> trace;
    private final int nodes;
    private final Duration warmUp;
    private final Duration window;

    public WorkloadReplay(List<HistoryJob> trace, int nodes, Duration warmUp, Duration window) {
        this.trace = new ArrayList<>(trace);
        this.trace.sort(Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        this.nodes = nodes;
        this.warmUp = warmUp;
        this.window = window;
    }

    /** What a replay gave: the scores, and the replay's own wait figures for the table's label. */
    public record Result(
            Map<String, Score> scores, int jobs, int waitedAMinute, long medianWaitSeconds, long p90WaitSeconds) {}

    public Result run(List<Predictor> predictors) {
        Instant origin = trace.get(0).createdAt();
        SimClock clock = new SimClock(origin, 0, () -> 0L);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            names.add(String.format("node-%04d", i));
        }
        SchedulingQueue queue = new SchedulingQueue("replay", "replay", names, Resources.NONE);
        Cluster cluster = new Cluster(
                clock,
                () -> {
                    List<Node> list = new ArrayList<>();
                    for (String n : names) {
                        list.add(new Node(
                                n,
                                Map.of(),
                                List.of(),
                                false,
                                new Resources(Map.of(GPU, (double) GPUS_PER_NODE)),
                                Resources.NONE));
                    }
                    return list;
                },
                List.of(queue),
                1L);

        Map<String, Prediction[]> predictions = new HashMap<>();
        Map<String, Integer> gpusById = new HashMap<>();
        Instant firstScored = origin.plus(warmUp);
        for (HistoryJob job : trace) {
            if (!job.started() || !job.finished()) {
                continue;
            }
            Duration gap = Duration.between(cluster.now(), job.createdAt());
            if (!gap.isNegative() && !gap.isZero()) {
                cluster.advance(gap);
            }
            PendingJob pending = pendingOf(job);
            if (!job.createdAt().isBefore(firstScored)) {
                QueueHistory seen = listed(cluster, gpusById, cluster.now());
                Capacity capacity = inventory(cluster, pending.gpusPerPod());
                Prediction[] p = new Prediction[predictors.size()];
                for (int k = 0; k < p.length; k++) {
                    p[k] = predictors.get(k).predict(seen, pending, capacity, cluster.now());
                }
                predictions.put(job.id(), p);
            }
            List<Pod> pods = new ArrayList<>();
            for (int i = 0; i < pending.pods(); i++) {
                pods.add(new Pod(job.id() + "-" + i, i == 0 ? "master" : "worker", new Resources(Map.of(GPU, (double)
                        pending.gpusPerPod()))));
            }
            gpusById.put(job.id(), pending.gpus());
            cluster.submit(SimJob.builder()
                    .platform(PlatformKind.AIHC)
                    .id(job.id())
                    .name(job.id())
                    .queue(queue)
                    .pods(pods)
                    .runTime(Duration.ofSeconds(Math.max(1, job.ran().toSeconds())))
                    .quota("replay", false, pending.gpus()));
        }
        cluster.advance(Duration.ofDays(400));

        Map<String, Score> scores = new LinkedHashMap<>();
        for (Predictor p : predictors) {
            scores.put(p.name(), new Score(p.name()));
        }
        List<Long> waits = new ArrayList<>();
        int minute = 0;
        for (JobView v : cluster.jobs(j -> true)) {
            if (v.startedAt() == null) {
                continue;
            }
            long wait = Duration.between(v.createdAt(), v.startedAt()).toSeconds();
            Prediction[] p = predictions.get(v.id());
            if (p == null) {
                continue;
            }
            waits.add(wait);
            minute += wait >= Score.MIN_WAIT_SECONDS ? 1 : 0;
            for (int k = 0; k < p.length; k++) {
                scores.get(predictors.get(k).name()).add(p[k], wait);
            }
        }
        waits.sort(Long::compare);
        return new Result(
                scores,
                waits.size(),
                minute,
                waits.isEmpty() ? 0 : waits.get(waits.size() / 2),
                waits.isEmpty() ? 0 : waits.get((int) Math.min(waits.size() - 1, Math.ceil(0.9 * waits.size()) - 1)));
    }

    /** The queue's jobs as a list call would show them now, over the window. */
    private QueueHistory listed(Cluster cluster, Map<String, Integer> gpus, Instant now) {
        Instant from = now.minus(window);
        List<HistoryJob> jobs = new ArrayList<>();
        for (JobView v : cluster.jobs(j -> true)) {
            HistoryJob h =
                    new HistoryJob(v.id(), gpus.getOrDefault(v.id(), 0), v.createdAt(), v.startedAt(), v.finishedAt());
            if (!h.finished() || !h.finishedAt().isBefore(from)) {
                jobs.add(h);
            }
        }
        return new QueueHistory("replay", now, window, jobs, false);
    }

    /** What the inventory shows: nodes that hold a pod of this size, their GPUs and free GPUs. */
    private static Capacity inventory(Cluster cluster, int gpusPerPod) {
        int n = 0;
        long total = 0;
        long free = 0;
        long slots = 0;
        for (Node.NodeView v : cluster.nodes()) {
            long t = Math.round(v.allocatable().amounts().getOrDefault(GPU, 0.0));
            long f = Math.round(v.free().amounts().getOrDefault(GPU, 0.0));
            if (v.unschedulable() || t < gpusPerPod) {
                continue;
            }
            n++;
            total += t;
            free += f;
            slots += f / Math.max(1, gpusPerPod);
        }
        return new Capacity(true, n, total, free, slots);
    }

    /** The trace's jobs as gangs on 8-GPU nodes: the fewest equal pods of at most 8 GPUs that add up. */
    static PendingJob pendingOf(HistoryJob job) {
        int g = Math.max(1, job.gpus());
        int perPod = 1;
        for (int d = Math.min(GPUS_PER_NODE, g); d >= 1; d--) {
            if (g % d == 0) {
                perPod = d;
                break;
            }
        }
        return new PendingJob(job.id(), g / perPod, perPod, job.createdAt());
    }
}

package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Cases;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Look;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Prediction;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictor;
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
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Predicate;

/**
 * Score two: the simulator's workload mode. The trace's arrivals, sizes (pods of up to 8 GPUs) and run times
 * are replayed into the simulator's cluster model (its scheduler: priority then age, gangs all or none,
 * backfill) on {@code nodes} nodes of 8 GPUs, on a manual clock: simulated time costs nothing, so nothing
 * needs compressing. At each look of a job submitted after the warm-up (its submit, and the later looks while
 * it still waits), every predictor sees what the tool would read: the queue's jobs as the list shows them
 * then (created, started, finished, GPUs) and the nodes with their free GPUs (the inventory); each answer is
 * scored against the job's start in the replay.
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

    /** What a replay gave: every predictor's answers at every look, and the replay's own wait figures. */
    public record Result(Cases cases, int jobs, int waitedAMinute, long medianWaitSeconds, long p90WaitSeconds) {}

    /** A look due at {@code at}: job {@code job} of the trace at {@code look}. */
    private record Due(Instant at, int job, Look look) {}

    public Result run(List<Predictor> predictors, List<Look> looks) {
        Instant origin = trace.get(0).createdAt();
        Cluster cluster = cluster(origin);
        Map<String, Integer> gpusById = new HashMap<>();
        Map<String, List<Prediction>> answers = new HashMap<>();
        PriorityQueue<Due> due =
                new PriorityQueue<>(Comparator.comparing(Due::at).thenComparingInt(Due::job));
        Instant firstScored = origin.plus(warmUp);
        for (int i = 0; i < trace.size(); i++) {
            HistoryJob job = trace.get(i);
            if (!job.started() || !job.finished()) {
                continue;
            }
            lookUntil(job.createdAt(), due, cluster, gpusById, predictors, answers);
            advanceTo(cluster, job.createdAt());
            if (!job.createdAt().isBefore(firstScored)) {
                for (Look look : looks) {
                    due.add(new Due(job.createdAt().plus(look.after()), i, look));
                }
                // the submit look comes before the job is in the queue, like a pre-flight's
                lookUntil(job.createdAt(), due, cluster, gpusById, predictors, answers);
            }
            submit(cluster, job, gpusById);
        }
        lookUntil(Instant.MAX, due, cluster, gpusById, predictors, answers);
        cluster.advance(Duration.ofDays(400));
        return result(cluster, predictors, looks, answers);
    }

    /** Asks every predictor about every due look up to {@code until} whose job still waits then. */
    private void lookUntil(
            Instant until,
            PriorityQueue<Due> due,
            Cluster cluster,
            Map<String, Integer> gpusById,
            List<Predictor> predictors,
            Map<String, List<Prediction>> answers) {
        while (!due.isEmpty() && !due.peek().at().isAfter(until)) {
            Due d = due.poll();
            advanceTo(cluster, d.at());
            HistoryJob job = trace.get(d.job());
            boolean submitted = cluster.exists(job.id());
            if (submitted
                    && cluster.job(job.id()).map(v -> v.startedAt() != null).orElse(true)) {
                continue; // started before the look: no ETA is shown
            }
            PendingJob pending = pendingOf(job);
            QueueHistory seen = listed(cluster, gpusById, cluster.now());
            Capacity capacity = inventory(cluster, pending.gpusPerPod());
            List<Prediction> row = new ArrayList<>();
            for (Predictor p : predictors) {
                row.add(p.predict(seen, pending, capacity, cluster.now())
                        .plus(d.look().after()));
            }
            answers.put(key(job.id(), d.look()), row);
        }
    }

    private static String key(String job, Look look) {
        return job + "@" + look.name();
    }

    private static void advanceTo(Cluster cluster, Instant t) {
        Duration gap = Duration.between(cluster.now(), t);
        if (!gap.isNegative() && !gap.isZero()) {
            cluster.advance(gap);
        }
    }

    private static void submit(Cluster cluster, HistoryJob job, Map<String, Integer> gpusById) {
        PendingJob pending = pendingOf(job);
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < pending.pods(); i++) {
            pods.add(new Pod(job.id() + "-" + i, i == 0 ? "master" : "worker", new Resources(Map.of(GPU, (double)
                    pending.gpusPerPod()))));
        }
        gpusById.put(job.id(), pending.gpus());
        SchedulingQueue queue = cluster.queues().get(0);
        cluster.submit(SimJob.builder()
                .platform(PlatformKind.AIHC)
                .id(job.id())
                .name(job.id())
                .queue(queue)
                .pods(pods)
                .runTime(Duration.ofSeconds(Math.max(1, job.ran().toSeconds())))
                .quota("replay", false, pending.gpus()));
    }

    private Cluster cluster(Instant origin) {
        SimClock clock = new SimClock(origin, 0, () -> 0L);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            names.add(String.format("node-%04d", i));
        }
        SchedulingQueue queue = new SchedulingQueue("replay", "replay", names, Resources.NONE);
        return new Cluster(clock, () -> gpuNodes(names), List.of(queue), 1L);
    }

    /** Fresh, empty, schedulable nodes of {@value #GPUS_PER_NODE} GPUs each, one per name: a replay's cluster. */
    static List<Node> gpuNodes(List<String> names) {
        List<Node> list = new ArrayList<>();
        for (String n : names) {
            list.add(new Node(
                    n, Map.of(), List.of(), false, new Resources(Map.of(GPU, (double) GPUS_PER_NODE)), Resources.NONE));
        }
        return list;
    }

    /** The cases: every (job, look) answered, with the job's real wait in the replay, in look order. */
    private static Result result(
            Cluster cluster, List<Predictor> predictors, List<Look> looks, Map<String, List<Prediction>> answers) {
        Cases cases = new Cases(predictors.stream().map(Predictor::name).toList());
        List<Long> waits = new ArrayList<>();
        int minute = 0;
        List<JobView> views = cluster.jobs(j -> true);
        for (Look look : looks) {
            for (JobView v : views) {
                List<Prediction> row = answers.get(key(v.id(), look));
                if (v.startedAt() == null || row == null) {
                    continue;
                }
                long wait = Duration.between(v.createdAt(), v.startedAt()).toSeconds();
                if (!look.pendingAt(wait)) {
                    continue;
                }
                cases.add(new Cases.Case(look, v.id(), v.createdAt(), wait), row);
                if (look.after().isZero()) {
                    waits.add(wait);
                    minute += wait >= 60 ? 1 : 0;
                }
            }
        }
        waits.sort(Long::compare);
        return new Result(
                cases,
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
        return inventory(cluster, gpusPerPod, name -> true);
    }

    /** As {@link #inventory(Cluster, int)}, over the nodes whose names {@code counted} accepts (a queue's). */
    static Capacity inventory(Cluster cluster, int gpusPerPod, Predicate<String> counted) {
        int n = 0;
        long total = 0;
        long free = 0;
        long slots = 0;
        for (Node.NodeView v : cluster.nodes()) {
            if (!counted.test(v.name())) {
                continue;
            }
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

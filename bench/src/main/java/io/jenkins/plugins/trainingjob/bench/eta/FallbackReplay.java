package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaEstimator;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.TargetChoice;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
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
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * Figure 7, fallback (issue 25 item 6): the Philly trace replayed into the simulator's cluster model split
 * into three queues of equal size and different load (every trace job has a home queue: half of them go to
 * {@code busy}, 3 in 10 to {@code medium}, 2 in 10 to {@code light}). The same jobs run twice, side by side
 * in one run: without fallback (each waits in its home queue) and with it (the other two queues as fallback
 * targets). With fallback, a job's targets are judged at its submit as the CLI does it (a verdict from the
 * queue's inventory: fits now, fits later or never; for those that fit later the per-target ETA, {@link
 * EtaEstimator} over the queue's list and inventory as {@code QueueEtaSource} reads them), ordered by the real
 * {@link TargetChoice#plan} with {@link FallbackOrder#BEST}, and moved by {@code AttemptLoop}'s rule: a job
 * still waiting when its pending timeout passes is stopped and submitted to the next target, its time counted
 * from the first submit. Stops are instant here (no race); the replay is on a manual clock.
 */
public final class FallbackReplay {

    public static final List<String> QUEUES = List.of("busy", "medium", "light");
    /** Of every 10 trace jobs, how many have each queue as home. */
    static final int[] TENTHS = {5, 3, 2};

    private final List<HistoryJob> trace;
    private final int nodesPerQueue;
    private final Duration warmUp;
    private final Duration measured;
    private final Duration window;
    private final Duration pendingTimeout;

    /**
     * @param measured how long after the warm-up jobs are measured (and submitted with fallback); the trace is
     *     replayed up to its end, then drained
     */
    public FallbackReplay(
            List<HistoryJob> trace,
            int nodesPerQueue,
            Duration warmUp,
            Duration measured,
            Duration window,
            Duration pendingTimeout) {
        this.trace = new ArrayList<>();
        for (HistoryJob j : trace) {
            if (j.started() && j.finished()) {
                this.trace.add(j);
            }
        }
        this.trace.sort(Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        this.nodesPerQueue = nodesPerQueue;
        this.warmUp = warmUp;
        this.measured = measured;
        this.window = window;
        this.pendingTimeout = pendingTimeout;
    }

    /** One home queue's (or all) measured jobs, on one side. */
    public record Side(List<Long> secondsToRunning, int moves, int movedJobs, int elsewhereAtSubmit) {
        public double meanSeconds() {
            return secondsToRunning.stream()
                    .mapToLong(Long::longValue)
                    .average()
                    .orElse(0);
        }

        /** Jobs that waited at least a minute before running. */
        public long waitedAMinute() {
            return secondsToRunning.stream().filter(s -> s >= 60).count();
        }

        public long percentile(double p) {
            if (secondsToRunning.isEmpty()) {
                return 0;
            }
            List<Long> sorted = new ArrayList<>(secondsToRunning);
            sorted.sort(Long::compare);
            int i = (int) Math.min(sorted.size() - 1, Math.max(0, Math.ceil(p * sorted.size()) - 1));
            return sorted.get(i);
        }
    }

    /** @param queue a home queue, or {@code all} */
    public record Row(String queue, int jobs, Side without, Side with) {}

    public record Result(
            List<Row> rows, int nodesPerQueue, Instant from, Instant until, Duration pendingTimeout, double seconds) {}

    public Result run() {
        long t0 = System.nanoTime();
        Instant origin = trace.get(0).createdAt();
        Instant from = origin.plus(warmUp);
        Instant until = from.plus(measured);
        Map<String, String> home = new HashMap<>();
        for (int i = 0; i < trace.size(); i++) {
            home.put(trace.get(i).id(), homeOf(i));
        }
        Map<String, Attempts> without = new Side1(false, home, from, until).replay();
        Map<String, Attempts> with = new Side1(true, home, from, until).replay();
        List<Row> rows = new ArrayList<>();
        for (String q : QUEUES) {
            rows.add(row(q, without, with, home));
        }
        rows.add(row("all", without, with, home));
        return new Result(rows, nodesPerQueue, from, until, pendingTimeout, (System.nanoTime() - t0) / 1e9);
    }

    private static Row row(
            String queue, Map<String, Attempts> without, Map<String, Attempts> with, Map<String, String> home) {
        List<String> ids = new ArrayList<>();
        for (String id : without.keySet()) {
            if (queue.equals("all") || home.get(id).equals(queue)) {
                ids.add(id);
            }
        }
        return new Row(queue, ids.size(), side(ids, without, home), side(ids, with, home));
    }

    private static Side side(List<String> ids, Map<String, Attempts> attempts, Map<String, String> home) {
        List<Long> times = new ArrayList<>();
        int moves = 0;
        int moved = 0;
        int elsewhere = 0;
        for (String id : ids) {
            Attempts a = attempts.get(id);
            times.add(a.secondsToRunning);
            moves += a.moves;
            moved += a.moves > 0 ? 1 : 0;
            elsewhere += a.order.get(0).equals(home.get(id)) ? 0 : 1;
        }
        return new Side(times, moves, moved, elsewhere);
    }

    /** Home queues in a fixed, interleaved pattern: 10 jobs in a row split 5/3/2 whatever their order. */
    static String homeOf(int index) {
        int k = index % 10;
        return k < TENTHS[0] ? QUEUES.get(0) : k < TENTHS[0] + TENTHS[1] ? QUEUES.get(1) : QUEUES.get(2);
    }

    /** One submit's attempts: its targets in order, the attempt now alive, and when it finally ran. */
    private static final class Attempts {
        final HistoryJob job;
        final PendingJob pending;
        final List<String> order;
        int index;
        String currentId;
        int moves;
        long secondsToRunning = -1;

        Attempts(HistoryJob job, PendingJob pending, List<String> order) {
            this.job = job;
            this.pending = pending;
            this.order = order;
            this.currentId = job.id();
        }
    }

    private record Deadline(Instant at, Attempts attempts) {}

    /** One side's replay. */
    private final class Side1 {
        private final boolean fallback;
        private final Map<String, String> home;
        private final Instant from;
        private final Instant until;
        private final Map<String, Integer> gpusById = new HashMap<>();
        private final Map<String, List<String>> nodesOf = new LinkedHashMap<>();
        private final Cluster cluster;
        private final PriorityQueue<Deadline> deadlines = new PriorityQueue<>(Comparator.comparing(Deadline::at)
                .thenComparing(d -> d.attempts().job.id()));

        Side1(boolean fallback, Map<String, String> home, Instant from, Instant until) {
            this.fallback = fallback;
            this.home = home;
            this.from = from;
            this.until = until;
            SimClock clock = new SimClock(trace.get(0).createdAt(), 0, () -> 0L);
            List<SchedulingQueue> queues = new ArrayList<>();
            List<String> all = new ArrayList<>();
            for (String q : QUEUES) {
                List<String> names = new ArrayList<>();
                for (int i = 0; i < nodesPerQueue; i++) {
                    names.add(String.format("%s-%03d", q, i));
                }
                nodesOf.put(q, names);
                all.addAll(names);
                queues.add(new SchedulingQueue(q, q, names, Resources.NONE));
            }
            this.cluster = new Cluster(clock, () -> WorkloadReplay.gpuNodes(all), queues, 1L);
        }

        Map<String, Attempts> replay() {
            Map<String, Attempts> measuredJobs = new LinkedHashMap<>();
            for (HistoryJob job : trace) {
                if (!job.createdAt().isBefore(until)) {
                    // A subset: later jobs are not replayed, so the last measured ones see a little less
                    // competition than the whole trace would give them (on both sides alike).
                    break;
                }
                advanceTo(job.createdAt());
                PendingJob pending = WorkloadReplay.pendingOf(job);
                boolean measure = !job.createdAt().isBefore(from);
                String homeQueue = home.get(job.id());
                List<String> order = fallback && measure ? choose(homeQueue, pending) : List.of(homeQueue);
                Attempts a = new Attempts(job, pending, order);
                submit(a, a.order.get(0), job.id());
                if (a.order.size() > 1) {
                    deadlines.add(new Deadline(cluster.now().plus(pendingTimeout), a));
                }
                if (measure) {
                    measuredJobs.put(job.id(), a);
                }
            }
            while (!deadlines.isEmpty()) {
                advanceTo(deadlines.peek().at());
            }
            cluster.advance(Duration.ofDays(400));
            Map<String, JobView> views = new HashMap<>();
            for (JobView v : cluster.jobs(j -> true)) {
                views.put(v.id(), v);
            }
            for (Attempts a : measuredJobs.values()) {
                JobView v = views.get(a.currentId);
                a.secondsToRunning = v.startedAt() == null
                        ? Long.MAX_VALUE
                        : Duration.between(a.job.createdAt(), v.startedAt()).toSeconds();
            }
            return measuredJobs;
        }

        /** Moves the clock to {@code t}, acting on every pending timeout that passes on the way, in order. */
        private void advanceTo(Instant t) {
            while (!deadlines.isEmpty() && !deadlines.peek().at().isAfter(t)) {
                Deadline d = deadlines.poll();
                step(d.at());
                Attempts a = d.attempts();
                JobView v = cluster.job(a.currentId).orElseThrow();
                if (v.state() != JobState.QUEUED) {
                    continue; // it started (or ended): nothing moves
                }
                // AttemptLoop.movesOn: still pending after the pending timeout; stop (instant here), then the next.
                cluster.stop(a.currentId, Duration.ZERO);
                a.index++;
                a.moves++;
                String id = a.job.id() + "-a" + (a.index + 1);
                submit(a, a.order.get(a.index), id);
                if (a.index + 1 < a.order.size()) {
                    deadlines.add(new Deadline(cluster.now().plus(pendingTimeout), a));
                }
            }
            step(t);
        }

        private void step(Instant t) {
            Duration gap = Duration.between(cluster.now(), t);
            if (!gap.isNegative() && !gap.isZero()) {
                cluster.advance(gap);
            }
        }

        private void submit(Attempts a, String queue, String id) {
            PendingJob p = a.pending;
            List<Pod> pods = new ArrayList<>();
            for (int i = 0; i < p.pods(); i++) {
                pods.add(new Pod(
                        id + "-" + i, i == 0 ? "master" : "worker", new Resources(Map.of(WorkloadReplay.GPU, (double)
                                p.gpusPerPod()))));
            }
            gpusById.put(id, p.gpus());
            a.currentId = id;
            cluster.submit(SimJob.builder()
                    .platform(PlatformKind.AIHC)
                    .id(id)
                    .name(id)
                    .queue(cluster.queue(queue).orElseThrow())
                    .pods(pods)
                    .runTime(Duration.ofSeconds(Math.max(1, a.job.ran().toSeconds())))
                    .quota("replay", false, p.gpus()));
        }

        /** The home queue first, then the other two: judged and ordered as the CLI's choice does it. */
        private List<String> choose(String homeQueue, PendingJob pending) {
            List<String> given = new ArrayList<>();
            given.add(homeQueue);
            QUEUES.stream().filter(q -> !q.equals(homeQueue)).forEach(given::add);
            Instant now = cluster.now();
            List<TargetChoice.Judged> judged = new ArrayList<>();
            for (int i = 0; i < given.size(); i++) {
                String q = given.get(i);
                Capacity capacity = capacity(q, pending.gpusPerPod());
                Verdict verdict = capacity.freeSlots() >= pending.pods()
                        ? Verdict.FITS_NOW
                        : (long) capacity.nodes() * (WorkloadReplay.GPUS_PER_NODE / Math.max(1, pending.gpusPerPod()))
                                        >= pending.pods()
                                ? Verdict.FITS_LATER
                                : Verdict.NEVER_FITS;
                Optional<Duration> p50 = Optional.empty();
                if (verdict == Verdict.FITS_LATER) {
                    Eta eta = EtaEstimator.estimate(listed(q, now), pending, capacity, verdict, now);
                    p50 = eta.known() ? Optional.of(eta.p50()) : Optional.empty();
                }
                judged.add(new TargetChoice.Judged(
                        new BoundTarget(i + 1, "queue=" + q, null, null, q),
                        DiagnosisReport.builder(new JobRef(PlatformKind.AIHC, "", pending.id()), verdict)
                                .build(),
                        p50,
                        ""));
            }
            TargetChoice.Plan plan = TargetChoice.plan(judged, true, FallbackOrder.BEST, "");
            return plan.order().stream().map(j -> j.candidate().connectionId()).toList();
        }

        /** The queue's jobs as its list shows them (HistoryReader's rules: a job stopped while waiting is left out). */
        private QueueHistory listed(String queue, Instant now) {
            Instant start = now.minus(window);
            List<HistoryJob> jobs = new ArrayList<>();
            for (JobView v : cluster.jobs(j -> j.queue().name().equals(queue))) {
                if (v.startedAt() == null && v.state().isTerminal()) {
                    continue;
                }
                HistoryJob h = new HistoryJob(
                        v.id(), gpusById.getOrDefault(v.id(), 0), v.createdAt(), v.startedAt(), v.finishedAt());
                if (!h.finished() || !h.finishedAt().isBefore(start)) {
                    jobs.add(h);
                }
            }
            return new QueueHistory(queue, now, window, jobs, false);
        }

        /** What the queue's inventory shows for pods of this size. */
        private Capacity capacity(String queue, int gpusPerPod) {
            return WorkloadReplay.inventory(cluster, gpusPerPod, nodesOf.get(queue)::contains);
        }
    }
}

package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The estimate for one pending job: a pure, deterministic function of the queue's history, the job, the
 * capacity that can hold its pods and the instant.
 *
 * <p>How: first the state the job faces now, in the history's own terms: the jobs waiting ahead of it and
 * the GPUs they need, the running jobs and, for each, its remaining time given how long it has already run
 * (the run-time distribution of its size past its elapsed time), and from those the time until enough GPUs
 * free up for the jobs ahead and it ({@code blocking}; zero when the free pod slots already hold the
 * gang and nothing waits ahead). Then the same state for every past submission of the window, and the range
 * is the p10/p50/p90 of the real waits of the {@value #NEIGHBOURS} past submissions whose state was most
 * like this one (blocking time, jobs ahead, size), each scaled by how much longer or shorter this job's
 * blocking time is than that submission's was. The physical reading ranks and scales the evidence; the
 * real waits give the range its width, so the range is as wide as the queue has actually been uncertain.
 */
public final class EtaEstimator {

    /** Fewer finished jobs than this in the window: no estimate. */
    public static final int MIN_FINISHED = 20;

    static final int NEIGHBOURS = 40;
    static final int MIN_CONDITIONED = 10;
    /**
     * The most recent submissions that are evidence: enough for any queue's week, and what keeps one
     * estimate on a queue of 10,000 jobs well under 100 ms.
     */
    static final int MAX_EVIDENCE = 2_000;

    /**
     * How similar states are weighed, and how far a neighbour's real wait is scaled by the ratio of this
     * job's blocking time to the neighbour's ({@code rescale}: 0 = taken as is, 1 = in proportion, each
     * plus 10 min so that a free queue does not scale by zero). The defaults are the calibrated ones
     * (docs/benchmarks.md, figure 6).
     */
    record Tuning(int neighbours, double blockingWeight, double aheadWeight, double classPenalty, double rescale) {
        static final Tuning DEFAULT = new Tuning(NEIGHBOURS, 1.0, 0.5, 0.3, 1.0);

        /** "neighbours,blockingWeight,aheadWeight,classPenalty,rescale", for tuning runs. */
        static Tuning parse(String s) {
            String[] f = s.split(",");
            return new Tuning(
                    Integer.parseInt(f[0]),
                    Double.parseDouble(f[1]),
                    Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]),
                    Double.parseDouble(f[4]));
        }
    }

    private EtaEstimator() {}

    /** The estimate, or why there is none ({@code verdict} may be {@code null}: no diagnosis yet). */
    public static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Verdict verdict, Instant now) {
        if (verdict == Verdict.NEEDS_ADMIN) {
            return Eta.needsAdmin();
        }
        return estimate(history, job, capacity, now);
    }

    public static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
        return estimate(history, job, capacity, now, Tuning.DEFAULT);
    }

    static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Instant now, Tuning tuning) {
        List<HistoryJob> jobs = history.jobs();
        Instant from = now.minus(history.window());
        int startedInWindow = 0;
        for (HistoryJob j : jobs) {
            if (j.started() && !j.createdAt().isBefore(from) && !j.id().equals(job.id())) {
                startedInWindow++;
            }
        }
        if (history.finishedCount() < MIN_FINISHED || startedInWindow < MIN_FINISHED) {
            return Eta.noBasis(history.finishedCount(), history.window());
        }
        long totalGpus = capacity.known() ? capacity.totalGpus() : history.peakGpusInUse();

        // The state this job faces now.
        SubmitStates.RunTimes runTimes = new SubmitStates.RunTimes(history);
        int ahead = 0;
        long gpusAhead = 0;
        long used = 0;
        List<HistoryJob> running = new ArrayList<>();
        for (HistoryJob j : jobs) {
            if (j.id().equals(job.id())) {
                continue;
            }
            if (!j.started() && j.createdAt().isBefore(job.createdAt())) {
                ahead++;
                gpusAhead += j.gpus();
            } else if (j.started() && !j.finished()) {
                running.add(j);
                used += j.gpus();
            }
        }
        long free = capacity.known() ? capacity.freeGpus() : Math.max(0, totalGpus - used);
        boolean gangFits = !capacity.known() || capacity.freeSlots() >= job.pods();
        long need = gpusAhead + job.gpus();
        long blocking = 0;
        long[] remaining = new long[running.size()];
        int[] index = new int[running.size()];
        for (int k = 0; k < remaining.length; k++) {
            remaining[k] = runTimes.remaining(running.get(k), now, 0.5);
            index[k] = k;
        }
        if (need > free || !gangFits) {
            long deficit = Math.max(need - free, gangFits ? 1 : (long) job.gpusPerPod());
            blocking = SubmitStates.releaseTime(remaining, index, running, remaining.length, deficit);
        }

        // The soonest the running jobs allow, for this job alone (a backfilling scheduler may start it before the
        // jobs ahead): what an early end of the wait needs besides the range (Eta#provablyPast).
        long soonest = 0;
        long aloneDeficit = job.gpus() - free;
        if (aloneDeficit > 0 || !gangFits) {
            long[] early = new long[running.size()];
            for (int k = 0; k < early.length; k++) {
                early[k] = runTimes.remaining(running.get(k), now, 0.1);
            }
            soonest = SubmitStates.releaseTime(
                    early, index, running, early.length, Math.max(aloneDeficit, gangFits ? 1 : job.gpusPerPod()));
        }

        // The past submissions most like it, and what they really waited.
        SubmitStates past = SubmitStates.of(history, totalGpus, MAX_EVIDENCE);
        long elapsed = Math.max(0, Duration.between(job.createdAt(), now).toSeconds());
        List<Integer> candidates = new ArrayList<>();
        List<Integer> conditioned = new ArrayList<>();
        for (int i = Math.max(0, jobs.size() - MAX_EVIDENCE); i < jobs.size(); i++) {
            HistoryJob j = jobs.get(i);
            if (j.started() && !j.createdAt().isBefore(from) && !j.id().equals(job.id())) {
                candidates.add(i);
                if (j.waited().toSeconds() > elapsed) {
                    conditioned.add(i);
                }
            }
        }
        // Once the job has waited, only the waits longer than that are evidence for the rest of its wait.
        List<Integer> pool = elapsed > 0 && conditioned.size() >= MIN_CONDITIONED ? conditioned : candidates;
        double x = Math.log1p(blocking / 60.0);
        double a = Math.log1p(ahead);
        SizeClass size = SizeClass.of(job.gpus());
        double[] distance = new double[pool.size()];
        Integer[] order = new Integer[pool.size()];
        for (int k = 0; k < distance.length; k++) {
            int i = pool.get(k);
            HistoryJob j = jobs.get(i);
            distance[k] = tuning.blockingWeight() * Math.abs(Math.log1p(past.blocking[i] / 60.0) - x)
                    + tuning.aheadWeight() * Math.abs(Math.log1p(past.jobsAhead[i]) - a)
                    + (j.sizeClass() == size ? 0 : tuning.classPenalty());
            order[k] = k;
        }
        // Ties go to the most recent submission: the queue changes, recent evidence is better evidence.
        Arrays.sort(order, (p, q) -> {
            int nearer = Double.compare(distance[p], distance[q]);
            return nearer != 0 ? nearer : Integer.compare(pool.get(q), pool.get(p));
        });
        int k = Math.min(tuning.neighbours(), order.length);
        long[] waits = new long[k];
        for (int m = 0; m < k; m++) {
            int i = pool.get(order[m]);
            long w = jobs.get(i).waited().toSeconds();
            if (tuning.rescale() > 0) {
                w = Math.round(w * Math.pow((blocking + 600.0) / (past.blocking[i] + 600.0), tuning.rescale()));
            }
            waits[m] = Math.max(0, w - (pool == conditioned ? elapsed : 0));
        }
        Distribution d = Distribution.of(waits);
        return Eta.estimate(
                Duration.ofSeconds(d.quantile(0.1)),
                Duration.ofSeconds(d.quantile(0.5)),
                Duration.ofSeconds(d.quantile(0.9)),
                ahead,
                gpusAhead,
                basis(history, capacity, totalGpus, free, running.size(), used, blocking, k, candidates.size()),
                Duration.ofSeconds(soonest));
    }

    private static String basis(
            QueueHistory history,
            Capacity capacity,
            long totalGpus,
            long free,
            int running,
            long used,
            long blocking,
            int neighbours,
            int submissions) {
        String window = DurationWords.compact(history.window());
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "the real waits of the %d of %d submissions in %s that faced the most"
                        + " similar queue; %d running jobs hold %d GPUs",
                neighbours,
                submissions,
                window,
                running,
                used));
        if (blocking > 0) {
            b.append("; enough of them to fit it are expected to end in ")
                    .append(DurationWords.compact(Duration.ofSeconds(blocking)))
                    .append(" (median remaining run time given how long each ran)");
        } else {
            b.append("; the free capacity holds it and nothing waits ahead");
        }
        if (capacity.known()) {
            b.append(String.format(
                    Locale.ROOT,
                    "; %d nodes can hold its pods (%d GPUs, %d free)",
                    capacity.nodes(),
                    capacity.totalGpus(),
                    capacity.freeGpus()));
        } else {
            b.append(String.format(
                    Locale.ROOT,
                    "; no node list: capacity taken as the most GPUs in use at once" + " in %s (%d, %d free)",
                    window,
                    totalGpus,
                    free));
        }
        if (!history.scopeNote().isEmpty()) {
            b.append("; ").append(history.scopeNote());
        }
        if (history.truncated()) {
            b.append("; the history read stopped at its bound before the window's start");
        }
        return b.toString();
    }
}

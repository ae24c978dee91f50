package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.Distribution;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaEstimator;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.eta.SizeClass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Our estimator and five peers, each fed exactly what the history shows at the look: the three naive ones
 * of figure 6's first round (a point from the queue position or Slurm's worst case, the last 100 waits'
 * quantiles), and two that read the queue as a survival problem (issue 34): QBETS-style class quantiles
 * conditioned on the time already waited, and Kaplan-Meier class quantiles with the jobs still waiting
 * censored. {@link #windowBaseRate} states only the chance of waiting more than a poll, for the Brier score.
 */
public final class Predictors {

    /** The peers' class evidence: at least this many waits in the class, else every size. */
    static final int MIN_CLASS = 20;
    /** Conditioning on the time waited needs at least this many longer waits, else the class's as they are. */
    static final int MIN_CONDITIONED = 10;

    private Predictors() {}

    /** Ours first, then the peers: the order of every table. */
    public static List<Predictor> all() {
        return List.of(
                ours(),
                queuePositionTimesMeanRun(),
                longestObservedRun(),
                lastHundredWaitsOfSameSize(),
                qbetsClassQuantiles(),
                kaplanMeierClassQuantiles());
    }

    /** {@link EtaEstimator} as the tool runs it. */
    public static Predictor ours() {
        return Predictor.named("ours (EtaEstimator)", (history, job, capacity, now) -> {
            Eta eta = EtaEstimator.estimate(history, job, capacity, now);
            return eta.known()
                    ? new Prediction(
                            eta.p10().toSeconds(),
                            eta.p50().toSeconds(),
                            eta.p90().toSeconds(),
                            eta.waitsOverPoll() == null ? Double.NaN : eta.waitsOverPoll())
                    : Prediction.NONE;
        });
    }

    /** Kueue's design discussions: the jobs ahead times the mean run time. */
    public static Predictor queuePositionTimesMeanRun() {
        return Predictor.named("queue position x mean run time", (history, job, capacity, now) -> {
            if (history.runs().isEmpty()) {
                return Prediction.NONE;
            }
            int ahead = 0;
            for (HistoryJob j : history.jobs()) {
                if (!j.started() && j.createdAt().isBefore(job.createdAt()) && !j.id().equals(job.id())) {
                    ahead++;
                }
            }
            return Prediction.point(Math.round(ahead * history.runs().mean()));
        });
    }

    /**
     * Slurm's {@code squeue --start} style: every running job runs its longest observed time; the job
     * starts when that frees enough GPUs for it and the jobs ahead.
     */
    public static Predictor longestObservedRun() {
        return Predictor.named("every running job runs its longest observed time", (history, job, capacity, now) -> {
            if (history.runs().isEmpty()) {
                return Prediction.NONE;
            }
            long longest = history.runs().max();
            long total = capacity.known() ? capacity.totalGpus() : history.peakGpusInUse();
            long used = 0;
            long need = job.gpus();
            List<long[]> ends = new ArrayList<>();
            for (HistoryJob j : history.jobs()) {
                if (j.id().equals(job.id())) {
                    continue;
                }
                if (!j.started() && j.createdAt().isBefore(job.createdAt())) {
                    need += j.gpus();
                } else if (j.started() && !j.finished()) {
                    used += j.gpus();
                    long elapsed = now.getEpochSecond() - j.startedAt().getEpochSecond();
                    ends.add(new long[] {Math.max(0, longest - elapsed), j.gpus()});
                }
            }
            long free = capacity.known() ? capacity.freeGpus() : Math.max(0, total - used);
            if (need <= free) {
                return Prediction.point(0);
            }
            ends.sort(Comparator.comparingLong(e -> e[0]));
            long freed = free;
            long t = 0;
            for (long[] e : ends) {
                t = e[0];
                freed += e[1];
                if (freed >= need) {
                    break;
                }
            }
            return Prediction.point(t);
        });
    }

    /** History alone: p10/p50/p90 of the last 100 known waits of jobs of the same size class. */
    public static Predictor lastHundredWaitsOfSameSize() {
        return Predictor.named("p10/p50/p90 of the last 100 waits of the same size", (history, job, capacity, now) -> {
            SizeClass size = SizeClass.of(job.gpus());
            List<HistoryJob> same = new ArrayList<>();
            for (HistoryJob j : history.jobs()) {
                if (j.started() && j.sizeClass() == size && !j.id().equals(job.id())) {
                    same.add(j);
                }
            }
            if (same.isEmpty()) {
                return Prediction.NONE;
            }
            same.sort(Comparator.comparing(HistoryJob::startedAt));
            List<HistoryJob> last = same.subList(Math.max(0, same.size() - 100), same.size());
            long[] waits = last.stream().mapToLong(j -> j.waited().toSeconds()).toArray();
            Distribution d = Distribution.of(waits);
            return new Prediction(d.quantile(0.1), d.quantile(0.5), d.quantile(0.9));
        });
    }

    /**
     * QBETS-style (Nurmi, Brevik and Wolski, JSSPP 2007, without its confidence bounds and change points):
     * the p10/p50/p90 of the real waits of the same size class among the window's jobs that had started
     * (every size when the class has fewer than {@value #MIN_CLASS}); once the job has waited, only the waits
     * longer than that, minus it, when there are {@value #MIN_CONDITIONED} or more. As the independent review
     * defined it.
     */
    public static Predictor qbetsClassQuantiles() {
        return Predictor.named("QBETS-style class quantiles, 7-day window", (history, job, capacity, now) -> {
            long elapsed = Math.max(0, now.getEpochSecond() - job.createdAt().getEpochSecond());
            List<Long> waits = new ArrayList<>();
            List<Long> longer = new ArrayList<>();
            for (HistoryJob j : classEvidence(history, job, now)) {
                if (j.started()) {
                    long w = j.waited().toSeconds();
                    waits.add(w);
                    if (w > elapsed) {
                        longer.add(w - elapsed);
                    }
                }
            }
            if (waits.size() < MIN_CLASS) {
                return Prediction.NONE;
            }
            List<Long> use = elapsed > 0 && longer.size() >= MIN_CONDITIONED ? longer : waits;
            Distribution d =
                    Distribution.of(use.stream().mapToLong(Long::longValue).toArray());
            return new Prediction(d.quantile(0.1), d.quantile(0.5), d.quantile(0.9));
        });
    }

    /**
     * Kaplan-Meier class quantiles: the same class evidence, with the jobs still waiting counted as
     * right-censored at the time they have waited so far, conditioned on the time this job has waited (the
     * evidence that had waited longer, when {@value #MIN_CONDITIONED} or more of it started). Quantiles the
     * estimate never reaches (too much still waits) are the longest time seen.
     */
    public static Predictor kaplanMeierClassQuantiles() {
        return Predictor.named("Kaplan-Meier class quantiles (waiting = censored)", (history, job, capacity, now) -> {
            long elapsed = Math.max(0, now.getEpochSecond() - job.createdAt().getEpochSecond());
            List<long[]> all = new ArrayList<>();
            List<long[]> longer = new ArrayList<>();
            int started = 0;
            int startedLonger = 0;
            for (HistoryJob j : classEvidence(history, job, now)) {
                long t = (j.started() ? j.startedAt() : now).getEpochSecond()
                        - j.createdAt().getEpochSecond();
                all.add(new long[] {t, j.started() ? 1 : 0});
                started += j.started() ? 1 : 0;
                if (t > elapsed) {
                    longer.add(new long[] {t - elapsed, j.started() ? 1 : 0});
                    startedLonger += j.started() ? 1 : 0;
                }
            }
            if (started < MIN_CLASS) {
                return Prediction.NONE;
            }
            List<long[]> use = elapsed > 0 && startedLonger >= MIN_CONDITIONED ? longer : all;
            return kaplanMeier(use);
        });
    }

    /**
     * The chance of waiting more than a poll as the base rate of the window: the share of the window's
     * started jobs (every size) that waited longer than 30 s. No range: it is only a reference for the Brier
     * score.
     */
    public static Predictor windowBaseRate() {
        return Predictor.named("base rate of the window", (history, job, capacity, now) -> {
            Instant from = now.minus(history.window());
            int n = 0;
            int waited = 0;
            for (HistoryJob j : history.jobs()) {
                if (j.started() && !j.createdAt().isBefore(from) && !j.id().equals(job.id())) {
                    n++;
                    waited += j.waited().toSeconds() > Score.LOG_FLOOR_SECONDS ? 1 : 0;
                }
            }
            return n == 0 ? Prediction.NONE : new Prediction(0, 0, 0, waited / (double) n);
        });
    }

    /** The window's jobs of the job's size class, or of every size when fewer than MIN_CLASS of the class started. */
    static List<HistoryJob> classEvidence(QueueHistory history, PendingJob job, Instant now) {
        Instant from = now.minus(history.window());
        SizeClass size = SizeClass.of(job.gpus());
        List<HistoryJob> same = new ArrayList<>();
        List<HistoryJob> every = new ArrayList<>();
        int sameStarted = 0;
        for (HistoryJob j : history.jobs()) {
            if (j.createdAt().isBefore(from) || j.createdAt().isAfter(now) || j.id().equals(job.id())) {
                continue;
            }
            every.add(j);
            if (j.sizeClass() == size) {
                same.add(j);
                sameStarted += j.started() ? 1 : 0;
            }
        }
        return sameStarted >= MIN_CLASS ? same : every;
    }

    /** p10/p50/p90 of the Kaplan-Meier estimate of {time, started} pairs (unweighted). */
    static Prediction kaplanMeier(List<long[]> observations) {
        List<long[]> sorted = new ArrayList<>(observations);
        // by time; a start before a censoring at the same time
        sorted.sort(Comparator.<long[]>comparingLong(o -> o[0]).thenComparingLong(o -> -o[1]));
        double[] levels = {0.1, 0.5, 0.9};
        long[] q = new long[3];
        int k = 0;
        double survival = 1;
        int atRisk = sorted.size();
        long longest = sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1)[0];
        for (long[] o : sorted) {
            if (o[1] == 1) {
                survival *= 1 - 1.0 / atRisk;
                while (k < 3 && 1 - survival >= levels[k] - 1e-12) {
                    q[k++] = o[0];
                }
            }
            atRisk--;
        }
        for (; k < 3; k++) {
            q[k] = longest;
        }
        return new Prediction(q[0], q[1], q[2]);
    }
}

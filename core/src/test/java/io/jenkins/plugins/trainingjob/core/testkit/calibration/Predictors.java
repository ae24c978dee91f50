package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
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
 * Our estimator and the three naive peers the issue names, each fed exactly what the history shows at the
 * job's submit. The peers give what their systems give: a point (queue position, Slurm's worst case) or
 * the recent waits' own quantiles.
 */
public final class Predictors {

    private Predictors() {}

    public static List<Predictor> all() {
        return List.of(ours(), queuePositionTimesMeanRun(), longestObservedRun(), lastHundredWaitsOfSameSize());
    }

    /** {@link EtaEstimator} as the tool runs it. */
    public static Predictor ours() {
        return new Predictor() {
            @Override
            public String name() {
                return "ours (EtaEstimator)";
            }

            @Override
            public Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
                Eta eta = EtaEstimator.estimate(history, job, capacity, now);
                return eta.known()
                        ? new Prediction(
                                eta.p10().toSeconds(),
                                eta.p50().toSeconds(),
                                eta.p90().toSeconds())
                        : Prediction.NONE;
            }
        };
    }

    /** Kueue's design discussions: the jobs ahead times the mean run time. */
    public static Predictor queuePositionTimesMeanRun() {
        return new Predictor() {
            @Override
            public String name() {
                return "queue position x mean run time";
            }

            @Override
            public Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
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
            }
        };
    }

    /**
     * Slurm's {@code squeue --start} style: every running job runs its longest observed time; the job
     * starts when that frees enough GPUs for it and the jobs ahead.
     */
    public static Predictor longestObservedRun() {
        return new Predictor() {
            @Override
            public String name() {
                return "every running job runs its longest observed time";
            }

            @Override
            public Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
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
            }
        };
    }

    /** History alone: p10/p50/p90 of the last 100 known waits of jobs of the same size class. */
    public static Predictor lastHundredWaitsOfSameSize() {
        return new Predictor() {
            @Override
            public String name() {
                return "p10/p50/p90 of the last 100 waits of the same size";
            }

            @Override
            public Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
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
                long[] waits =
                        last.stream().mapToLong(j -> j.waited().toSeconds()).toArray();
                Distribution d = Distribution.of(waits);
                return new Prediction(d.quantile(0.1), d.quantile(0.5), d.quantile(0.9));
            }
        };
    }
}

package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Score one: the trace alone. Walks the jobs in submit order; for each job submitted after the warm-up and
 * each look at which it is still pending ({@link Look#pendingAt}), every predictor sees the queue as the
 * trace shows it at that instant (starts and ends after it unknown: {@link HistoryJob#seenAt}) over the
 * window, and its answer, counted from the submit, is kept beside the job's real wait. The cluster's size
 * is not in the trace, so capacity is unknown to every predictor alike.
 */
public final class TraceWalk {

    private final List<HistoryJob> jobs;
    private final Duration warmUp;
    private final Duration window;

    public TraceWalk(List<HistoryJob> jobs, Duration warmUp, Duration window) {
        this.jobs = new ArrayList<>(jobs);
        this.jobs.sort(Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        this.warmUp = warmUp;
        this.window = window;
    }

    /** Every predictor's answers at every look, for the jobs that started (the real wait is known). */
    public Cases run(List<Predictor> predictors, List<Look> looks) {
        Cases out = new Cases(predictors.stream().map(Predictor::name).toList());
        if (jobs.isEmpty()) {
            return out;
        }
        Instant firstScored = jobs.get(0).createdAt().plus(warmUp);
        for (Look look : looks) {
            for (HistoryJob job : jobs) {
                if (job.createdAt().isBefore(firstScored) || !job.started()) {
                    continue;
                }
                long real = job.waited().toSeconds();
                if (!look.pendingAt(real)) {
                    continue;
                }
                Instant t = job.createdAt().plus(look.after());
                QueueHistory seen = seenAt(t, job.id());
                PendingJob pending = pendingOf(job);
                List<Prediction> row = new ArrayList<>();
                for (Predictor p : predictors) {
                    row.add(p.predict(seen, pending, Capacity.unknown(), t).plus(look.after()));
                }
                out.add(new Cases.Case(look, job.id(), job.createdAt(), real), row);
            }
        }
        return out;
    }

    /** Jobs as they would be listed at {@code t}: created before it, the job itself left out. */
    QueueHistory seenAt(Instant t, String self) {
        Instant from = t.minus(window);
        List<HistoryJob> visible = new ArrayList<>();
        for (HistoryJob j : jobs) {
            if (j.createdAt().isAfter(t)) {
                break;
            }
            if (j.id().equals(self)) {
                continue;
            }
            HistoryJob s = j.seenAt(t);
            if (!s.finished()
                    || !s.finishedAt().isBefore(from)
                    || !s.createdAt().isBefore(from)) {
                visible.add(s);
            }
        }
        return new QueueHistory("philly", t, window, visible, false);
    }

    /** A trace job as a gang: pods of up to 8 GPUs, the size of the trace's hosts. */
    public static PendingJob pendingOf(HistoryJob job) {
        int perPod = Math.min(8, Math.max(1, job.gpus()));
        int pods = (job.gpus() + perPod - 1) / perPod;
        return new PendingJob(job.id(), pods, perPod, job.createdAt());
    }
}

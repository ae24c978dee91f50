package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Score one: the trace alone. Walks the jobs in submit order; at each submission after the warm-up, every
 * predictor sees the queue as the trace shows it at that instant (starts and ends after it unknown: {@link
 * HistoryJob#seenAt}) over the default 7-day window, and its answer is scored against the job's real first
 * start. The cluster's size is not in the trace, so capacity is unknown to every predictor alike.
 */
public final class TraceWalk {

    private final List<HistoryJob> jobs;
    private final Duration warmUp;
    private final Duration window;
    private final Duration firstLook;

    public TraceWalk(List<HistoryJob> jobs, Duration warmUp, Duration window) {
        this(jobs, warmUp, window, Duration.ZERO);
    }

    /**
     * @param firstLook when the predictors look: {@code 0} at the submit itself; else that long after it, as
     *     the tool's first poll of a job that is still pending (a job started by then is shown no ETA and is
     *     not scored; the scores count only waits of a minute or more anyway)
     */
    public TraceWalk(List<HistoryJob> jobs, Duration warmUp, Duration window, Duration firstLook) {
        this.firstLook = firstLook;
        this.jobs = new ArrayList<>(jobs);
        this.jobs.sort(Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        this.warmUp = warmUp;
        this.window = window;
    }

    /** The scores by predictor name, in the order given. */
    public Map<String, Score> run(List<Predictor> predictors) {
        Map<String, Score> scores = new LinkedHashMap<>();
        for (Predictor p : predictors) {
            scores.put(p.name(), new Score(p.name()));
        }
        if (jobs.isEmpty()) {
            return scores;
        }
        Instant firstScored = jobs.get(0).createdAt().plus(warmUp);
        for (HistoryJob job : jobs) {
            if (job.createdAt().isBefore(firstScored) || !job.started()) {
                continue;
            }
            if (job.waited().compareTo(firstLook) <= 0 && !firstLook.isZero()) {
                continue;
            }
            Instant t = job.createdAt().plus(firstLook);
            QueueHistory seen = seenAt(t, job.id());
            PendingJob pending = pendingOf(job);
            long real = job.waited().toSeconds();
            for (Predictor p : predictors) {
                scores.get(p.name())
                        .add(p.predict(seen, pending, Capacity.unknown(), t).plus(firstLook), real);
            }
        }
        return scores;
    }

    /** Jobs as they would be listed at {@code t}: created before it, the job itself and later ones left out. */
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

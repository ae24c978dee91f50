package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The soonest start the jobs running now allow for one job alone: each running job ends early (at the 10th
 * percentile of its size's run times past what it has run), a scheduler that backfills starts the job
 * before the jobs ahead, and the job starts when enough GPUs (and, for a gang, pod slots) are free. Past waits
 * give the range; this bound comes from the present, so an early end of a wait needs both
 * ({@link Eta#provablyPast}).
 */
final class SoonestStart {

    static final int MIN_CLASS_RUNS = 20;
    static final double EARLY = 0.1;

    private SoonestStart() {}

    /** Seconds from {@code now}; zero when the free capacity holds the job now. */
    static long of(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
        List<HistoryJob> running = new ArrayList<>();
        long used = 0;
        for (HistoryJob j : history.jobs()) {
            if (j.started() && !j.finished() && !j.id().equals(job.id())) {
                running.add(j);
                used += j.gpus();
            }
        }
        long total = capacity.known() ? capacity.totalGpus() : history.peakGpusInUse();
        long free = capacity.known() ? capacity.freeGpus() : Math.max(0, total - used);
        boolean gangFits = !capacity.known() || capacity.freeSlots() >= job.pods();
        long deficit = job.gpus() - free;
        if (deficit <= 0 && gangFits) {
            return 0;
        }
        long[] early = new long[running.size()];
        for (int k = 0; k < early.length; k++) {
            early[k] = remainingRun(history, running.get(k), now);
        }
        return releaseTime(early, running, Math.max(deficit, gangFits ? 1 : job.gpusPerPod()));
    }

    private static long remainingRun(QueueHistory history, HistoryJob running, Instant now) {
        long elapsed = Math.max(0, (now.toEpochMilli() - running.startedAt().toEpochMilli()) / 1000);
        return history.runs(running.sizeClass(), MIN_CLASS_RUNS).remaining(elapsed, EARLY);
    }

    /**
     * How long until the running jobs, ending in order of their remaining times, free {@code deficit} GPUs;
     * the last one's remaining time when even all of them do not.
     */
    static long releaseTime(long[] remaining, List<HistoryJob> running, long deficit) {
        long[] sorted = new long[remaining.length];
        for (int k = 0; k < sorted.length; k++) {
            // remaining time (seconds, < 2^40) and the index packed into one sortable long
            sorted[k] = (Math.min(remaining[k], (1L << 40) - 1) << 20) | k;
        }
        Arrays.sort(sorted);
        long freed = 0;
        long t = 0;
        for (long packed : sorted) {
            t = packed >>> 20;
            freed += Math.max(1, running.get((int) (packed & ((1 << 20) - 1))).gpus());
            if (freed >= deficit) {
                return t;
            }
        }
        return t;
    }
}

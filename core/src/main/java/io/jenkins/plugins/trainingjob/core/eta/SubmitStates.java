package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * What each job of a history faced when it was created: the jobs waiting ahead of it, the GPUs they asked
 * for, and how long until enough running GPUs were expected to free up for them and it ({@link #blocking}).
 * One sweep over the history's starts, ends and creations in time order, so 10,000 jobs cost one pass
 * and not 10,000. Run times come from the history as seen now: only what had ended by now, never later.
 */
final class SubmitStates {

    static final int MIN_CLASS_RUNS = 20;

    final int[] jobsAhead;
    final long[] gpusAhead;
    final long[] blocking;

    private SubmitStates(int n) {
        jobsAhead = new int[n];
        gpusAhead = new long[n];
        blocking = new long[n];
    }

    /** @param evidence only the last this many jobs by creation get a state; the rest only shape it */
    static SubmitStates of(QueueHistory history, long capacityGpus, int evidence) {
        List<HistoryJob> jobs = history.jobs();
        int n = jobs.size();
        int firstEvidence = Math.max(0, n - evidence);
        SubmitStates out = new SubmitStates(n);
        RunTimes runTimes = new RunTimes(history);
        // One primitive sort of packed events, (seconds since the first creation, kind, index): kind 0 is an
        // end, 1 a creation, 2 a start, so an end frees GPUs before a job created at that instant looks, and
        // a job that starts at its creation is not ahead of or running before itself.
        long base = n == 0 ? 0 : jobs.get(0).createdAt().getEpochSecond();
        long[] events = new long[3 * n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            HistoryJob j = jobs.get(i);
            events[count++] = pack(j.createdAt(), base, 1, i);
            if (j.started()) {
                events[count++] = pack(j.startedAt(), base, 2, i);
                if (j.finished()) {
                    events[count++] = pack(j.finishedAt(), base, 0, i);
                }
            }
        }
        Arrays.sort(events, 0, count);
        int[] running = new int[n];
        int[] slot = new int[n];
        int runningCount = 0;
        long used = 0;
        int waitingCount = 0;
        long waitingGpus = 0;
        long[] remaining = new long[n];
        for (int ev = 0; ev < count; ev++) {
            long e = events[ev];
            int i = (int) (e & INDEX_MASK);
            int kind = (int) ((e >>> INDEX_BITS) & 3);
            long atMillis = ((e >>> (INDEX_BITS + 2)) + base) * 1000;
            HistoryJob j = jobs.get(i);
            if (kind == 0) {
                int at = slot[i];
                int last = running[--runningCount];
                running[at] = last;
                slot[last] = at;
                used -= j.gpus();
            } else if (kind == 2) {
                waitingCount--;
                waitingGpus -= j.gpus();
                running[runningCount] = i;
                slot[i] = runningCount++;
                used += j.gpus();
            } else {
                out.jobsAhead[i] = waitingCount;
                out.gpusAhead[i] = waitingGpus;
                long free = capacityGpus - used;
                long need = waitingGpus + j.gpus();
                if (need > free && i >= firstEvidence) {
                    for (int k = 0; k < runningCount; k++) {
                        HistoryJob r = jobs.get(running[k]);
                        remaining[k] = runTimes.remaining(r, atMillis, 0.5);
                    }
                    out.blocking[i] = releaseTime(remaining, running, jobs, runningCount, need - free);
                }
                waitingCount++;
                waitingGpus += j.gpus();
            }
        }
        return out;
    }

    private static final int INDEX_BITS = 24;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private static long pack(Instant t, long base, int kind, int index) {
        if (index > INDEX_MASK) {
            throw new IllegalArgumentException("too many jobs for one sweep: " + index);
        }
        long seconds = Math.max(0, t.getEpochSecond() - base);
        return (seconds << (INDEX_BITS + 2)) | ((long) kind << INDEX_BITS) | index;
    }

    /**
     * How long until the running jobs, ending in order of their remaining times, free {@code deficit}
     * GPUs; the last one's remaining time when even all of them do not.
     */
    static long releaseTime(long[] remaining, int[] running, List<HistoryJob> jobs, int count, long deficit) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = new long[count];
        for (int k = 0; k < count; k++) {
            // pack remaining time (seconds, < 2^40) and the index into one sortable long
            sorted[k] = (Math.min(remaining[k], (1L << 40) - 1) << 20) | k;
        }
        Arrays.sort(sorted);
        long freed = 0;
        long t = 0;
        for (long packed : sorted) {
            int k = (int) (packed & ((1 << 20) - 1));
            t = packed >>> 20;
            freed += Math.max(1, jobs.get(running[k]).gpus());
            if (freed >= deficit) {
                return t;
            }
        }
        return t;
    }

    /** Run-time distributions per size class, looked up without a map in the sweep's inner loop. */
    static final class RunTimes {
        private final Distribution[] byClass = new Distribution[SizeClass.values().length];

        RunTimes(QueueHistory history) {
            for (SizeClass c : SizeClass.values()) {
                byClass[c.ordinal()] = history.runs(c, MIN_CLASS_RUNS);
            }
        }

        long remaining(HistoryJob running, long nowMillis, double q) {
            long elapsed = Math.max(0, (nowMillis - running.startedAt().toEpochMilli()) / 1000);
            return byClass[running.sizeClass().ordinal()].remaining(elapsed, q);
        }

        long remaining(HistoryJob running, Instant now, double q) {
            return remaining(running, now.toEpochMilli(), q);
        }
    }
}

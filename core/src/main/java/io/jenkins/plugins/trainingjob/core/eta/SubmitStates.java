package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Instant;
import java.util.ArrayList;
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
        // kind: 0 end, 1 creation, 2 start: an end frees GPUs before a job created at that instant looks,
        // and a job that starts at its creation is not ahead of or running before itself.
        List<long[]> events = new ArrayList<>(3 * n);
        for (int i = 0; i < n; i++) {
            HistoryJob j = jobs.get(i);
            events.add(new long[] {j.createdAt().toEpochMilli(), 1, i});
            if (j.started()) {
                events.add(new long[] {j.startedAt().toEpochMilli(), 2, i});
                if (j.finished()) {
                    events.add(new long[] {j.finishedAt().toEpochMilli(), 0, i});
                }
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
        int[] running = new int[n];
        int[] slot = new int[n];
        int runningCount = 0;
        long used = 0;
        int waitingCount = 0;
        long waitingGpus = 0;
        long[] remaining = new long[n];
        for (long[] e : events) {
            int i = (int) e[2];
            HistoryJob j = jobs.get(i);
            if (e[1] == 0) {
                int at = slot[i];
                int last = running[--runningCount];
                running[at] = last;
                slot[last] = at;
                used -= j.gpus();
            } else if (e[1] == 2) {
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
                        remaining[k] = runTimes.remaining(r, e[0], 0.5);
                    }
                    out.blocking[i] = releaseTime(remaining, running, jobs, runningCount, need - free);
                }
                waitingCount++;
                waitingGpus += j.gpus();
            }
        }
        return out;
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

package io.jenkins.plugins.trainingjob.core.eta;

import java.util.Arrays;

/**
 * The weighted Kaplan-Meier estimate of a wait still ahead: from past jobs' remaining waits, each with a
 * weight, where a job that still waits counts as "at least this long" (right-censored) instead of being
 * left out, which would make a queue whose long waiters have not started yet look faster than it is.
 * Immutable; quantiles are a binary search.
 */
final class WaitSurvival {

    /** The times at which some job started, ascending, and the share started by each (0..1]. */
    private final long[] times;

    private final double[] started;
    /** The longest remaining time seen, started or not: where the estimate runs out of evidence. */
    private final long longest;

    private WaitSurvival(long[] times, double[] started, long longest) {
        this.times = times;
        this.started = started;
        this.longest = longest;
    }

    /**
     * @param remaining each past job's remaining wait in seconds (for one still waiting: so far)
     * @param startedFlags whether that job started (else its time is censored)
     * @param weights how much each job counts, positive
     */
    static WaitSurvival of(long[] remaining, boolean[] startedFlags, double[] weights) {
        int n = remaining.length;
        long[] order = new long[n];
        double atRisk = 0;
        long longest = 0;
        for (int i = 0; i < n; i++) {
            // by time; at equal times a start before a censoring, as Kaplan-Meier has it
            order[i] = (remaining[i] << 21) | ((startedFlags[i] ? 0L : 1L) << 20) | i;
            atRisk += weights[i];
            longest = Math.max(longest, remaining[i]);
        }
        Arrays.sort(order);
        long[] times = new long[n];
        double[] share = new double[n];
        int m = 0;
        double survival = 1;
        for (long packed : order) {
            int i = (int) (packed & ((1 << 20) - 1));
            if (startedFlags[i] && atRisk > 0) {
                survival *= 1 - weights[i] / atRisk;
                times[m] = remaining[i];
                share[m++] = 1 - survival;
            }
            atRisk -= weights[i];
        }
        return new WaitSurvival(Arrays.copyOf(times, m), Arrays.copyOf(share, m), longest);
    }

    boolean isEmpty() {
        return times.length == 0;
    }

    /**
     * The q-quantile: the first time by which at least {@code q} of the weight had started; the longest
     * time seen when the evidence ends first (jobs still waiting hold the rest of the weight).
     */
    long quantile(double q) {
        int lo = 0;
        int hi = times.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (started[mid] < q - 1e-12) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < times.length ? times[lo] : longest;
    }

    /** The share of the weight that waits longer than {@code seconds} more, 0..1. */
    double waitsLongerThan(long seconds) {
        double share = 0;
        for (int k = 0; k < times.length && times[k] <= seconds; k++) {
            share = started[k];
        }
        // the product of many factors can come out a rounding error past 1
        return Math.max(0, Math.min(1, 1 - share));
    }
}

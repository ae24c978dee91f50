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
        sortAscending(order);
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

    /**
     * Sorts distinct keys ascending: as {@link Arrays#sort}, since distinct keys have one order, but for the
     * thousands of an estimate's evidence by their digits, 11 bits at a time (a radix sort), which the
     * calibration's hundred replays per estimate feel.
     */
    static void sortAscending(long[] keys) {
        long bits = 0;
        for (long k : keys) {
            bits |= k;
        }
        if (keys.length < 256 || bits < 0) {
            Arrays.sort(keys);
            return;
        }
        long[] from = keys;
        long[] to = new long[keys.length];
        int[] starts = new int[1 << DIGIT];
        for (int shift = 0; shift < 64 - Long.numberOfLeadingZeros(bits); shift += DIGIT) {
            Arrays.fill(starts, 0);
            for (long k : from) {
                starts[(int) ((k >>> shift) & DIGIT_MASK)]++;
            }
            int sum = 0;
            for (int d = 0; d < starts.length; d++) {
                int n = starts[d];
                starts[d] = sum;
                sum += n;
            }
            for (long k : from) {
                to[starts[(int) ((k >>> shift) & DIGIT_MASK)]++] = k;
            }
            long[] swap = from;
            from = to;
            to = swap;
        }
        if (from != keys) {
            System.arraycopy(from, 0, keys, 0, keys.length);
        }
    }

    private static final int DIGIT = 11;
    private static final long DIGIT_MASK = (1L << DIGIT) - 1;

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

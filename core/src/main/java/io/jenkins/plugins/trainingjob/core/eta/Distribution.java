package io.jenkins.plugins.trainingjob.core.eta;

import java.util.Arrays;

/**
 * An empirical distribution of durations in seconds (waits or run times), sorted once so that quantiles and
 * conditional remaining times are a binary search.
 */
public final class Distribution {

    private static final Distribution EMPTY = new Distribution(new long[0]);

    private final long[] sorted;

    private Distribution(long[] sorted) {
        this.sorted = sorted;
    }

    public static Distribution of(long[] seconds) {
        long[] copy = seconds.clone();
        Arrays.sort(copy);
        return copy.length == 0 ? EMPTY : new Distribution(copy);
    }

    public int size() {
        return sorted.length;
    }

    public boolean isEmpty() {
        return sorted.length == 0;
    }

    /** The q-quantile (0..1), nearest rank; 0 when empty. */
    public long quantile(double q) {
        return quantileOf(sorted, 0, sorted.length, q);
    }

    public long max() {
        return sorted.length == 0 ? 0 : sorted[sorted.length - 1];
    }

    public double mean() {
        if (sorted.length == 0) {
            return 0;
        }
        double sum = 0;
        for (long v : sorted) {
            sum += v;
        }
        return sum / sorted.length;
    }

    /**
     * The q-quantile of the time still to run for a job that has run {@code elapsed} seconds: the runs
     * longer than {@code elapsed}, minus it. A job that already ran 5 h is past the short runs, so its
     * remaining time comes from the long ones only. When it has outrun every run seen, nothing is known
     * but that it is long: its elapsed time stands in (a job tends to run about as long again as it has).
     */
    public long remaining(long elapsed, double q) {
        int from = upperBound(sorted, elapsed);
        if (from >= sorted.length) {
            return Math.max(60, Math.round(elapsed * q * 2));
        }
        return Math.max(0, quantileOf(sorted, from, sorted.length, q) - elapsed);
    }

    /** The first index of {@code sorted} (ascending) whose value is greater than {@code v}. */
    static int upperBound(long[] sorted, long v) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    static long quantileOf(long[] sorted, int from, int to, double q) {
        int n = to - from;
        if (n <= 0) {
            return 0;
        }
        int rank = (int) Math.ceil(q * n) - 1;
        return sorted[from + Math.min(n - 1, Math.max(0, rank))];
    }
}

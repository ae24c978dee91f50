package io.jenkins.plugins.trainingjob.bench.scale;

import java.util.Arrays;

/** Nearest-rank percentiles of a sample. */
public final class Percentiles {
    private Percentiles() {}

    /** The {@code p}-th percentile (0 < p <= 100) by nearest rank; NaN for an empty sample. */
    public static double of(double[] sample, double p) {
        if (p <= 0 || p > 100) {
            throw new IllegalArgumentException("p must be in (0, 100], was " + p);
        }
        if (sample.length == 0) {
            return Double.NaN;
        }
        double[] sorted = sample.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}

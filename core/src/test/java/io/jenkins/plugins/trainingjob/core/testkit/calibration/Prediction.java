package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.time.Duration;

/**
 * One predictor's answer for one job at one look, in seconds (from the look as a predictor gives it, from
 * the submit once the walk has added the look): a range, or none ({@link #NONE}); and, from a predictor that
 * gives one, the chance that the job waits more than one poll ({@code NaN}: not given).
 */
public record Prediction(long p10, long p50, long p90, double waitsOverPoll) {

    public static final Prediction NONE = new Prediction(-1, -1, -1);

    public Prediction(long p10, long p50, long p90) {
        this(p10, p50, p90, Double.NaN);
    }

    public static Prediction point(long seconds) {
        return new Prediction(seconds, seconds, seconds);
    }

    /** The same range counted from {@code earlier} before the instant it was made for. */
    public Prediction plus(Duration earlier) {
        long s = earlier.toSeconds();
        return none() ? this : new Prediction(p10 + s, p50 + s, p90 + s, waitsOverPoll);
    }

    public boolean none() {
        return p50 < 0;
    }

    public boolean hasWaitsOverPoll() {
        return !Double.isNaN(waitsOverPoll);
    }
}

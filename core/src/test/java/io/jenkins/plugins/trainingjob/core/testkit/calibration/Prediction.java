package io.jenkins.plugins.trainingjob.core.testkit.calibration;

/** One predictor's answer for one job, in seconds from its submit: a range, or none ({@link #NONE}). */
public record Prediction(long p10, long p50, long p90) {

    public static final Prediction NONE = new Prediction(-1, -1, -1);

    public static Prediction point(long seconds) {
        return new Prediction(seconds, seconds, seconds);
    }

    /** The same range counted from {@code earlier} before the instant it was made for. */
    public Prediction plus(java.time.Duration earlier) {
        long s = earlier.toSeconds();
        return none() ? this : new Prediction(p10 + s, p50 + s, p90 + s);
    }

    public boolean none() {
        return p50 < 0;
    }
}

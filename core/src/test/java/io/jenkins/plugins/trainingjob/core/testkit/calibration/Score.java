package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How one predictor did against real waits: coverage of [p10, p90], mean width, and the median absolute
 * error of p50 in minutes and as |ln(p50 / real)| (p50 floored at one second, the log of zero being
 * undefined). Only jobs that waited at least {@link #MIN_WAIT_SECONDS} count: a job that starts at once
 * needs no estimate. A job the predictor gave no answer for counts in {@link #noAnswer} only.
 */
public final class Score {

    public static final long MIN_WAIT_SECONDS = 60;

    private final String predictor;
    private final List<Double> absErrorMinutes = new ArrayList<>();
    private final List<Double> absLogRatio = new ArrayList<>();
    private int covered;
    private double widthMinutesSum;
    private int scored;
    private int noAnswer;

    public Score(String predictor) {
        this.predictor = predictor;
    }

    public void add(Prediction p, long realWaitSeconds) {
        if (realWaitSeconds < MIN_WAIT_SECONDS) {
            return;
        }
        if (p.none()) {
            noAnswer++;
            return;
        }
        scored++;
        if (p.p10() <= realWaitSeconds && realWaitSeconds <= p.p90()) {
            covered++;
        }
        widthMinutesSum += (p.p90() - p.p10()) / 60.0;
        absErrorMinutes.add(Math.abs(p.p50() - realWaitSeconds) / 60.0);
        absLogRatio.add(Math.abs(Math.log(Math.max(1, p.p50()) / (double) realWaitSeconds)));
    }

    public String predictor() {
        return predictor;
    }

    public int scored() {
        return scored;
    }

    public int noAnswer() {
        return noAnswer;
    }

    /** Share of scored jobs whose real wait fell in [p10, p90], 0..1. */
    public double coverage() {
        return scored == 0 ? 0 : covered / (double) scored;
    }

    public double meanWidthMinutes() {
        return scored == 0 ? 0 : widthMinutesSum / scored;
    }

    public double medianAbsErrorMinutes() {
        return median(absErrorMinutes);
    }

    public double medianAbsLogRatio() {
        return median(absLogRatio);
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = new ArrayList<>(values);
        Collections.sort(s);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}

package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How one predictor did on a set of cases: coverage of [p10, p90] with the misses below and above; mean
 * width; the mean interval score of the 80 % range (Gneiting and Raftery, JASA 2007: width plus 2/alpha
 * times the distance by which the real wait falls outside, alpha = 0.2, so 10 times; also given with 20
 * times, the weight issue 34 names); the median of |ln(p50 / real)| with both floored at one poll (30 s: a
 * p50 of 3 s against a real 1 s is scheduler noise, not an error) and of |p50 - real|. Every case counts:
 * a case the predictor gave no answer for counts in {@link #noAnswer} only.
 */
public final class Score {

    public static final long LOG_FLOOR_SECONDS = 30;
    /** 2 / alpha for the central 80 % interval. */
    public static final double MISS_WEIGHT = 10;
    /** The weight issue 34 writes, that of a 90 % interval's score: shown beside, never instead. */
    public static final double ISSUE_MISS_WEIGHT = 20;

    private final String predictor;
    private final List<Double> absLog = new ArrayList<>();
    private final List<Double> absErrorSeconds = new ArrayList<>();
    private int scored;
    private int noAnswer;
    private int covered;
    private int below;
    private int above;
    private double widthSum;
    private double outsideSum;

    public Score(String predictor) {
        this.predictor = predictor;
    }

    public static Score of(String predictor, Cases cases) {
        Score s = new Score(predictor);
        List<Prediction> answers = cases.answers(predictor);
        for (int i = 0; i < answers.size(); i++) {
            s.add(answers.get(i), cases.cases().get(i).realWait());
        }
        return s;
    }

    /** @param p counted from the submit, like {@code realWait} */
    public void add(Prediction p, long realWait) {
        if (p.none()) {
            noAnswer++;
            return;
        }
        scored++;
        if (realWait < p.p10()) {
            below++;
            outsideSum += p.p10() - realWait;
        } else if (realWait > p.p90()) {
            above++;
            outsideSum += realWait - p.p90();
        } else {
            covered++;
        }
        widthSum += p.p90() - p.p10();
        absLog.add(logError(p.p50(), realWait));
        absErrorSeconds.add((double) Math.abs(p.p50() - realWait));
    }

    /** |ln(p50 / real)| with both floored at {@link #LOG_FLOOR_SECONDS}. */
    public static double logError(long p50, long realWait) {
        return Math.abs(Math.log(Math.max(LOG_FLOOR_SECONDS, p50) / (double) Math.max(LOG_FLOOR_SECONDS, realWait)));
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

    /** Share of scored cases whose real wait fell in [p10, p90], 0..1. */
    public double coverage() {
        return share(covered);
    }

    public double below() {
        return share(below);
    }

    public double above() {
        return share(above);
    }

    public double meanWidthSeconds() {
        return scored == 0 ? Double.NaN : widthSum / scored;
    }

    /** The mean interval score in seconds, with the weight given for the distance outside. */
    public double meanIntervalScoreSeconds(double missWeight) {
        return scored == 0 ? Double.NaN : (widthSum + missWeight * outsideSum) / scored;
    }

    public double medianAbsLog() {
        return median(absLog);
    }

    public double medianAbsErrorSeconds() {
        return median(absErrorSeconds);
    }

    private double share(int n) {
        return scored == 0 ? Double.NaN : n / (double) scored;
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

package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.util.List;

/**
 * The Brier score of "the job waits more than one poll" (mean squared difference between the stated chance
 * and what happened, 0 best), for a predictor that states one, against two references: the base rate of the
 * window the predictor saw (the share of the last 7 days' waits over a poll, known at the submit) and the
 * base rate of the scored period itself (known only in hindsight, so a stricter reference).
 */
public record Brier(int cases, double score, double windowBaseRate, double hindsightBaseRate, double share) {

    public static Brier of(List<Prediction> stated, List<Prediction> baseRate, List<Long> realWaits) {
        int n = 0;
        int waited = 0;
        for (int i = 0; i < realWaits.size(); i++) {
            if (stated.get(i).hasWaitsOverPoll() && baseRate.get(i).hasWaitsOverPoll()) {
                n++;
                waited += realWaits.get(i) > Score.LOG_FLOOR_SECONDS ? 1 : 0;
            }
        }
        double share = n == 0 ? Double.NaN : waited / (double) n;
        double s = 0;
        double w = 0;
        double h = 0;
        for (int i = 0; i < realWaits.size(); i++) {
            if (stated.get(i).hasWaitsOverPoll() && baseRate.get(i).hasWaitsOverPoll()) {
                double o = realWaits.get(i) > Score.LOG_FLOOR_SECONDS ? 1 : 0;
                s += sq(stated.get(i).waitsOverPoll() - o);
                w += sq(baseRate.get(i).waitsOverPoll() - o);
                h += sq(share - o);
            }
        }
        return n == 0
                ? new Brier(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN)
                : new Brier(n, s / n, w / n, h / n, share);
    }

    private static double sq(double x) {
        return x * x;
    }
}

package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The paired difference of two predictors' median |ln(p50 / real)| with a 95 % interval from a bootstrap that
 * resamples whole days of submissions (jobs submitted close together share the queue's state, so they are not
 * independent draws). Only cases both answered count. Seeded: the same cases give the same interval.
 */
public record DayBootstrap(int pairs, int days, double difference, double low, double high, double ratio) {

    public static final int DRAWS = 2_000;

    public static DayBootstrap of(Cases cases, String ours, String peer, long seed) {
        List<Prediction> a = cases.answers(ours);
        List<Prediction> b = cases.answers(peer);
        Map<Long, List<double[]>> byDay = new LinkedHashMap<>();
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).none() || b.get(i).none()) {
                continue;
            }
            Cases.Case c = cases.cases().get(i);
            long day = c.submitted().atZone(ZoneOffset.UTC).toLocalDate().toEpochDay();
            byDay.computeIfAbsent(day, d -> new ArrayList<>()).add(new double[] {
                Score.logError(a.get(i).p50(), c.realWait()),
                Score.logError(b.get(i).p50(), c.realWait())
            });
        }
        List<List<double[]>> days = new ArrayList<>(byDay.values());
        int pairs = days.stream().mapToInt(List::size).sum();
        if (pairs == 0) {
            return new DayBootstrap(0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double ma = median(days, 0, null);
        double mb = median(days, 1, null);
        SplittableRandom random = new SplittableRandom(seed);
        double[] diffs = new double[DRAWS];
        int[] pick = new int[days.size()];
        for (int d = 0; d < DRAWS; d++) {
            for (int k = 0; k < pick.length; k++) {
                pick[k] = random.nextInt(days.size());
            }
            diffs[d] = median(days, 0, pick) - median(days, 1, pick);
        }
        Arrays.sort(diffs);
        return new DayBootstrap(
                pairs, days.size(), ma - mb, diffs[(int) (0.025 * DRAWS)], diffs[(int) (0.975 * DRAWS) - 1], ma / mb);
    }

    /** The median of column {@code col} over the days {@code pick} names (all days when {@code null}). */
    private static double median(List<List<double[]>> days, int col, int[] pick) {
        int n = 0;
        int count = pick == null ? days.size() : pick.length;
        for (int k = 0; k < count; k++) {
            n += days.get(pick == null ? k : pick[k]).size();
        }
        double[] v = new double[n];
        int m = 0;
        for (int k = 0; k < count; k++) {
            for (double[] pair : days.get(pick == null ? k : pick[k])) {
                v[m++] = pair[col];
            }
        }
        Arrays.sort(v);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}

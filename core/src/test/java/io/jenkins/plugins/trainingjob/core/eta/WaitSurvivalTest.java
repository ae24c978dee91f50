package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WaitSurvivalTest {

    @Test
    void withoutCensoringItIsTheWeightedQuantile() {
        WaitSurvival s = WaitSurvival.of(
                new long[] {10, 20, 30, 40}, new boolean[] {true, true, true, true}, new double[] {1, 1, 1, 1});
        assertThat(s.quantile(0.25)).isEqualTo(10);
        assertThat(s.quantile(0.5)).isEqualTo(20);
        assertThat(s.quantile(0.9)).isEqualTo(40);
        assertThat(s.waitsLongerThan(25)).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void aJobStillWaitingShiftsTheWeightToTheLongerWaits() {
        // 10 started, 20 still waits, 30 and 40 started: Kaplan-Meier gives 30 and 40 a third each
        WaitSurvival s = WaitSurvival.of(
                new long[] {10, 20, 30, 40}, new boolean[] {true, false, true, true}, new double[] {1, 1, 1, 1});
        assertThat(s.waitsLongerThan(30)).isCloseTo(0.75 * 0.5, within(1e-9));
        assertThat(s.quantile(0.5)).isEqualTo(30);
    }

    @Test
    void whenTooMuchStillWaitsTheUpperQuantilesAreTheLongestTimeSeen() {
        WaitSurvival s =
                WaitSurvival.of(new long[] {10, 500, 600}, new boolean[] {true, false, false}, new double[] {1, 1, 1});
        assertThat(s.quantile(0.1)).isEqualTo(10);
        assertThat(s.quantile(0.9)).isEqualTo(600);
    }

    @Test
    void heavierJobsCountMore() {
        WaitSurvival s = WaitSurvival.of(new long[] {10, 1000}, new boolean[] {true, true}, new double[] {1, 9});
        assertThat(s.quantile(0.5)).isEqualTo(1000);
    }

    @Test
    void theChanceOfAWaitStaysAProbabilityWhateverTheRounding() {
        // the product of many survival factors lands a rounding error past 0 for some weights: try many
        java.util.Random r = new java.util.Random(34);
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 2 + r.nextInt(200);
            long[] t = new long[n];
            boolean[] started = new boolean[n];
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                t[i] = r.nextInt(1_000);
                started[i] = true;
                w[i] = Math.pow(0.5, r.nextDouble() * 4) * Math.exp(-3 * r.nextDouble());
            }
            double p = WaitSurvival.of(t, started, w).waitsLongerThan(1_000);
            assertThat(p).as("trial " + trial).isBetween(0.0, 1.0);
        }
    }

    /** Keys as the estimate packs them (remaining wait, censoring, position): distinct, many, of any length. */
    @Test
    void theEvidenceIsSortedAsArraysSortWouldSortIt() {
        Random r = new Random(11);
        for (int n : new int[] {0, 1, 255, 256, 2_000, 5_000}) {
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                long remaining = r.nextInt(4) == 0 ? r.nextInt(60) : (long) Math.exp(r.nextDouble() * 16);
                keys[i] = (remaining << 21) | ((long) r.nextInt(2) << 20) | i;
            }
            long[] expected = keys.clone();
            Arrays.sort(expected);
            WaitSurvival.sortAscending(keys);
            assertThat(keys).as("n = " + n).isEqualTo(expected);
        }
    }
}

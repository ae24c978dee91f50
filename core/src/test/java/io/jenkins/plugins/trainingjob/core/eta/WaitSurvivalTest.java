package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
        int n = 997;
        long[] t = new long[n];
        boolean[] started = new boolean[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = i;
            started[i] = true;
            w[i] = 0.1 + (i % 7) * 0.37;
        }
        WaitSurvival s = WaitSurvival.of(t, started, w);
        assertThat(s.waitsLongerThan(n)).isBetween(0.0, 1.0).isCloseTo(0, within(1e-12));
    }
}

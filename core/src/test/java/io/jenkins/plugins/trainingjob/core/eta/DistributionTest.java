package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DistributionTest {

    private final Distribution runs = Distribution.of(new long[] {600, 60, 3_600, 36_000, 18_000, 1_200});

    @Test
    void quantilesAreNearestRankOfTheSortedValues() {
        assertThat(runs.quantile(0.1)).isEqualTo(60);
        assertThat(runs.quantile(0.5)).isEqualTo(1_200);
        assertThat(runs.quantile(0.9)).isEqualTo(36_000);
        assertThat(runs.max()).isEqualTo(36_000);
        assertThat(Distribution.of(new long[0]).quantile(0.5)).isZero();
    }

    @Test
    void aJobThatRanFiveHoursHasMoreLeftThanTheMedianRunAndLessThanOneJustStarted() {
        // started 5 min ago: any run longer than 5 min may be its run
        long young = runs.remaining(300, 0.5);
        // ran 5 h: only the 10 h run is still possible
        long old = runs.remaining(18_000, 0.5);
        assertThat(young).isEqualTo(3_600 - 300);
        assertThat(old).isEqualTo(36_000 - 18_000);
    }

    @Test
    void aJobLongerThanEveryRunSeenIsExpectedToRunAboutAsLongAgain() {
        assertThat(runs.remaining(40_000, 0.5)).isEqualTo(40_000);
    }
}

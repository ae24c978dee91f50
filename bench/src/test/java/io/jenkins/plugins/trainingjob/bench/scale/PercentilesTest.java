package io.jenkins.plugins.trainingjob.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void nearestRankOfAnUnsortedSample() {
        double[] sample = {5, 1, 4, 2, 3, 10, 9, 8, 7, 6};
        assertThat(Percentiles.of(sample, 50)).isEqualTo(5);
        assertThat(Percentiles.of(sample, 99)).isEqualTo(10);
        assertThat(Percentiles.of(sample, 100)).isEqualTo(10);
        assertThat(Percentiles.of(sample, 10)).isEqualTo(1);
        assertThat(sample[0]).as("the sample is not reordered").isEqualTo(5);
    }

    @Test
    void anEmptySampleHasNoPercentile() {
        assertThat(Percentiles.of(new double[0], 50)).isNaN();
    }

    @Test
    void rejectsPercentilesOutsideZeroToHundred() {
        assertThatThrownBy(() -> Percentiles.of(new double[] {1}, 0)).hasMessageContaining("(0, 100]");
        assertThatThrownBy(() -> Percentiles.of(new double[] {1}, 101)).hasMessageContaining("(0, 100]");
    }
}

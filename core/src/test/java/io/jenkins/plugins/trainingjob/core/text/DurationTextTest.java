package io.jenkins.plugins.trainingjob.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every style a duration is written in for a person. */
class DurationTextTest {

    @Test
    void agoSaysJustNowUnderASecondAndNeverAMillisecondAge() {
        assertThat(DurationText.ago(Duration.ZERO)).isEqualTo("just now");
        assertThat(DurationText.ago(Duration.ofMillis(999))).isEqualTo("just now");
        assertThat(DurationText.ago(Duration.ofSeconds(-5))).isEqualTo("just now");
        assertThat(DurationText.ago(Duration.ofMinutes(185))).isEqualTo("3h 5m ago");
    }

    @Test
    void writesDurationsLikeAPersonWouldSayThem() {
        assertThat(DurationText.exact(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(DurationText.exact(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(DurationText.exact(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(DurationText.exact(Duration.ofSeconds(330))).isEqualTo("5m 30s");
        assertThat(DurationText.exact(Duration.ofMinutes(125))).isEqualTo("2h 5m");
        assertThat(DurationText.exact(Duration.ofHours(26))).isEqualTo("1d 2h");
        assertThat(DurationText.exact(Duration.ofMillis(1_500))).isEqualTo("1s");
        assertThat(DurationText.exact(Duration.ofSeconds(-3))).isEqualTo("0ms");
        assertThat(DurationText.exact(null)).isEqualTo("?");
    }

    @Test
    void compactKeepsTheTwoLargestUnitsOfAnEstimate() {
        assertThat(DurationText.compact(Duration.ofSeconds(45))).isEqualTo("45 s");
        assertThat(DurationText.compact(Duration.ofSeconds(40 * 60 + 59))).isEqualTo("40 min");
        assertThat(DurationText.compact(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(DurationText.compact(Duration.ofMinutes(130).plusSeconds(59)))
                .isEqualTo("2h 10m");
        assertThat(DurationText.compact(Duration.ofHours(76).plusMinutes(59))).isEqualTo("3d 4h");
        assertThat(DurationText.compact(Duration.ofDays(7))).isEqualTo("7d");
        assertThat(DurationText.compact(Duration.ofSeconds(-3))).isEqualTo("0 s");
    }

    @Test
    void aCompactRangeSharesItsUnitUnderTwoHours() {
        assertThat(DurationText.compactRange(Duration.ofMinutes(25), Duration.ofMinutes(70)))
                .isEqualTo("25-70 min");
        assertThat(DurationText.compactRange(Duration.ofSeconds(30), Duration.ofMinutes(70)))
                .isEqualTo("30 s - 1h 10m");
        assertThat(DurationText.compactRange(Duration.ofMinutes(90), Duration.ofHours(3)))
                .isEqualTo("1h 30m - 3h");
    }

    @Test
    void ageIsOneUnitAsKubectlShowsIt() {
        assertThat(DurationText.age(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(DurationText.age(Duration.ofSeconds(119))).isEqualTo("119s");
        assertThat(DurationText.age(Duration.ofMinutes(12))).isEqualTo("12m");
        assertThat(DurationText.age(Duration.ofMinutes(119))).isEqualTo("119m");
        assertThat(DurationText.age(Duration.ofHours(5))).isEqualTo("5h");
        assertThat(DurationText.age(Duration.ofHours(47))).isEqualTo("47h");
        assertThat(DurationText.age(Duration.ofDays(2))).isEqualTo("2d");
        assertThat(DurationText.age(Duration.ofSeconds(-5))).isEqualTo("0s");
    }
}

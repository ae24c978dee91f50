package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The one duration syntax of the CLI and the plugin, and the way durations are written back. */
class DurationTextTest {

    private static Duration parse(String text) {
        return DurationText.parse("pendingTimeout", text);
    }

    @Test
    void agoSaysJustNowUnderASecondAndNeverAMillisecondAge() {
        assertThat(DurationText.ago(Duration.ZERO)).isEqualTo("just now");
        assertThat(DurationText.ago(Duration.ofMillis(999))).isEqualTo("just now");
        assertThat(DurationText.ago(Duration.ofSeconds(-5))).isEqualTo("just now");
        assertThat(DurationText.ago(Duration.ofMinutes(185))).isEqualTo("3h 5m ago");
    }

    @Test
    void readsANumberAndAUnit() {
        assertThat(parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(parse("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(parse("2d")).isEqualTo(Duration.ofDays(2));
    }

    @Test
    void addsUpSeveralPartsWhetherOrNotSpacesSeparateThem() {
        assertThat(parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(parse("1h 30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(parse("1d2h3m4s")).isEqualTo(Duration.ofSeconds(93_784));
    }

    @Test
    void ignoresCaseAndSurroundingSpaces() {
        assertThat(parse(" 10M ")).isEqualTo(Duration.ofMinutes(10));
        assertThat(parse("1H30M")).isEqualTo(Duration.ofMinutes(90));
        assertThat(parse("\t2D\n")).isEqualTo(Duration.ofDays(2));
    }

    @Test
    void readsIso8601InEitherCase() {
        assertThat(parse("PT10M")).isEqualTo(Duration.ofMinutes(10));
        assertThat(parse("pt1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(parse("P2D")).isEqualTo(Duration.ofDays(2));
        assertThat(parse("PT0.5S")).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void acceptsExactlyThirtyDays() {
        assertThat(parse("30d")).isEqualTo(DurationText.MAX);
        assertThat(parse("720h")).isEqualTo(Duration.ofDays(30));
    }

    @Test
    void refusesABareNumberAndSuggestsTheUnits() {
        assertThatThrownBy(() -> parse("10"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("pendingTimeout: '10' has no unit: write 10m or 10s");
        assertThatThrownBy(() -> DurationText.parse("pollInterval", " 30 "))
                .hasMessage("pollInterval: '30' has no unit: write 30m or 30s");
    }

    @Test
    void refusesAnEmptyValue() {
        for (String empty : new String[] {null, "", "  "}) {
            assertThatThrownBy(() -> parse(empty))
                    .as("'%s'", empty)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("pendingTimeout: a duration is required, e.g. 90s, 10m or 1h30m");
        }
    }

    @Test
    void refusesWhatIsNotADurationNamingTheFieldAndTheSyntax() {
        assertThatThrownBy(() -> parse("ten minutes"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("pendingTimeout: 'ten minutes' is not a duration: write a number and a unit"
                        + " (ms, s, m, h, d) such as 90s, 10m or 1h30m, or ISO-8601 such as PT10M");
        for (String bad : new String[] {"10 m", "m10", "10x", "1h30", "1h-5m", "1.5h", "10m5", "PTX", "--5m"}) {
            assertThatThrownBy(() -> parse(bad))
                    .as(bad)
                    .hasMessage("pendingTimeout: '" + bad + "' is not a duration: write a number and a unit"
                            + " (ms, s, m, h, d) such as 90s, 10m or 1h30m, or ISO-8601 such as PT10M");
        }
    }

    @Test
    void refusesZeroAndNegativeDurations() {
        assertThatThrownBy(() -> parse("0s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("pendingTimeout: '0s' must be more than zero");
        assertThatThrownBy(() -> parse("0h0m")).hasMessage("pendingTimeout: '0h0m' must be more than zero");
        assertThatThrownBy(() -> parse("PT0S")).hasMessage("pendingTimeout: 'PT0S' must be more than zero");
        assertThatThrownBy(() -> parse("-5m")).hasMessage("pendingTimeout: '-5m' must be more than zero");
        assertThatThrownBy(() -> parse("PT-5M")).hasMessage("pendingTimeout: 'PT-5M' must be more than zero");
    }

    @Test
    void refusesMoreThanThirtyDays() {
        assertThatThrownBy(() -> parse("31d"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("pendingTimeout: '31d' is longer than the maximum of 30 days");
        assertThatThrownBy(() -> parse("30d1s"))
                .hasMessage("pendingTimeout: '30d1s' is longer than the maximum of 30 days");
        assertThatThrownBy(() -> parse("P31D"))
                .hasMessage("pendingTimeout: 'P31D' is longer than the maximum of 30 days");
        assertThatThrownBy(() -> parse("99999999999999999999d"))
                .hasMessage("pendingTimeout: '99999999999999999999d' is longer than the maximum of 30 days");
    }

    @Test
    void writesDurationsLikeAPersonWouldSayThem() {
        assertThat(DurationText.format(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(DurationText.format(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(DurationText.format(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(DurationText.format(Duration.ofSeconds(330))).isEqualTo("5m 30s");
        assertThat(DurationText.format(Duration.ofMinutes(125))).isEqualTo("2h 5m");
        assertThat(DurationText.format(Duration.ofHours(26))).isEqualTo("1d 2h");
        assertThat(DurationText.format(Duration.ofMillis(1_500))).isEqualTo("1s");
        assertThat(DurationText.format(Duration.ofSeconds(-3))).isEqualTo("0ms");
        assertThat(DurationText.format(null)).isEqualTo("?");
    }

    @Test
    void readsBackWhatItWrites() {
        for (String text : new String[] {"500ms", "30s", "10m", "5m 30s", "1h 30m", "2h", "1d 2h 3m 4s", "30d"}) {
            assertThat(DurationText.format(parse(text))).isEqualTo(text);
        }
    }

    @Test
    void aBareZeroIsNotToldToAddAUnitThatWouldBeRefusedNext() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DurationText.parse("--pending-timeout", "0"))
                .hasMessage("--pending-timeout: '0' is not more than zero: write a duration with a unit, such as "
                        + "10m or 30s");
    }
}

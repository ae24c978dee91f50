package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationTextTest {

    @Test
    void readsANumberAndAUnit() {
        assertThat(DurationText.parse("pendingTimeout", "90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(DurationText.parse("pendingTimeout", "10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(DurationText.parse("pendingTimeout", "1h")).isEqualTo(Duration.ofHours(1));
        assertThat(DurationText.parse("pendingTimeout", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationText.parse("pendingTimeout", "2d")).isEqualTo(Duration.ofDays(2));
    }

    @Test
    void addsUpCombinedUnitsAndIgnoresCaseAndSpaces() {
        assertThat(DurationText.parse("pendingTimeout", "1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(DurationText.parse("pendingTimeout", " 1H 30M ")).isEqualTo(Duration.ofMinutes(90));
    }

    @Test
    void aBareNumberMeansMinutes() {
        assertThat(DurationText.parse("pendingTimeout", "15")).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void rejectsWhatIsNotADurationNamingTheFieldAndTheExpectedForm() {
        assertThatThrownBy(() -> DurationText.parse("pendingTimeout", "ten minutes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pendingTimeout: 'ten minutes' is not a duration; write a number and a unit, e.g. 90s,"
                        + " 10m, 1h or 1h30m");
        assertThatThrownBy(() -> DurationText.parse("pollInterval", "10x")).hasMessageStartingWith("pollInterval:");
        assertThatThrownBy(() -> DurationText.parse("pollInterval", "m10")).hasMessageStartingWith("pollInterval:");
        assertThatThrownBy(() -> DurationText.parse("pollInterval", "10m5")).hasMessageStartingWith("pollInterval:");
    }

    @Test
    void rejectsEmptyZeroAndAbsurdlyLongDurations() {
        assertThatThrownBy(() -> DurationText.parse("pendingTimeout", " ")).hasMessage(
                "pendingTimeout: a duration is required, e.g. 90s, 10m, 1h");
        assertThatThrownBy(() -> DurationText.parse("pendingTimeout", "0s"))
                .hasMessage("pendingTimeout: '0s' must be longer than zero");
        assertThatThrownBy(() -> DurationText.parse("pendingTimeout", "31d"))
                .hasMessage("pendingTimeout: '31d' is longer than 30 days");
    }
}

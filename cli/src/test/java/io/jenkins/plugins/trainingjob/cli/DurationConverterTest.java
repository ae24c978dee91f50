package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DurationConverterTest {

    @Test
    void readsTheWaysPeopleWriteDurations() {
        assertThat(DurationConverter.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationConverter.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(DurationConverter.parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(DurationConverter.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(DurationConverter.parse("2d")).isEqualTo(Duration.ofDays(2));
        assertThat(DurationConverter.parse("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(DurationConverter.parse("PT10M")).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void refusesWhatItCannotRead() {
        for (String bad : new String[] {"", "10 m", "m10", "10x", "1h-5m", "PTX", "0s"}) {
            assertThatThrownBy(() -> DurationConverter.parse(bad)).as(bad)
                    .isInstanceOf(CommandLine.TypeConversionException.class);
        }
    }

    @Test
    void formatsDurationsTheWayItReadsThem() {
        for (String d : new String[] {"500ms", "30s", "10m", "1h30m", "2h", "1m5s"}) {
            assertThat(Durations.format(DurationConverter.parse(d))).isEqualTo(d);
        }
    }
}

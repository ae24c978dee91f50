package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Options read core's duration syntax (specified by core's DurationTextTest) and fail as picocli expects. */
class DurationConverterTest {
    private final DurationConverter converter = new DurationConverter();

    @Test
    void readsCoresSyntax() {
        assertThat(converter.convert("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(converter.convert("PT10M")).isEqualTo(Duration.ofMinutes(10));
        assertThat(converter.convert("50ms")).isEqualTo(Duration.ofMillis(50));
    }

    @Test
    void refusesABareNumberAsAConversionErrorCarryingCoresMessage() {
        assertThatThrownBy(() -> converter.convert("90"))
                .isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessage("duration: '90' has no unit: write 90m or 90s");
    }
}

package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Reads duration options with core's one syntax ({@link DurationText}), the same the Jenkins plugin reads:
 * {@code 90s}, {@code 10m}, {@code 1h30m}, {@code PT10M}; a bare number is refused.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            return DurationInput.parse("duration", value);
        } catch (InvalidInputException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /**
     * The error line for a bad command-line argument. picocli does not tell a converter which option it
     * converts, so a duration error is read again here to name the option the user typed
     * ({@code --pending-timeout: '10' has no unit: ...}) instead of picocli's generic preamble.
     */
    public static String message(CommandLine.ParameterException ex) {
        if (ex.getCause() instanceof CommandLine.TypeConversionException
                && ex.getArgSpec() instanceof OptionSpec option
                && option.converters().length == 1
                && option.converters()[0] instanceof DurationConverter) {
            try {
                DurationInput.parse(option.longestName(), ex.getValue());
            } catch (InvalidInputException e) {
                return e.getMessage();
            }
        }
        return ex.getMessage();
    }
}

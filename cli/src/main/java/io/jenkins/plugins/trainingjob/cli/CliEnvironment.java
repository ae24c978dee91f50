package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the CLI takes from the process it runs in. Injected so that tests run the real commands
 * in-process with their own environment variables, home directory, streams and Ctrl-C.
 *
 * @param variables the environment variables (credentials, {@code NO_COLOR}, {@code TRAINJOB_*})
 * @param home the user's home directory, where the profile file lives
 * @param out results (stdout)
 * @param err progress and errors (stderr)
 * @param interactive whether stdin, stdout and stderr are a terminal (colour and the live line only then)
 * @param connector opens platform clients; each one's notices go to {@code err}
 * @param time the command's one time source: its monitor's deadlines and timers, its pauses between polls,
 *     the live line's clock, the ages it prints ({@link TimeSource#system()}; a test's manual clock)
 */
public record CliEnvironment(
        Map<String, String> variables,
        Path home,
        PrintWriter out,
        PrintWriter err,
        boolean interactive,
        InterruptSignal interrupts,
        PlatformConnector connector,
        TimeSource time) {

    public CliEnvironment {
        variables = Map.copyOf(variables);
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        Objects.requireNonNull(interrupts, "interrupts");
        Objects.requireNonNull(connector, "connector");
        Objects.requireNonNull(time, "time");
        connector = sayingNotices(connector, err);
    }

    /**
     * Every client this CLI opens says what it learns about its connection (a SenseCore gateway that took
     * only the date-only signature) on stderr, once, as it happens: one place for every command.
     */
    private static PlatformConnector sayingNotices(PlatformConnector connector, PrintWriter err) {
        return settings -> {
            TrainingPlatform platform = connector.connect(settings);
            platform.onNotice(n -> err.println("trainjob: warning: " + ConsoleText.strip(n)));
            return platform;
        };
    }

    /** The environment variable, or {@code null} when it is unset or blank. */
    public String variable(String name) {
        String v = variables.get(name);
        return v == null || v.isBlank() ? null : v;
    }
}

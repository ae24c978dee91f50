package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import java.time.Duration;
import picocli.CommandLine.Option;

/** {@code --poll-interval} of the commands that keep following a job: {@code status --watch}, {@code logs --follow}. */
final class FollowInterval {

    @Option(
            names = "--poll-interval",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "With --watch or --follow, how often to ask the platform again; at least 1s "
                    + "(default: 5s for status, 2s for logs).")
    Duration pollInterval;

    /**
     * The interval given, else the command's {@code fallback}; refused below the floor unless the endpoint
     * is on this machine, before anything is called.
     */
    Duration checked(Duration fallback, ConnectionSettings settings) {
        Duration interval = pollInterval != null ? pollInterval : fallback;
        IntervalFloor.check("--poll-interval", interval, IntervalFloor.POLL, settings);
        return interval;
    }
}

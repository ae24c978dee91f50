package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.terminal.LiveStatusLine;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code status --watch}: polls one job until it has ended, printing a line when what a person watches
 * changes (state, queue position, placed workers). On a terminal the latest state also stays on one live
 * line with the time watched. A transient platform error is reported and polled through.
 */
final class StatusWatch {

    private StatusWatch() {}

    /** The job's final status, or {@code null} when Ctrl-C ended the watch. */
    static JobStatus watch(
            CliEnvironment env, Terminal terminal, TrainingPlatform platform, JobStatus first, Duration interval) {
        Instant start = env.time().now();
        JobStatus status = first;
        terminal.progress(line(status, Duration.ZERO));
        try (PollLoop loop = new PollLoop(env);
                LiveStatusLine live = terminal.live() ? new LiveStatusLine(terminal, env.time(), first.job()) : null) {
            if (live != null) {
                live.update(first);
                live.activity("watching");
            }
            while (!status.phase().isTerminal()) {
                if (!loop.pause(interval)) {
                    terminal.progress(
                            "interrupted: no longer watching job " + first.job().id());
                    return null;
                }
                JobStatus next;
                try {
                    next = platform.status(first.job());
                } catch (TransientException e) {
                    terminal.progress("status call failed, trying again in " + DurationText.exact(interval) + ": "
                            + e.getMessage());
                    continue;
                }
                if (!summary(next).equals(summary(status))) {
                    terminal.progress(
                            line(next, Duration.between(start, env.time().now())));
                }
                status = next;
                if (live != null) {
                    live.update(status);
                }
            }
        }
        return status;
    }

    /** {@code [aihc] job x: PENDING (Created), queue #2, 0/2 workers placed (after 1m 5s)}. */
    static String line(JobStatus s, Duration elapsed) {
        return "[" + s.job().platform().id() + "] job " + s.job().name() + ": " + summary(s)
                + (elapsed.isZero() ? "" : " (after " + DurationText.exact(elapsed) + ")");
    }

    private static String summary(JobStatus s) {
        StringBuilder sb = new StringBuilder(s.phase().name());
        if (!s.rawState().isBlank() && !s.rawState().equalsIgnoreCase(s.phase().name())) {
            sb.append(" (").append(s.rawState()).append(')');
        }
        if (s.queuePosition() != null) {
            sb.append(", queue #").append(s.queuePosition());
        }
        if (!s.workers().isEmpty()) {
            sb.append(", ")
                    .append(s.workers().stream().filter(WorkerStatus::isPlaced).count())
                    .append('/')
                    .append(s.workers().size())
                    .append(" workers placed");
        }
        return sb.toString();
    }
}

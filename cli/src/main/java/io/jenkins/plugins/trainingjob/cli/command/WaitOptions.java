package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import io.jenkins.plugins.trainingjob.cli.output.OutputsFile;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/** How to wait for a job: shared by {@code submit --wait} and {@code await}. */
public final class WaitOptions {

    @Option(
            names = "--wait",
            paramLabel = "scheduled|completed|none",
            description =
                    "What to wait for: every worker placed (scheduled), the job finished (completed), or nothing.")
    WaitMode wait;

    @Option(
            names = "--pending-timeout",
            paramLabel = "DURATION",
            defaultValue = "10m",
            converter = DurationConverter.class,
            description = "How long the job may stay queued before it is diagnosed (default: ${DEFAULT-VALUE}).")
    Duration pendingTimeout;

    @Option(
            names = "--diagnosis-timeout",
            paramLabel = "DURATION",
            defaultValue = "5m",
            converter = DurationConverter.class,
            description = "How long to wait for the diagnosis once started (default: ${DEFAULT-VALUE}).")
    Duration diagnosisTimeout;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Give up waiting after this long (default: no limit).")
    Duration timeout;

    @Option(
            names = "--max-wait",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "The wait budget: end with exit 8 when the job has not started within it, or earlier when "
                    + "even the optimistic estimate (p10) is past what is left of it; a job that fits once running "
                    + "jobs end is waited for until then (default: no budget).")
    Duration maxWait;

    @Option(
            names = "--eta",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Estimate when a pending job starts, each poll round, from the queue's history; printed "
                    + "when it moves materially (default: on; --max-wait needs it).")
    boolean eta = true;

    @Option(
            names = "--poll-interval",
            paramLabel = "DURATION",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description = "First poll interval, at least 1s; it backs off to six times this, at most 30s "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration pollInterval;

    @Option(
            names = "--heartbeat",
            paramLabel = "DURATION",
            defaultValue = "5m",
            converter = DurationConverter.class,
            description = "How often to say the job is still waiting, at least 10s (default: ${DEFAULT-VALUE}).")
    Duration heartbeat;

    @Option(
            names = "--cancel-on-interrupt",
            negatable = true,
            description = "On Ctrl-C, stop the job on the platform too (default: on for submit --wait, off for await).")
    Boolean cancelOnInterrupt;

    @Option(
            names = "--cancel-on-failure",
            negatable = true,
            description =
                    "When the wait fails with the job still on the platform (still pending, exit 3, 6 or 7; "
                            + "timed out, exit 4), stop it and say so (default: off: the job stays and the command says how to stop it).")
    Boolean cancelOnFailure;

    @Option(
            names = "--report-file",
            paramLabel = "FILE",
            description = "Also write a report of how the wait ended to FILE: the diagnosis report of an "
                    + "unschedulable job, else a short report (state, failure, outputs, the failing worker's last "
                    + "log lines); the format follows the extension (.txt .md .html .json .xml).")
    Path reportFile;

    @Option(
            names = "--outputs-file",
            paramLabel = "FILE",
            description = "When the wait ends, append <prefix>STATUS=<final phase> and, for a job that succeeded, "
                    + "its outputs to FILE as NAME=value lines (what $GITHUB_OUTPUT and GitLab dotenv reports take; "
                    + "never $GITHUB_ENV). Outputs are the names the spec's 'outputs' declares, read from the "
                    + "master's log (AIHC; SenseCore serves no logs).")
    Path outputsFile;

    @Option(
            names = "--outputs-prefix",
            paramLabel = "PREFIX",
            defaultValue = OutputsFile.DEFAULT_PREFIX,
            description = "What every name in the outputs file starts with (default: ${DEFAULT-VALUE}; '' for "
                    + "none). Names a later step's shell or runner reads (PATH, LD_*, GITHUB_*, ...) are refused.")
    String outputsPrefix = OutputsFile.DEFAULT_PREFIX;

    /**
     * What can be refused before a job is submitted or waited on, so an hour's wait does not end in a
     * usage error: the report file's extension and writability, and intervals below their floors.
     */
    void checkBeforeWait(io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings settings) {
        if (reportFile != null) {
            ReportFiles.formatFor(reportFile);
            ReportFiles.checkWritable(reportFile);
        }
        if (outputsFile != null) {
            ReportFiles.checkWritable(outputsFile);
        }
        IntervalFloor.check("--poll-interval", pollInterval, IntervalFloor.POLL, settings);
        IntervalFloor.check("--heartbeat", heartbeat, IntervalFloor.HEARTBEAT, settings);
    }

    /**
     * Refuses, before anything is submitted, an outputs file whose names would include one a later step's
     * shell, loader or runner reads ({@code --outputs-prefix ''} with an output named {@code PATH}).
     */
    void checkOutputs(OutputRules rules) {
        if (outputsFile != null) {
            OutputsFile.refusal(outputsPrefix(), rules).ifPresent(why -> {
                throw CliException.invalidInput(why);
            });
        }
    }

    String outputsPrefix() {
        return outputsPrefix == null ? "" : outputsPrefix;
    }

    WaitMode mode(WaitMode fallback) {
        return wait != null ? wait : fallback;
    }

    boolean cancelOnFailure(boolean fallback) {
        return cancelOnFailure != null ? cancelOnFailure : fallback;
    }

    boolean cancelOnInterrupt(boolean fallback) {
        return cancelOnInterrupt != null ? cancelOnInterrupt : fallback;
    }

    WatchPolicy policy(WaitTarget target) {
        Duration max = pollInterval.multipliedBy(6);
        if (max.compareTo(Duration.ofSeconds(30)) > 0) {
            max = pollInterval.compareTo(Duration.ofSeconds(30)) > 0 ? pollInterval : Duration.ofSeconds(30);
        }
        return WatchPolicy.defaults(target)
                .withPendingTimeout(pendingTimeout)
                .withDiagnosisTimeout(diagnosisTimeout)
                .withOverallTimeout(timeout)
                .withPolling(pollInterval, max)
                .withHeartbeat(heartbeat);
    }

    /** The wait budget ({@code --max-wait}) and whether to estimate ({@code --[no-]eta}). */
    WaitBudget budget() {
        return new WaitBudget(maxWait, null, eta);
    }
}

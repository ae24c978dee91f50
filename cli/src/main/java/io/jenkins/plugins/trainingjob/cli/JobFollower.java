package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.monitor.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;

/**
 * Follows jobs through the shared {@link JobMonitor}, the same engine the Jenkins steps use: progress
 * lines on stderr as the monitor reports them, Ctrl-C handled by an {@link InterruptGuard}.
 */
final class JobFollower implements AutoCloseable {

    static final String CONNECTION_ID = "cli";

    private final CliEnvironment env;
    private final Terminal terminal;
    private final JobMonitor monitor;
    private final TrainingPlatform platform;

    JobFollower(CliEnvironment env, Terminal terminal, TrainingPlatform platform) {
        this(env, terminal, platform, env.clock());
    }

    /** With another clock for the deadlines: the demo's run in simulated time. */
    JobFollower(CliEnvironment env, Terminal terminal, TrainingPlatform platform, Clock clock) {
        this.env = env;
        this.terminal = terminal;
        this.platform = platform;
        this.monitor = new JobMonitor(id -> {
            if (!CONNECTION_ID.equals(id)) {
                throw new IllegalArgumentException("unknown connection " + id);
            }
            return platform;
        }, clock);
    }

    /** Starts watching; the monitor's lines name the platform and the job, so two jobs read apart. */
    Watch start(JobRef job, WatchPolicy policy) {
        return monitor.watch(CONNECTION_ID, job, policy, new WatchListener() {
            @Override
            public void onEvent(MonitorEvent event) {
                terminal.progress(event.message());
            }
        });
    }

    /**
     * Waits for one job as {@code waiting} says: announces the wait, follows the job, prints the outcome
     * (and report) and returns the exit code.
     *
     * @param cancelByDefault whether Ctrl-C stops the job when {@code --cancel-on-interrupt} is not given
     */
    int follow(JobRef job, WaitMode mode, WaitOptions waiting, boolean cancelByDefault) {
        return follow(job, mode, waiting, cancelByDefault, null);
    }

    /**
     * As {@link #follow(JobRef, WaitMode, WaitOptions, boolean)}; with {@code guard} (a submit's, installed
     * before its create call) an interrupt is handled by that guard instead of a new {@link InterruptGuard}.
     */
    int follow(JobRef job, WaitMode mode, WaitOptions waiting, boolean cancelByDefault, SubmitGuard guard) {
        terminal.progress("waiting for job " + job.id() + " to be " + mode.name().toLowerCase(Locale.ROOT)
                + " (pending timeout " + DurationText.format(waiting.pendingTimeout) + ")");
        Watch watch = start(job, waiting.policy(mode.target()));
        if (guard != null) {
            if (!guard.watching(watch)) {
                return guard.stopAfterInterrupt(platform, job, watch);
            }
            return finish(job, watch.outcome().join(), waiting);
        }
        try (InterruptGuard interrupts = InterruptGuard.install(env, terminal, List.of(watch), List.of(job),
                waiting.cancelOnInterrupt(cancelByDefault))) {
            return finish(job, watch.outcome().join(), waiting);
        }
    }

    /** Prints the outcome, then applies core's rule for a job the failed wait leaves on the platform. */
    private int finish(JobRef job, Outcome outcome, WaitOptions waiting) {
        int code = OutcomePrinter.print(terminal, job, outcome, waiting.reportFile);
        String left = FailureCleanup.apply(platform, job, outcome, waiting.cancelOnFailure(false),
                "--cancel-on-failure", "trainjob cancel " + job.id());
        if (left != null) {
            terminal.progress(left);
        }
        return code;
    }

    /** Waits for one watch, prints its outcome (and report) and returns the exit code. */
    int awaitAndPrint(JobRef job, Watch watch, boolean stopRemoteOnInterrupt, Path reportFile) {
        try (InterruptGuard guard = InterruptGuard.install(env, terminal, List.of(watch), List.of(job),
                stopRemoteOnInterrupt)) {
            Outcome outcome = watch.outcome().join();
            return OutcomePrinter.print(terminal, job, outcome, reportFile);
        }
    }

    @Override
    public void close() {
        monitor.close();
    }
}

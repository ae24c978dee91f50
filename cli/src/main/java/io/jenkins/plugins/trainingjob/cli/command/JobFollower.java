package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.terminal.InterruptGuard;
import io.jenkins.plugins.trainingjob.cli.terminal.LiveStatusLine;
import io.jenkins.plugins.trainingjob.cli.terminal.SubmitGuard;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorClock;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.monitor.PlatformResolver;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
    private OutputRules outputRules = OutputRules.none();

    private final Map<String, Object> extra = new LinkedHashMap<>();

    JobFollower(CliEnvironment env, Terminal terminal, TrainingPlatform platform) {
        this(env, terminal, platform, resolver -> new JobMonitor(resolver, env.clock()));
    }

    /** On another time base for deadlines and waits alike: the demo's run in simulated time. */
    JobFollower(CliEnvironment env, Terminal terminal, TrainingPlatform platform, MonitorClock clock) {
        this(env, terminal, platform, resolver -> new JobMonitor(resolver, clock));
    }

    private JobFollower(
            CliEnvironment env,
            Terminal terminal,
            TrainingPlatform platform,
            Function<PlatformResolver, JobMonitor> monitors) {
        this.env = env;
        this.terminal = terminal;
        this.platform = platform;
        this.monitor = monitors.apply(id -> {
            if (!CONNECTION_ID.equals(id)) {
                throw new IllegalArgumentException("unknown connection " + id);
            }
            return platform;
        });
    }

    /**
     * The spec's outputs, read from the log when the job ends; without a spec (await) only the
     * {@code trainjob-output} lines are.
     */
    JobFollower readingOutputs(OutputRules rules) {
        this.outputRules = rules;
        return this;
    }

    /** Starts watching; the monitor's lines name the platform and the job, so two jobs read apart. */
    Watch start(JobRef job, WatchPolicy policy) {
        return start(job, policy, WaitBudget.NONE, null);
    }

    /**
     * With a live status line: it shows the latest state and the time waited, so the heartbeat's
     * "still waiting" lines are left out; every other event is still printed above it.
     */
    private Watch start(JobRef job, WatchPolicy policy, WaitBudget budget, LiveStatusLine live) {
        return monitor.watch(CONNECTION_ID, job, policy, budget, new WatchListener() {
            @Override
            public void onEvent(MonitorEvent event) {
                if (live != null) {
                    live.update(currentOf(event));
                    if (event instanceof MonitorEvent.DiagnosisStarted) {
                        live.activity("diagnosing");
                    }
                    if (event instanceof MonitorEvent.EtaChanged e) {
                        live.eta(e.eta());
                    }
                    if (event instanceof MonitorEvent.Heartbeat) {
                        return;
                    }
                }
                terminal.progress(event.message());
            }
        });
    }

    private static JobStatus currentOf(MonitorEvent event) {
        if (event instanceof MonitorEvent.StateChanged e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.QueuePositionChanged e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.Heartbeat e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.DiagnosisStarted e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.DiagnosisWaiting e) {
            return e.current();
        }
        return null;
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
        terminal.progress(
                "waiting until job " + job.id() + (mode == WaitMode.COMPLETED ? " has finished" : " is scheduled")
                        + " (pending timeout " + DurationText.format(waiting.pendingTimeout) + ")");
        LiveStatusLine live = terminal.live() ? new LiveStatusLine(terminal, env.clock(), job) : null;
        try {
            Watch watch = start(job, waiting.policy(mode.target()), waiting.budget(), live);
            if (guard != null) {
                if (!guard.watching(watch)) {
                    if (live != null) {
                        live.close();
                    }
                    return guard.stopAfterInterrupt(platform, job, watch);
                }
                return finish(job, watch, waiting, live);
            }
            try (InterruptGuard interrupts = InterruptGuard.install(
                    env, terminal, List.of(watch), List.of(job), waiting.cancelOnInterrupt(cancelByDefault))) {
                return finish(job, watch, waiting, live);
            }
        } finally {
            if (live != null) {
                live.close();
            }
        }
    }

    /** Waits for the outcome and ends the wait as every path does ({@link WaitEnd}). */
    private int finish(JobRef job, Watch watch, WaitOptions waiting, LiveStatusLine live) {
        Outcome outcome = watch.outcome().join();
        if (live != null) {
            live.close();
        }
        return WaitEnd.finish(
                terminal,
                env.interrupts(),
                platform,
                job,
                outcome,
                waiting,
                outputRules,
                extra,
                List.of(),
                watch.eta());
    }

    /** Payload keys every outcome document of this follower carries (the submit's {@code reused}). */
    JobFollower with(String key, Object value) {
        extra.put(key, value);
        return this;
    }

    /** Waits for one watch, prints its outcome (and report) and returns the exit code. */
    int awaitAndPrint(JobRef job, Watch watch, boolean stopRemoteOnInterrupt, Path reportFile) {
        return awaitAndPrint(job, watch, stopRemoteOnInterrupt, reportFile, null);
    }

    private int awaitAndPrint(
            JobRef job, Watch watch, boolean stopRemoteOnInterrupt, Path reportFile, LiveStatusLine live) {
        try (InterruptGuard guard =
                InterruptGuard.install(env, terminal, List.of(watch), List.of(job), stopRemoteOnInterrupt)) {
            Outcome outcome = watch.outcome().join();
            if (live != null) {
                live.close();
            }
            return OutcomePrinter.print(
                    terminal,
                    job,
                    outcome,
                    reportFile,
                    new OutcomePrinter.End(new OutcomeSummary(job, outcome, null, null, ""), false, null, null, false),
                    Map.of(),
                    watch.eta());
        }
    }

    @Override
    public void close() {
        monitor.close();
    }
}

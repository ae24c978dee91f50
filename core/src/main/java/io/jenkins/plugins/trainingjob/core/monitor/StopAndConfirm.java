package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.outcome.JobLine;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Stops a cancelled watch's job on the platform and confirms that it ended: one stop call, then a status
 * read every {@link MonitorSettings#stopConfirmInterval()} until the job is terminal or
 * {@link MonitorSettings#stopConfirmTimeout()} has passed. It ends in one {@link Outcome.Cancelled} that says
 * which: {@link #stopped stopped}, {@link #stopFailed the stop failed}, or {@link #notConfirmed requested but
 * not confirmed}.
 *
 * <p>In the watch's discipline ({@link WatchSteps}): every step runs on the scheduler thread, one call or the
 * watch's one timer is outstanding at a time, and nothing continues once the watch has ended otherwise (the
 * monitor closed). Its steps run while the watch is cancelling, which stops the watch's own.
 */
final class StopAndConfirm {
    private final MonitorRuntime runtime;
    private final ConnectionGroup group;
    private final WatchSteps steps;
    /** Each status read, for the watch to announce. */
    private final Consumer<JobStatus> seen;
    /** How the stop ended: the watch's outcome. */
    private final Consumer<Outcome> end;

    /**
     * Where a stop stands: its job, the last status read (or the watch's stand-in), and when confirming
     * gives up ({@code null} until the platform accepted the stop).
     */
    private record Stopping(JobRef job, JobStatus last, Instant deadline) {
        Stopping requested(Instant giveUpAt) {
            return new Stopping(job, last, giveUpAt);
        }

        Stopping read(JobStatus status) {
            return new Stopping(job, status, deadline);
        }
    }

    StopAndConfirm(
            MonitorRuntime runtime,
            ConnectionGroup group,
            WatchSteps steps,
            Consumer<JobStatus> seen,
            Consumer<Outcome> end) {
        this.runtime = runtime;
        this.group = group;
        this.steps = steps;
        this.seen = seen;
        this.end = end;
    }

    /** Asks the platform to stop {@code job}; {@code last} is the watch's last status, or its stand-in. */
    void start(JobRef job, JobStatus last) {
        Stopping stopping = new Stopping(job, last, null);
        runtime.call(
                group.kind(),
                "stop job",
                () -> {
                    group.platform().cancel(job);
                    return job;
                },
                r -> onStopRequested(r, stopping));
    }

    private void onStopRequested(CallResult<JobRef> r, Stopping stopping) {
        if (steps.ended()) {
            return;
        }
        if (!r.ok()) {
            stopFailed(stopping, r.error().getMessage());
            return;
        }
        confirm(stopping.requested(runtime.now().plus(runtime.settings().stopConfirmTimeout())));
    }

    private void confirm(Stopping stopping) {
        if (steps.ended()) {
            return;
        }
        JobRef job = stopping.job();
        runtime.call(group.kind(), "job status", () -> group.platform().status(job), r -> onStatus(r, stopping));
    }

    private void onStatus(CallResult<JobStatus> r, Stopping stopping) {
        if (steps.ended()) {
            return;
        }
        Stopping now = stopping;
        if (r.ok()) {
            now = stopping.read(r.value());
            seen.accept(r.value());
            if (r.value().phase().isTerminal()) {
                stopped(now);
                return;
            }
        }
        if (!runtime.now().isBefore(now.deadline())) {
            notConfirmed(now);
            return;
        }
        Stopping next = now;
        steps.after(runtime.settings().stopConfirmInterval(), () -> confirm(next));
    }

    private void stopFailed(Stopping stopping, String error) {
        end.accept(
                new Outcome.Cancelled(stopping.last(), false, "stopping the job failed: " + ConsoleText.strip(error)));
    }

    private void stopped(Stopping stopping) {
        end.accept(new Outcome.Cancelled(stopping.last(), true, "job stopped: " + JobLine.state(stopping.last())));
    }

    private void notConfirmed(Stopping stopping) {
        end.accept(new Outcome.Cancelled(
                stopping.last(),
                false,
                "stop requested, but the job is still " + JobLine.state(stopping.last()) + " after "
                        + DurationText.exact(runtime.settings().stopConfirmTimeout())));
    }
}

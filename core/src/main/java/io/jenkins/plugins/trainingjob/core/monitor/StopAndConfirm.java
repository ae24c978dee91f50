package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
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
    private final JobRef job;
    /** Each status read, for the watch to announce. */
    private final Consumer<JobStatus> seen;
    /** How the stop ended: the watch's outcome. */
    private final Consumer<Outcome> end;

    // Scheduler-thread state.
    /** The last status read, or the stand-in the watch had. */
    private JobStatus last;

    private Instant deadline;

    StopAndConfirm(
            MonitorRuntime runtime,
            ConnectionGroup group,
            WatchSteps steps,
            JobRef job,
            JobStatus last,
            Consumer<JobStatus> seen,
            Consumer<Outcome> end) {
        this.runtime = runtime;
        this.group = group;
        this.steps = steps;
        this.job = job;
        this.last = last;
        this.seen = seen;
        this.end = end;
    }

    /** Asks the platform to stop the job. */
    void start() {
        runtime.call(
                group.kind(),
                "stop job",
                () -> {
                    group.platform().cancel(job);
                    return job;
                },
                this::onStopRequested);
    }

    private void onStopRequested(CallResult<JobRef> r) {
        if (steps.ended()) {
            return;
        }
        if (!r.ok()) {
            stopFailed(r.error().getMessage());
            return;
        }
        deadline = runtime.now().plus(runtime.settings().stopConfirmTimeout());
        confirm();
    }

    private void confirm() {
        if (steps.ended()) {
            return;
        }
        runtime.call(group.kind(), "job status", () -> group.platform().status(job), this::onStatus);
    }

    private void onStatus(CallResult<JobStatus> r) {
        if (steps.ended()) {
            return;
        }
        if (r.ok()) {
            last = r.value();
            seen.accept(last);
            if (last.phase().isTerminal()) {
                stopped();
                return;
            }
        }
        if (!runtime.now().isBefore(deadline)) {
            notConfirmed();
            return;
        }
        steps.after(runtime.settings().stopConfirmInterval(), this::confirm);
    }

    private void stopFailed(String error) {
        end.accept(new Outcome.Cancelled(last, false, "stopping the job failed: " + ConsoleText.strip(error)));
    }

    private void stopped() {
        end.accept(new Outcome.Cancelled(last, true, "job stopped: " + OutcomeMessages.state(last)));
    }

    private void notConfirmed() {
        end.accept(new Outcome.Cancelled(
                last,
                false,
                "stop requested, but the job is still " + OutcomeMessages.state(last) + " after "
                        + DurationText.format(runtime.settings().stopConfirmTimeout())));
    }
}

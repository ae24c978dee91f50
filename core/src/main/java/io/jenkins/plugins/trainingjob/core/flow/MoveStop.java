package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.CallResult;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Stops a job before a move and confirms the stop by reading its state, on the monitor's threads: one call
 * or one timer outstanding, as a watch. Never two jobs for one submit: only a state that says the job has
 * stopped confirms it ({@link TrainingPlatform#stillStopping}: SenseCore's {@code SUSPENDING} does not); a
 * job seen started while being stopped is reported, and kept by the flow; no answer within the monitor's
 * stop confirmation ({@code MonitorSettings.stopConfirmTimeout}) leaves it unconfirmed.
 */
final class MoveStop {

    /** How the stop ended. */
    enum Result {
        /** The job's state says it stopped. */
        STOPPED,
        /** The job started (or ended successfully) while being stopped. */
        STARTED,
        /** The stop was asked for, but no state confirmed it in time. */
        UNCONFIRMED,
        /** The stop call itself failed. */
        FAILED
    }

    /** The result, the last state read ({@code null} when none), and a detail in words for a failure. */
    record Ended(Result result, JobStatus last, String detail) {}

    private final MonitorTasks tasks;
    private final TrainingPlatform platform;
    private final JobRef job;
    private final Consumer<Ended> then;
    private Instant deadline;
    private JobStatus last;
    private boolean over;

    private MoveStop(MonitorTasks tasks, TrainingPlatform platform, JobRef job, Consumer<Ended> then) {
        this.tasks = tasks;
        this.platform = platform;
        this.job = job;
        this.then = then;
    }

    /** Asks for the stop and confirms it; {@code then} runs once, on the scheduler thread. */
    static void start(MonitorTasks tasks, TrainingPlatform platform, JobRef job, Consumer<Ended> then) {
        MoveStop stop = new MoveStop(tasks, platform, job, then);
        boolean asked = tasks.call(
                platform.kind(),
                "stop job",
                () -> {
                    platform.cancel(job);
                    return job;
                },
                stop::onStopAsked);
        if (!asked) {
            stop.over = true; // the monitor closed: its close hook ends the flow
        }
    }

    private void onStopAsked(CallResult<JobRef> r) {
        if (over) {
            return;
        }
        if (!r.ok()) {
            end(new Ended(Result.FAILED, null, ConsoleText.strip(r.error().getMessage())));
            return;
        }
        deadline = tasks.now().plus(tasks.settings().stopConfirmTimeout());
        read();
    }

    private void read() {
        if (over) {
            return;
        }
        if (!tasks.call(platform.kind(), "job status", () -> platform.status(job), this::onStatus)) {
            over = true;
        }
    }

    private void onStatus(CallResult<JobStatus> r) {
        if (over) {
            return;
        }
        if (r.ok()) {
            last = r.value();
            JobPhase phase = last.phase();
            if ((phase == JobPhase.STOPPED || phase == JobPhase.FAILED) && !platform.stillStopping(last)) {
                end(new Ended(Result.STOPPED, last, ""));
                return;
            }
            if (phase == JobPhase.STARTING || phase == JobPhase.RUNNING || phase == JobPhase.SUCCEEDED) {
                end(new Ended(Result.STARTED, last, ""));
                return;
            }
        }
        if (!tasks.now().isBefore(deadline)) {
            end(new Ended(Result.UNCONFIRMED, last, "no state confirmed the stop in time"));
            return;
        }
        if (tasks.schedule(this::read, tasks.settings().stopConfirmInterval()) == null) {
            over = true;
        }
    }

    private void end(Ended ended) {
        over = true;
        then.accept(ended);
    }
}

package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/**
 * What happens to a job when the wait for it fails while the job lives on: unschedulable (exit 3) or
 * timed out (exit 4). It is never left behind silently: with cancel-on-failure it is stopped and the
 * line says so; without, the line says it is still there and how to stop it. One rule for the CLI and
 * the Jenkins steps; only the option's name and the stop hint differ.
 */
public final class FailureCleanup {

    private FailureCleanup() {}

    /** Whether the outcome ends the wait with the job still on the platform. */
    public static boolean leavesJob(Outcome outcome) {
        return switch (outcome.kind()) {
            case UNSCHEDULABLE, TIMED_OUT, NOT_STARTED_IN_BUDGET -> true;
            // the wait succeeded, the job ended or was stopped, or the platform is not answering
            case SCHEDULED, COMPLETED, JOB_FAILED, CANCELLED, PLATFORM_ERROR -> false;
        };
    }

    /**
     * As {@link #leavesJob(Outcome)}, for a front end where an unschedulable job need not fail the wait
     * (Jenkins' {@code failOnUnschedulable: false}): a wait that goes on leaves the job in its queue.
     */
    public static boolean leavesJob(Outcome outcome, boolean unschedulableFails) {
        return outcome.kind() == OutcomeKind.TIMED_OUT
                || outcome.kind() == OutcomeKind.NOT_STARTED_IN_BUDGET
                || unschedulableFails && outcome.kind() == OutcomeKind.UNSCHEDULABLE;
    }

    /**
     * Applies the rule to a finished wait.
     *
     * @param cancelOnFailure whether to stop the job
     * @param optionName how the option is spelled where the user sets it ({@code --cancel-on-failure})
     * @param stopHint what a person runs to stop it ({@code trainjob cancel <id>})
     * @return the line to print, or {@code null} when the outcome leaves nothing behind
     */
    static String apply(
            TrainingPlatform platform,
            JobRef job,
            Outcome outcome,
            boolean cancelOnFailure,
            String optionName,
            String stopHint) {
        return cleanUp(platform, job, outcome, cancelOnFailure, optionName, stopHint)
                .line();
    }

    /**
     * What {@link #cleanUp} did: the line to print ({@code null}: nothing left behind) and whether this call
     * stopped the job, so a result written afterwards (the CLI's JSON) says so instead of the phase it read
     * before the stop (review R13).
     */
    public record Cleanup(String line, boolean stopped) {}

    /** As {@link #apply}, also telling whether the job was stopped. */
    static Cleanup cleanUp(
            TrainingPlatform platform,
            JobRef job,
            Outcome outcome,
            boolean cancelOnFailure,
            String optionName,
            String stopHint) {
        if (!leavesJob(outcome)) {
            return new Cleanup(null, false);
        }
        String id = ConsoleText.strip(job.id());
        String where = job.platform().displayName();
        if (!cancelOnFailure) {
            return new Cleanup(
                    "job " + id + " is still " + state(outcome) + " on " + where + "; stop it with: " + stopHint
                            + " (or set " + optionName + ")",
                    false);
        }
        try {
            platform.cancel(job);
            return new Cleanup("stopped job " + id + " on " + where + " (" + optionName + ")", true);
        } catch (PlatformException e) {
            return new Cleanup(
                    "stopping job " + id + " failed (" + ConsoleText.strip(e.getMessage()) + "); it is still "
                            + state(outcome) + " on " + where + "; stop it with: " + stopHint,
                    false);
        }
    }

    private static String state(Outcome outcome) {
        JobStatus last = outcome.lastStatus();
        if (last == null) {
            return "there";
        }
        return last.phase() == JobPhase.PENDING
                ? "queued"
                : last.phase() == JobPhase.STARTING || last.phase() == JobPhase.RUNNING ? "running" : "there";
    }
}

package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.CallResult;
import io.jenkins.plugins.trainingjob.core.monitor.JobEndRead;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What happens when the last wait of a submit (or of an await) ends, before anything is printed: core's
 * clean-up rule for a job the failed wait leaves on the platform ({@link FailureCleanup}), the job's state
 * read again after a stop (so a report written afterwards agrees with it), then what a finished job's log
 * gives (outputs, a failing worker's last lines): the clean-up on the monitor's call pool, the log, many
 * pages, on its read pool.
 */
final class WaitEnding {

    private WaitEnding() {}

    /**
     * @param rules the outputs the job's spec declares ({@link OutputRules#none()} without a spec)
     * @param stop read from the log reader's thread: an interrupt (Ctrl-C, an aborted build) or the monitor
     *     closing cuts the log read short, whose results then say so
     * @param then runs once, on the scheduler thread, with what was done and read; not at all when the
     *     monitor closes meanwhile
     */
    static void run(
            MonitorTasks tasks,
            TrainingPlatform platform,
            JobRef job,
            Outcome outcome,
            SubmitRequest request,
            OutputRules rules,
            BooleanSupplier stop,
            Consumer<SubmitResult.JobEnd> then) {
        FieldNames names = request.names();
        tasks.call(
                platform.kind(),
                "clean up",
                () -> cleanUp(platform, job, outcome, request, names),
                cleaned -> readLog(tasks, platform, job, outcome, rules, stop, cleaned, then));
    }

    private record Cleaned(FailureCleanup.Cleanup cleanup, JobStatus afterStop) {}

    private static Cleaned cleanUp(
            TrainingPlatform platform, JobRef job, Outcome outcome, SubmitRequest request, FieldNames names) {
        if (!FailureCleanup.leavesJob(outcome, request.unschedulableFails())) {
            return new Cleaned(new FailureCleanup.Cleanup(null, false), null);
        }
        FailureCleanup.Cleanup cleanup = FailureCleanup.cleanUp(
                platform,
                job,
                outcome,
                request.cancelOnFailure(),
                names.field("cancelOnFailure"),
                names.stopHint(job.id()));
        JobStatus after = null;
        if (cleanup.stopped()) {
            try {
                after = platform.status(job);
            } catch (PlatformException e) {
                after = null; // the last state read stands
            }
        }
        return new Cleaned(cleanup, after);
    }

    private static void readLog(
            MonitorTasks tasks,
            TrainingPlatform platform,
            JobRef job,
            Outcome outcome,
            OutputRules rules,
            BooleanSupplier stop,
            CallResult<Cleaned> cleaned,
            Consumer<SubmitResult.JobEnd> then) {
        Cleaned c = cleaned.ok() ? cleaned.value() : new Cleaned(new FailureCleanup.Cleanup(null, false), null);
        tasks.read(
                platform.kind(), "read job log", () -> WorkerLogReader.read(platform, job, outcome, rules, stop), r -> {
                    JobEndRead read = r.ok() ? r.value() : new JobEndRead(null, null);
                    then.accept(new SubmitResult.JobEnd(c.cleanup(), c.afterStop(), read.outputs(), read.tail()));
                });
    }
}

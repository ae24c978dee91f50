package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.flow.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.monitor.JobEndRead;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What happens when a watched job's wait ends, whichever path watched it (a plain submit or await, or a
 * submit with fallback targets and retries): core's rule for a job the failed wait leaves on the
 * platform, then what a finished job's log gives (outputs, a failing worker's last lines), then it all
 * printed, {@code --report-file} and {@code --outputs-file} written. One place, so both paths end alike.
 */
final class WaitEnd {

    private WaitEnd() {}

    /**
     * @param interrupts Ctrl-C and SIGTERM: they stop the read of the job's log within a fraction of a second
     * @param platform the connection the job runs on (a fallback target's, when it moved)
     * @param rules the outputs the job's spec declares ({@link OutputRules#none()} without a spec)
     * @param extra payload keys the JSON document carries besides the outcome's
     * @param attempts every attempt of a submit that took several, for the short report; else empty
     * @param eta the watch's last estimate, or {@code null}
     * @return the exit code
     */
    static int finish(
            Terminal terminal,
            InterruptSignal interrupts,
            TrainingPlatform platform,
            JobRef job,
            Outcome outcome,
            WaitOptions waiting,
            OutputRules rules,
            Map<String, Object> extra,
            List<Attempt> attempts,
            Eta eta) {
        // Stop first, print after: a document printed before the stop would still say RUNNING (review R13).
        FailureCleanup.Cleanup cleanup = FailureCleanup.cleanUp(
                platform,
                job,
                outcome,
                waiting.cancelOnFailure(false),
                "--cancel-on-failure",
                "trainjob cancel " + job.id());
        String left = cleanup.line();
        boolean stopRequested = cleanup.stopped();
        JobStatus afterStop = stopRequested ? statusAfterStop(platform, job) : null;
        // Bounded, off this thread, and stopped at once by Ctrl-C or SIGTERM (review 2, N3).
        AtomicBoolean interrupted = new AtomicBoolean();
        JobEndRead read;
        try (InterruptSignal.Registration r = interrupts.onInterrupt(() -> interrupted.set(true))) {
            read = WorkerLogReader.read(platform, job, outcome, rules, interrupted::get);
        }
        OutcomeSummary summary =
                new OutcomeSummary(job, outcome, read.outputs(), read.tail(), left, afterStop, attempts);
        int code = OutcomePrinter.print(
                terminal,
                job,
                outcome,
                waiting.reportFile,
                new OutcomePrinter.End(
                        summary,
                        stopRequested,
                        afterStop,
                        waiting.outputsFile,
                        !rules.rules().isEmpty(),
                        waiting.outputsPrefix()),
                extra,
                eta);
        if (left != null) {
            terminal.progress(left);
        }
        return code;
    }

    /** The job's state once the stop was asked for; {@code null} (the last read one stands) when the read fails. */
    private static JobStatus statusAfterStop(TrainingPlatform platform, JobRef job) {
        try {
            return platform.status(job);
        } catch (PlatformException e) {
            return null;
        }
    }
}

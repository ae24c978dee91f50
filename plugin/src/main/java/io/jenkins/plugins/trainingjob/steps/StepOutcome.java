package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import io.jenkins.plugins.trainingjob.report.PendingTime;
import io.jenkins.plugins.trainingjob.report.PendingTimeAction;
import io.jenkins.plugins.trainingjob.report.ReportArchive;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

/**
 * Turns a watch's outcome into a step result, the same way for Pipeline steps and the freestyle builder:
 * the outcome's own line in the log; for an unschedulable job the console report, the archived report
 * and, with {@code failOnUnschedulable}, a failure whose message is the report's headline.
 */
final class StepOutcome {
    private StepOutcome() {
    }

    /**
     * @return the step's result
     * @throws AbortException when the step must fail (the message is what the build log ends with)
     */
    static Map<String, Object> apply(Outcome outcome, JobRef job, boolean failOnUnschedulable, Run<?, ?> run,
            TaskListener listener) throws AbortException {
        return apply(outcome, job, failOnUnschedulable, run, listener, null);
    }

    /**
     * @param eta the watch's last estimate of when the job starts, or {@code null} (none made, or a watch
     *     resumed after a restart); a budget's outcome and a report carry their own
     */
    static Map<String, Object> apply(Outcome outcome, JobRef job, boolean failOnUnschedulable, Run<?, ?> run,
            TaskListener listener, Eta eta) throws AbortException {
        PrintStream log = listener.getLogger();
        log.println(outcome.message());
        WaitEstimate estimate = estimateOf(outcome, eta);
        if (outcome.kind() != OutcomeKind.UNSCHEDULABLE && outcome.kind() != OutcomeKind.NOT_STARTED_IN_BUDGET) {
            recordWait(run, outcome, job, null, estimate);
        }
        return switch (outcome.kind()) {
            case SCHEDULED, COMPLETED -> StepResult.withEta(StepResult.of(job, outcome.lastStatus(), null), estimate);
            case UNSCHEDULABLE -> StepResult.withEta(unschedulable((Outcome.Unschedulable) outcome, job,
                    failOnUnschedulable, run, log, estimate), estimate);
            case NOT_STARTED_IN_BUDGET -> throw notStartedInBudget((Outcome.NotStartedInBudget) outcome, job, run,
                    log, estimate);
            case JOB_FAILED, TIMED_OUT, CANCELLED -> throw new AbortException(outcome.message());
            case PLATFORM_ERROR -> throw new AbortException(OutcomeClass.of(outcome) == OutcomeClass.JOB_VANISHED
                    ? OutcomeClass.JOB_VANISHED.meaning() + ": " + outcome.message() : outcome.message());
        };
    }

    /** The estimate the outcome's report carries, else the one the outcome or the watch had. */
    private static WaitEstimate estimateOf(Outcome outcome, Eta watched) {
        if (outcome instanceof Outcome.Unschedulable u && u.report().eta() != null) {
            return u.report().eta();
        }
        if (outcome instanceof Outcome.NotStartedInBudget b && b.eta() != null) {
            return b.eta().toReport();
        }
        return watched == null ? null : watched.toReport();
    }

    /**
     * The budget ran out (or p10 showed it would): the FITS_LATER report the wait went on with is printed and
     * archived, the build page records the wait, and the step fails with the outcome's line.
     */
    private static AbortException notStartedInBudget(Outcome.NotStartedInBudget outcome, JobRef job, Run<?, ?> run,
            PrintStream log, WaitEstimate estimate) {
        ArchivedReport archived = outcome.report() == null ? null : report(outcome.report(), run, log);
        if (estimate != null) {
            log.println(ConsoleText.strip(estimate.summary()));
        }
        recordWait(run, outcome, job, archived, estimate);
        return new AbortException(outcome.message());
    }

    /** For the job page's pending-time trend; never what decides how the step ends. */
    private static void recordWait(Run<?, ?> run, Outcome outcome, JobRef job, ArchivedReport archived,
            WaitEstimate eta) {
        try {
            PendingTimeAction.record(run, PendingTime.of(outcome, job, archived == null ? null : archived.url(),
                    eta));
        } catch (RuntimeException e) {
            // a build whose record cannot take one more action still ends as its wait did
        }
    }

    /**
     * The failure of a job left pending, in the words of the CLI's exit-code table ("still pending (retrying
     * later may help): Job X cannot be scheduled ..."), so a person knows at once whether to retry, fix the
     * job or call the pool administrator.
     */
    static String unschedulableMessage(DiagnosisReport report) {
        return OutcomeClass.ofPending(report.verdict()).meaning() + ": " + ConsoleText.strip(report.headline());
    }

    private static Map<String, Object> unschedulable(Outcome.Unschedulable outcome, JobRef job,
            boolean failOnUnschedulable, Run<?, ?> run, PrintStream log, WaitEstimate estimate) throws AbortException {
        ArchivedReport archived = report(outcome.report(), run, log);
        recordWait(run, outcome, job, archived, estimate);
        if (failOnUnschedulable) {
            throw new AbortException(unschedulableMessage(outcome.report()));
        }
        return StepResult.of(job, outcome.status(), archived);
    }

    /** Prints the console report and archives the files; a failure to archive is reported, not fatal. */
    static ArchivedReport report(DiagnosisReport report, Run<?, ?> run, PrintStream log) {
        for (String line : ReportFormat.TEXT.render(report).split("\n", -1)) {
            log.println(ConsoleText.strip(line));
        }
        try {
            ArchivedReport archived = ReportArchive.attach(run, report);
            log.println(Messages.Report_Archived(archived.url()));
            return archived;
        } catch (IOException | RuntimeException e) {
            log.println(Messages.Report_NotArchived(ConsoleText.strip(String.valueOf(e.getMessage()))));
            return null;
        }
    }

    /** A message that may span lines (a spec's problem list), each line stripped of control characters. */
    static String consoleLines(String message) {
        if (message == null) {
            return "";
        }
        return java.util.Arrays.stream(message.split("\\R")).map(ConsoleText::strip)
                .collect(java.util.stream.Collectors.joining("\n"));
    }
}

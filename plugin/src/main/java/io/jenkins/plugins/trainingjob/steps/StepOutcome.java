package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
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
        PrintStream log = listener.getLogger();
        log.println(outcome.message());
        if (outcome.kind() != OutcomeKind.UNSCHEDULABLE) {
            recordWait(run, outcome, job, null);
        }
        return switch (outcome.kind()) {
            case SCHEDULED, COMPLETED -> StepResult.of(job, outcome.lastStatus(), null);
            case UNSCHEDULABLE -> unschedulable((Outcome.Unschedulable) outcome, job, failOnUnschedulable, run, log);
            case JOB_FAILED, TIMED_OUT, NOT_STARTED_IN_BUDGET, CANCELLED -> throw new AbortException(outcome.message());
            case PLATFORM_ERROR -> throw new AbortException(OutcomeClass.of(outcome) == OutcomeClass.JOB_VANISHED
                    ? OutcomeClass.JOB_VANISHED.meaning() + ": " + outcome.message() : outcome.message());
        };
    }

    /** For the job page's pending-time trend; never what decides how the step ends. */
    private static void recordWait(Run<?, ?> run, Outcome outcome, JobRef job, ArchivedReport archived) {
        try {
            PendingTimeAction.record(run, PendingTime.of(outcome, job, archived == null ? null : archived.url()));
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
            boolean failOnUnschedulable, Run<?, ?> run, PrintStream log) throws AbortException {
        ArchivedReport archived = report(outcome.report(), run, log);
        recordWait(run, outcome, job, archived);
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

package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.JobEndRead;
import io.jenkins.plugins.trainingjob.core.monitor.JobFailure;
import io.jenkins.plugins.trainingjob.core.monitor.JobOutputs;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import io.jenkins.plugins.trainingjob.report.JobEndArchive;
import io.jenkins.plugins.trainingjob.report.PendingTime;
import io.jenkins.plugins.trainingjob.report.PendingTimeAction;
import io.jenkins.plugins.trainingjob.report.ReportArchive;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Turns a watch's outcome into a step result, the same way for Pipeline steps and the freestyle builder:
 * the outcome's own line in the log; for an unschedulable job the console report, the archived report
 * and, with {@code failOnUnschedulable}, a failure whose message is the report's headline.
 */
final class StepOutcome {
    private StepOutcome() {}

    /**
     * What a step needs to read a finished job's log and decide how a failed job ends the step.
     *
     * @param client the connection's client, or {@code null} when it could not be bound (no log read)
     * @param rules the spec's outputs ({@link OutputRules#none()} without a spec: none are read)
     * @param failOnJobFailure whether a failed job fails the step (else the step returns its failure)
     * @param stop polled while the job's log is read: an aborted build or a closing service ends the read
     *     at once (so does an interrupt of the thread that waits for it)
     */
    record JobEnd(TrainingPlatform client, OutputRules rules, boolean failOnJobFailure, BooleanSupplier stop) {
        /** No log read, a failed job fails the step: how steps ended before outputs existed. */
        static final JobEnd NONE = new JobEnd(null, OutputRules.none(), true);

        /** Stopped only by an interrupt of the waiting thread (the freestyle build's, an attempt loop's). */
        JobEnd(TrainingPlatform client, OutputRules rules, boolean failOnJobFailure) {
            this(client, rules, failOnJobFailure, () -> false);
        }
    }

    /**
     * @return the step's result
     * @throws AbortException when the step must fail (the message is what the build log ends with)
     */
    static Map<String, Object> apply(
            Outcome outcome, JobRef job, boolean failOnUnschedulable, Run<?, ?> run, TaskListener listener)
            throws AbortException {
        return apply(outcome, job, failOnUnschedulable, JobEnd.NONE, run, listener, null);
    }

    /** As {@link #apply(Outcome, JobRef, boolean, JobEnd, Run, TaskListener, Eta)} without a watch's estimate. */
    static Map<String, Object> apply(
            Outcome outcome, JobRef job, boolean failOnUnschedulable, JobEnd end, Run<?, ?> run, TaskListener listener)
            throws AbortException {
        return apply(outcome, job, failOnUnschedulable, end, run, listener, null);
    }

    /**
     * As {@link #apply(Outcome, JobRef, boolean, Run, TaskListener)}, reading a finished job's outputs and a
     * failed job's log tail through {@code end.client()}, archiving the short report of every outcome but
     * unschedulable (which has the diagnosis report) with the build, and returning a failed job's details
     * when {@code end.failOnJobFailure()} is off.
     *
     * @param eta the watch's last estimate of when the job starts, or {@code null} (none made, or a watch
     *     resumed after a restart); a budget's outcome and a report carry their own
     */
    static Map<String, Object> apply(
            Outcome outcome,
            JobRef job,
            boolean failOnUnschedulable,
            JobEnd end,
            Run<?, ?> run,
            TaskListener listener,
            Eta eta)
            throws AbortException {
        return apply(outcome, job, failOnUnschedulable, end, run, listener, eta, List.of());
    }

    /**
     * As {@link #apply(Outcome, JobRef, boolean, JobEnd, Run, TaskListener, Eta)} for the last attempt of a
     * submit that took several: its diagnosis report, if any, lists every attempt.
     */
    static Map<String, Object> apply(
            Outcome outcome,
            JobRef job,
            boolean failOnUnschedulable,
            JobEnd end,
            Run<?, ?> run,
            TaskListener listener,
            Eta eta,
            List<Attempt> attempts)
            throws AbortException {
        PrintStream log = listener.getLogger();
        log.println(outcome.message());
        WaitEstimate estimate = estimateOf(outcome, eta);
        if (outcome.kind() != OutcomeKind.UNSCHEDULABLE && outcome.kind() != OutcomeKind.NOT_STARTED_IN_BUDGET) {
            recordWait(run, outcome, job, null, estimate);
        }
        if (outcome.kind() == OutcomeKind.UNSCHEDULABLE
                || outcome.kind() == OutcomeKind.PLATFORM_ERROR
                || outcome.kind() == OutcomeKind.CANCELLED) {
            return finish(outcome, job, failOnUnschedulable, null, Map.of(), log, run, listener, estimate, attempts);
        }
        OutcomeSummary summary = summary(outcome, job, end);
        print(summary, log);
        Map<String, String> archived = Map.of();
        try {
            archived = JobEndArchive.archive(run, listener, summary);
            log.println(Messages.Step_EndArchived(String.join(", ", archived.values())));
        } catch (IOException | RuntimeException e) {
            log.println(Messages.Step_EndNotArchived(ConsoleText.strip(String.valueOf(e.getMessage()))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.println(Messages.Step_EndNotArchived("interrupted"));
        }
        if (outcome.kind() == OutcomeKind.JOB_FAILED && !end.failOnJobFailure()) {
            log.println(Messages.Step_FailureReturned());
            Map<String, Object> result = StepResult.withEta(
                    withEnd(StepResult.of(job, outcome.lastStatus(), null), summary, archived), estimate);
            result.put("failure", failureMap(((Outcome.JobFailed) outcome).failure(), summary));
            return result;
        }
        return finish(outcome, job, failOnUnschedulable, summary, archived, log, run, listener, estimate, attempts);
    }

    private static Map<String, Object> finish(
            Outcome outcome,
            JobRef job,
            boolean failOnUnschedulable,
            OutcomeSummary summary,
            Map<String, String> archived,
            PrintStream log,
            Run<?, ?> run,
            TaskListener listener,
            WaitEstimate estimate,
            List<Attempt> attempts)
            throws AbortException {
        return switch (outcome.kind()) {
            case SCHEDULED, COMPLETED ->
                StepResult.withEta(
                        withEnd(StepResult.of(job, outcome.lastStatus(), null), summary, archived), estimate);
            case UNSCHEDULABLE ->
                StepResult.withEta(
                        unschedulable(
                                (Outcome.Unschedulable) outcome,
                                job,
                                failOnUnschedulable,
                                run,
                                log,
                                estimate,
                                attempts),
                        estimate);
            case NOT_STARTED_IN_BUDGET ->
                throw notStartedInBudget((Outcome.NotStartedInBudget) outcome, job, run, log, estimate, attempts);
            case JOB_FAILED, TIMED_OUT, CANCELLED -> throw new AbortException(outcome.message());
            case PLATFORM_ERROR ->
                throw new AbortException(
                        OutcomeClass.of(outcome) == OutcomeClass.JOB_VANISHED
                                ? OutcomeClass.JOB_VANISHED.meaning() + ": " + outcome.message()
                                : outcome.message());
        };
    }

    /** Reads what the job's log gives (core's rule: only an ended job has outputs, only a failed one a tail). */
    private static OutcomeSummary summary(Outcome outcome, JobRef job, JobEnd end) {
        if (end.client() == null) {
            boolean ended = outcome.kind() == OutcomeKind.COMPLETED || outcome.kind() == OutcomeKind.JOB_FAILED;
            JobOutputs outputs = ended && outcome.lastStatus() != null
                    ? JobOutputs.unavailable(
                            "the connection could not be opened to read the job's log",
                            outcome.lastStatus().phase())
                    : null;
            return new OutcomeSummary(job, outcome, outputs, null, "");
        }
        JobEndRead read = WorkerLogReader.read(end.client(), job, outcome, end.rules(), end.stop());
        return new OutcomeSummary(job, outcome, read.outputs(), read.tail(), "");
    }

    /** The log tail and the outputs in the build log; all remote text already stripped by core. */
    private static void print(OutcomeSummary summary, PrintStream log) {
        WorkerLogReader.LogTail tail = summary.tail();
        if (tail != null && !tail.lines().isEmpty()) {
            log.println(Messages.Step_LogTail(tail.lines().size(), tail.worker()));
            tail.lines().forEach(l -> log.println("  | " + l));
        }
        if (tail != null && !tail.note().isEmpty()) {
            log.println(Messages.Step_LogTailNote(tail.note()));
        }
        JobOutputs outputs = summary.outputs();
        if (outputs != null && !outputs.isAvailable()) {
            log.println(Messages.Step_NoOutputs(outputs.unavailable()));
        } else if (outputs != null && !outputs.values().isEmpty()) {
            log.println(Messages.Step_Outputs(
                    outputs.worker(),
                    String.join(
                            ", ",
                            outputs.values().entrySet().stream()
                                    .map(e -> e.getKey() + "=" + e.getValue())
                                    .toList())));
        }
        if (outputs != null) {
            outputs.notes().forEach(n -> log.println(Messages.Step_Outputs(outputs.worker(), n)));
        }
    }

    /**
     * The result map with what the end added: {@code outputs} (or {@code outputsUnavailable} saying why
     * none were read), {@code outputsNotes}, and the archived files ({@code endReportFiles}, paths under
     * the build's artifacts).
     */
    private static Map<String, Object> withEnd(
            Map<String, Object> result, OutcomeSummary summary, Map<String, String> archived) {
        if (summary != null && summary.outputs() != null) {
            result.putAll(summary.outputs().resultEntries()); // as the CLI's JSON document has them
        }
        if (!archived.isEmpty()) {
            result.put("endReportFiles", new java.util.TreeMap<>(archived));
        }
        return result;
    }

    /**
     * A failed job's details as plain values a script can branch on: {@code reason}, {@code worker},
     * {@code exitCode} (only those the platform said; never an empty string), {@code lastEvents} (one line
     * each, oldest first), {@code logTail} (the failing worker's last lines).
     */
    static Map<String, Object> failureMap(JobFailure failure, OutcomeSummary summary) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (!failure.reason().isEmpty()) {
            map.put("reason", ConsoleText.strip(failure.reason()));
        }
        if (!failure.worker().isEmpty()) {
            map.put("worker", ConsoleText.strip(failure.worker()));
        }
        if (failure.exitCode() != null) {
            map.put("exitCode", failure.exitCode());
        }
        List<String> events = new ArrayList<>();
        for (JobEvent e : failure.lastEvents()) {
            events.add(ConsoleText.strip(e.reason()) + ": " + ConsoleText.strip(e.message()));
        }
        map.put("lastEvents", events);
        if (summary.tail() != null) {
            map.put("logTail", new ArrayList<>(summary.tail().lines()));
        }
        return map;
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
    private static AbortException notStartedInBudget(
            Outcome.NotStartedInBudget outcome,
            JobRef job,
            Run<?, ?> run,
            PrintStream log,
            WaitEstimate estimate,
            List<Attempt> attempts) {
        ArchivedReport archived = outcome.report() == null ? null : report(outcome.report(), attempts, run, log);
        if (estimate != null) {
            log.println(ConsoleText.strip(estimate.summary()));
        }
        recordWait(run, outcome, job, archived, estimate);
        return new AbortException(outcome.message());
    }

    /** For the job page's pending-time trend; never what decides how the step ends. */
    private static void recordWait(
            Run<?, ?> run, Outcome outcome, JobRef job, ArchivedReport archived, WaitEstimate eta) {
        try {
            PendingTimeAction.record(run, PendingTime.of(outcome, job, archived == null ? null : archived.url(), eta));
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

    private static Map<String, Object> unschedulable(
            Outcome.Unschedulable outcome,
            JobRef job,
            boolean failOnUnschedulable,
            Run<?, ?> run,
            PrintStream log,
            WaitEstimate estimate,
            List<Attempt> attempts)
            throws AbortException {
        ArchivedReport archived = report(outcome.report(), attempts, run, log);
        recordWait(run, outcome, job, archived, estimate);
        if (failOnUnschedulable) {
            throw new AbortException(unschedulableMessage(outcome.report()));
        }
        return StepResult.of(job, outcome.status(), archived);
    }

    /** Prints the console report and archives the files; a failure to archive is reported, not fatal. */
    static ArchivedReport report(DiagnosisReport report, Run<?, ?> run, PrintStream log) {
        return report(report, List.of(), run, log);
    }

    /** As {@link #report(DiagnosisReport, Run, PrintStream)}, with a section per attempt of the submit. */
    static ArchivedReport report(DiagnosisReport report, List<Attempt> attempts, Run<?, ?> run, PrintStream log) {
        for (String line : ReportFormat.TEXT.render(report, attempts).split("\n", -1)) {
            log.println(ConsoleText.strip(line));
        }
        return archiveOnly(report, attempts, run, log);
    }

    /**
     * Archives the report's files and the build page's view without printing it: an earlier attempt's
     * diagnosis, which the log already summed up in the line that moved the job on.
     */
    static ArchivedReport archiveOnly(DiagnosisReport report, List<Attempt> attempts, Run<?, ?> run, PrintStream log) {
        try {
            ArchivedReport archived = ReportArchive.attach(run, report, attempts);
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
        return java.util.Arrays.stream(message.split("\\R"))
                .map(ConsoleText::strip)
                .collect(java.util.stream.Collectors.joining("\n"));
    }
}

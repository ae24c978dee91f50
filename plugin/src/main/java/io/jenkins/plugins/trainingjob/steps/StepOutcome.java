package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.flow.SubmitResult;
import io.jenkins.plugins.trainingjob.core.monitor.JobFailure;
import io.jenkins.plugins.trainingjob.core.monitor.JobOutputs;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import io.jenkins.plugins.trainingjob.report.AttemptsAction;
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

/**
 * Turns a watch's outcome into a step result, the same way for Pipeline steps and the freestyle builder:
 * the outcome's own line in the log; for an unschedulable job the console report, the archived report
 * and, with {@code failOnUnschedulable}, a failure whose message is the report's headline.
 */
final class StepOutcome {
    private StepOutcome() {}

    /**
     * How a submit (or an await) ended, as the step's result or failure: the last attempt's outcome as
     * {@link #apply} makes it, every attempt in the log and the result when there were several, the diagnosis
     * of each attempt that moved on archived with the build, and the reused job.
     *
     * @param several whether the submit could take more than one attempt (fallback targets or retries)
     * @throws AbortException when the step must fail (the message is what the build log ends with)
     */
    static Map<String, Object> ofSubmit(
            SubmitResult r,
            boolean several,
            boolean failOnUnschedulable,
            boolean failOnJobFailure,
            Run<?, ?> run,
            TaskListener listener)
            throws AbortException {
        PrintStream log = listener.getLogger();
        if (several && !r.attempts().isEmpty()) {
            AttemptsAction.record(run, r.clientToken(), r.attempts()); // the build page's summary (review R11)
        }
        switch (r.ending()) {
            case REFUSED -> {
                report(r.preflight(), run, log);
                throw new AbortException(ConsoleText.strip(r.preflight().headline()));
            }
            case FAILED -> throw StepFailure.abortOrRethrow(r.error());
            case INTERRUPTED, CLOSED ->
                throw new AbortException(ConsoleText.strip(r.outcome().message()));
            case SUBMITTED -> {
                return withSubmit(StepResult.of(r.job(), r.status(), null), r, several);
            }
            case WAITED -> {
                if (several) {
                    r.attempts().forEach(a -> log.println(a.line()));
                }
                archiveMoved(r, run, log);
                Map<String, Object> value = apply(
                        r.outcome(),
                        r.job(),
                        failOnUnschedulable,
                        r.end(),
                        failOnJobFailure,
                        run,
                        listener,
                        r.eta(),
                        several ? r.attempts() : List.of());
                return withSubmit(value, r, several);
            }
        }
        throw new IllegalStateException("no such ending: " + r.ending());
    }

    /** The diagnosis of each attempt that moved on stays with the build, as the last one's does. */
    private static void archiveMoved(SubmitResult r, Run<?, ?> run, PrintStream log) {
        for (Attempt a : r.attempts()) {
            Outcome o = r.outcomes().get(a.number());
            if (a.number() != r.lastAttempt() && o instanceof Outcome.Unschedulable u && u.report() != null) {
                archiveOnly(u.report(), r.attempts(), run, log);
            }
        }
    }

    /** The result with what a submit adds: its target, token and attempts when it had several, the reused job. */
    private static Map<String, Object> withSubmit(Map<String, Object> value, SubmitResult r, boolean several) {
        Map<String, Object> result = new LinkedHashMap<>(value);
        if (several && r.target() != null) {
            result.put("target", ConsoleText.strip(r.target().label()));
        }
        if (several) {
            result.put("clientToken", r.clientToken());
            result.put("attempts", StepResult.attempts(r.attempts()));
        }
        if (r.reused() != null) {
            result.put("reused", StepResult.reused(r.reused()));
        }
        return result;
    }

    /**
     * A watch's outcome as a step result, the same way for Pipeline steps and the freestyle builder: the
     * outcome's line, the outputs and the failing worker's last lines the end of the wait read, the short
     * report of every outcome but unschedulable (which has the diagnosis report) archived with the build,
     * and a failed job's details returned when {@code failOnJobFailure} is off.
     *
     * @param end what the end of the wait read ({@link SubmitResult.JobEnd}), or {@code null} for nothing
     * @param eta the watch's last estimate of when the job starts, or {@code null}; a budget's outcome and a
     *     report carry their own
     * @param attempts the submit's attempts, for the diagnosis report's section (empty for one attempt)
     */
    static Map<String, Object> apply(
            Outcome outcome,
            JobRef job,
            boolean failOnUnschedulable,
            SubmitResult.JobEnd end,
            boolean failOnJobFailure,
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
        OutcomeSummary summary = new OutcomeSummary(
                job,
                outcome,
                end == null ? null : end.outputs(),
                end == null ? null : end.tail(),
                "",
                end == null ? null : end.afterStop(),
                attempts);
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
        if (outcome.kind() == OutcomeKind.JOB_FAILED && !failOnJobFailure) {
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

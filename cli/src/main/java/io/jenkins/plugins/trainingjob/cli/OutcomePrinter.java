package io.jenkins.plugins.trainingjob.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints how a wait ended and returns its exit code: the outcome's one line (the same words Jenkins
 * shows), and for an unschedulable job the diagnosis report, on stdout; or all of it as one JSON document.
 */
final class OutcomePrinter {

    private OutcomePrinter() {
    }

    static int print(Terminal terminal, JobRef job, Outcome outcome, Path reportFile) {
        return print(terminal, job, outcome, reportFile, Map.of());
    }

    /** As above, with {@code extra} members in the JSON document (a submit's {@code attempts}). */
    static int print(Terminal terminal, JobRef job, Outcome outcome, Path reportFile, Map<String, Object> extra) {
        int exitCode = ExitCode.of(outcome);
        DiagnosisReport report = outcome instanceof Outcome.Unschedulable u ? u.report() : null;
        if (report != null && reportFile != null) {
            try {
                ReportFiles.write(reportFile, ReportFiles.formatFor(reportFile), report);
                terminal.progress("wrote the diagnosis report to " + reportFile);
            } catch (CliException e) {
                // Checked before the wait, but the disk may have changed since: the report still goes to stdout.
                terminal.progress("warning: " + e.getMessage() + "; the report is printed below instead");
            }
        }
        if (terminal.json()) {
            JsonEnvelope doc = terminal.envelope(exitCode, exitCode == ExitCode.JOB_VANISHED ? vanished(job, outcome)
                            : withoutConsolePrefix(unfolded(outcome.message())))
                    .platform(job.platform());
            json(job, outcome).forEach(doc::put);
            extra.forEach(doc::put);
            if (outcome instanceof Outcome.PlatformError) {
                // The watch could not go on: an error, as every command's failure reads.
                doc.put("error", TrainJob.error(ExitCode.kind(exitCode), List.of(JsonEnvelope.oneLine(
                        exitCode == ExitCode.JOB_VANISHED ? vanished(job, outcome) : outcome.message()))));
            }
            terminal.json(doc);
            return exitCode;
        }
        if (outcome instanceof Outcome.PlatformError) {
            // The watch could not go on (an unknown job, a platform down): an error like any other command's.
            terminal.error(exitCode == ExitCode.JOB_VANISHED ? vanished(job, outcome) : unfolded(outcome.message()));
            return exitCode;
        }
        if (report != null) {
            // The report opens with the same headline: on stdout once, the outcome line goes with the progress.
            terminal.progress(outcome.message());
            terminal.result(ReportFormat.TEXT.render(report));
            return exitCode;
        }
        terminal.result(verdict(terminal, outcome, ConsoleText.stripLines(outcome.message())));
        return exitCode;
    }

    /** A job the watch had seen and the platform no longer knows: deleted by someone else, not a typo. */
    static String vanished(JobRef job, Outcome outcome) {
        return "job " + job.id() + " vanished from " + job.platform().displayName() + " while watched: it was "
                + "deleted by someone else (" + withoutConsolePrefix(unfolded(outcome.message())) + ")";
    }

    /** The verdict line coloured on a terminal: green for success, yellow for a timeout, red otherwise. */
    private static String verdict(Terminal terminal, Outcome outcome, String text) {
        int code = ExitCode.of(outcome);
        return code == ExitCode.SUCCESS ? terminal.green(text)
                : code == ExitCode.TIMED_OUT || code == ExitCode.INTERRUPTED ? terminal.yellow(text) : terminal.red(text);
    }

    /** The message for a machine: one line, the console's folding undone. */
    static String unfolded(String message) {
        return String.join(" ", ConsoleText.stripLines(message).lines().map(String::strip).toList());
    }

    /**
     * A JSON document names the job in its own fields: the console's {@code [aihc] job name (id)} prefix
     * is left out of the message ({@code failed: FAILED, exit code 3 ...}).
     */
    static String withoutConsolePrefix(String message) {
        return message.replaceFirst("^\\[[a-z]+] (job \\S+( \\([^)\\s]*\\))? )?", "");
    }

    /**
     * The payload of an outcome's document: the job (named as the platform names it, not by its id alone),
     * how the watch ended, the last status and, for a job left pending, the diagnosis report.
     */
    static Map<String, Object> json(JobRef job, Outcome outcome) {
        Map<String, Object> doc = new LinkedHashMap<>();
        JobStatus status = outcome.lastStatus();
        doc.put("job", named(job, status));
        doc.put("outcome", kind(outcome));
        if (outcome instanceof Outcome.JobFailed failed && !failed.failure().isEmpty()) {
            doc.put("failure", failed.failure());
        }
        if (status != null) {
            doc.put("status", status);
        }
        if (outcome instanceof Outcome.Unschedulable u && u.report() != null) {
            doc.put("report", reportJson(u.report()));
        }
        return doc;
    }

    /** The job with the name its last status gives it, when the caller knew only the id. */
    static JobRef named(JobRef job, JobStatus status) {
        if (status != null && status.job() != null && status.job().id().equals(job.id())
                && !status.job().name().equals(status.job().id())) {
            return status.job();
        }
        return job;
    }

    /** The report as our JSON renderer writes it (versioned, platform in lower case), keys sorted on output. */
    static Object reportJson(DiagnosisReport report) {
        try {
            return Terminal.JSON.readValue(ReportFormat.JSON.render(report), Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the JSON report renderer wrote invalid JSON", e);
        }
    }

    /** The outcome's name in a JSON document: {@code scheduled}, {@code job_failed}, {@code timed_out}, ... */
    static String kind(Outcome outcome) {
        return outcome.kind().name().toLowerCase(Locale.ROOT);
    }
}

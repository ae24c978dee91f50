package io.jenkins.plugins.trainingjob.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.terminal.JsonEnvelope;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.JobFailure;
import io.jenkins.plugins.trainingjob.core.monitor.JobOutputs;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints how a wait ended and returns its exit code: the outcome's one line (the same words Jenkins
 * shows), and for an unschedulable job the diagnosis report, on stdout; or all of it as one JSON document.
 */
public final class OutcomePrinter {

    private OutcomePrinter() {}

    /**
     * What the end of a wait adds to its outcome: the short report (outputs, log tail, cleanup), whether a
     * stop was asked for and the state read after it, where to append the outputs.
     *
     * @param afterStop the status read after the stop, or {@code null}
     * @param outputsFile {@code --outputs-file}, or {@code null}
     * @param outputsDeclared whether the spec declared outputs (then "none available" is worth a line)
     * @param outputsPrefix {@code --outputs-prefix}: what every name in the outputs file starts with
     */
    public record End(
            OutcomeSummary summary,
            boolean stopRequested,
            JobStatus afterStop,
            Path outputsFile,
            boolean outputsDeclared,
            String outputsPrefix) {

        /** With the default outputs prefix. */
        public End(
                OutcomeSummary summary,
                boolean stopRequested,
                JobStatus afterStop,
                Path outputsFile,
                boolean outputsDeclared) {
            this(summary, stopRequested, afterStop, outputsFile, outputsDeclared, OutputsFile.DEFAULT_PREFIX);
        }

        /**
         * What the outputs file gets: STATUS and, for a job that succeeded, its outputs; STATUS alone (the
         * last phase read) when the job did not end or none could be read.
         */
        Map<String, String> fileValues() {
            JobOutputs outputs = summary.outputs();
            if (outputs != null && outputs.phase() != null) {
                return outputs.gateValues();
            }
            JobStatus last = afterStop != null ? afterStop : summary.outcome().lastStatus();
            return Map.of(
                    OutputRules.STATUS,
                    last == null ? JobPhase.UNKNOWN.name() : last.phase().name());
        }
    }

    public static int print(Terminal terminal, JobRef job, Outcome outcome, Path reportFile) {
        return print(
                terminal,
                job,
                outcome,
                reportFile,
                new End(new OutcomeSummary(job, outcome, null, null, ""), false, null, null, false));
    }

    /** With {@code extra} members in the JSON document (a submit's {@code attempts}). */
    public static int print(
            Terminal terminal, JobRef job, Outcome outcome, Path reportFile, Map<String, Object> extra) {
        return print(
                terminal,
                job,
                outcome,
                reportFile,
                new End(new OutcomeSummary(job, outcome, null, null, ""), false, null, null, false),
                extra,
                null);
    }

    public static int print(Terminal terminal, JobRef job, Outcome outcome, Path reportFile, End end) {
        return print(terminal, job, outcome, reportFile, end, Map.of(), null);
    }

    /**
     * As {@link #print(Terminal, JobRef, Outcome, Path, End)}, with payload keys that join the outcome's in
     * the JSON document ({@code reused} for a job returned by the reuse policy).
     */
    public static int print(
            Terminal terminal, JobRef job, Outcome outcome, Path reportFile, End end, Map<String, Object> extra) {
        return print(terminal, job, outcome, reportFile, end, extra, null);
    }

    /**
     * As {@link #print(Terminal, JobRef, Outcome, Path, End, Map)}, with the watch's last estimate.
     *
     * @param eta the watch's last estimate, or {@code null}; a budget's outcome carries its own
     */
    public static int print(
            Terminal terminal,
            JobRef job,
            Outcome outcome,
            Path reportFile,
            End end,
            Map<String, Object> extra,
            Eta eta) {
        int exitCode = ExitCode.of(outcome);
        DiagnosisReport report = afterCleanup(reportOf(outcome), end);
        Eta lastEta = etaOf(outcome, eta);
        if (report != null && reportFile != null) {
            try {
                ReportFiles.write(reportFile, ReportFiles.formatFor(reportFile), report);
                terminal.progress("wrote the diagnosis report to " + reportFile);
            } catch (CliException e) {
                // Checked before the wait, but the disk may have changed since: the report still goes to stdout.
                terminal.progress("warning: " + e.getMessage() + "; the report is printed below instead");
            }
        } else if (reportFile != null) {
            try {
                ReportFiles.write(reportFile, end.summary().render(ReportFiles.formatFor(reportFile)));
                terminal.progress("wrote the " + end.summary().kind() + " report to " + reportFile);
            } catch (CliException e) {
                terminal.progress("warning: " + e.getMessage());
            }
        }
        printEnd(terminal, end);
        if (terminal.json()) {
            JsonEnvelope doc = terminal.envelope(
                            exitCode,
                            exitCode == ExitCode.JOB_VANISHED
                                    ? vanished(job, outcome)
                                    : withoutConsolePrefix(end.summary().headline()))
                    .platform(job.platform());
            Map<String, Object> payload = json(job, outcome);
            if (report != null) {
                payload.put("report", reportJson(report));
            }
            if (lastEta != null) {
                payload.put("eta", EtaJson.of(lastEta));
            }
            payload.forEach(doc::put);
            endJson(end).forEach(doc::put);
            extra.forEach(doc::put);
            if (outcome instanceof Outcome.PlatformError) {
                // The watch could not go on: an error, as every command's failure reads.
                doc.put(
                        "error",
                        JsonEnvelope.error(
                                ExitCode.kind(exitCode),
                                List.of(JsonEnvelope.oneLine(
                                        exitCode == ExitCode.JOB_VANISHED
                                                ? vanished(job, outcome)
                                                : outcome.message()))));
            }
            terminal.json(doc);
            return exitCode;
        }
        if (outcome instanceof Outcome.PlatformError) {
            // The watch could not go on (an unknown job, a platform down): an error like any other command's.
            terminal.error(exitCode == ExitCode.JOB_VANISHED ? vanished(job, outcome) : unfolded(outcome.message()));
            return exitCode;
        }
        if (lastEta != null && outcome instanceof Outcome.NotStartedInBudget) {
            terminal.progress("estimate: " + ConsoleText.strip(lastEta.summary()));
        }
        if (report != null) {
            // The report opens with the same headline: on stdout once, the outcome line goes with the progress.
            terminal.progress(outcome.message());
            terminal.result(ReportFormat.TEXT.render(report));
            return exitCode;
        }
        terminal.result(verdict(terminal, outcome, terminal.lines(outcome.message())));
        return exitCode;
    }

    /**
     * The diagnosis report as it stands after the wait's clean-up: a job stopped by
     * {@code --cancel-on-failure} is said to be stopped in the report's headline, in every format, so the
     * report agrees with the JSON's {@code cleanup} and {@code status}.
     */
    private static DiagnosisReport afterCleanup(DiagnosisReport report, End end) {
        if (report == null || !end.stopRequested() || end.summary().cleanup().isEmpty()) {
            return report;
        }
        return report.toBuilder()
                .headline(
                        report.headline() + "; after the wait: " + end.summary().cleanup())
                .build();
    }

    /**
     * On stderr, before the verdict: the failing worker's last log lines, the outputs, and the outputs
     * file written. All remote text was stripped of control characters by core.
     */
    private static void printEnd(Terminal terminal, End end) {
        WorkerLogReader.LogTail tail = end.summary().tail();
        if (tail != null && !tail.lines().isEmpty()) {
            terminal.progress("last " + tail.lines().size() + " lines of worker " + tail.worker() + "'s log:");
            tail.lines().forEach(l -> terminal.progress("  | " + l));
        }
        if (tail != null && !tail.note().isEmpty()) {
            terminal.progress("log tail: " + tail.note());
        }
        JobOutputs outputs = end.summary().outputs();
        if (outputs == null) {
            if (end.outputsFile() != null) {
                terminal.progress("no outputs: the job did not finish");
            }
        } else if (!outputs.isAvailable()) {
            if (end.outputsDeclared() || end.outputsFile() != null) {
                terminal.progress("no outputs: " + outputs.unavailable());
            }
        } else {
            printOutputs(terminal, end, outputs);
        }
        if (end.outputsFile() != null) {
            Map<String, String> values = end.fileValues();
            try {
                OutputsFile.append(end.outputsFile(), values, end.outputsPrefix());
                terminal.progress(
                        "wrote " + end.outputsPrefix() + OutputRules.STATUS + "=" + values.get(OutputRules.STATUS)
                                + " and " + Plural.count(values.size() - 1, "output", "outputs") + " to "
                                + end.outputsFile());
            } catch (CliException e) {
                terminal.progress("warning: " + e.getMessage());
            }
        }
    }

    private static void printOutputs(Terminal terminal, End end, JobOutputs outputs) {
        if (!outputs.values().isEmpty()) {
            terminal.progress("outputs (worker " + outputs.worker() + "): "
                    + String.join(
                            ", ",
                            outputs.values().entrySet().stream()
                                    .map(e -> e.getKey() + "=" + e.getValue())
                                    .toList()));
        } else if (end.outputsDeclared() || end.outputsFile() != null) {
            terminal.progress("no outputs found in worker " + outputs.worker() + "'s log");
        }
        outputs.notes().forEach(n -> terminal.progress("outputs: " + n));
    }

    /**
     * The JSON keys of the wait's end: {@code outputs} (or {@code outputsUnavailable} saying why none
     * were read), {@code outputsNotes}, {@code logTail}, and {@code cleanup} with the state read after a
     * stop, which replaces the {@code status} read before it.
     */
    static Map<String, Object> endJson(End end) {
        Map<String, Object> doc = new LinkedHashMap<>();
        JobOutputs outputs = end.summary().outputs();
        if (outputs != null) {
            doc.putAll(outputs.resultEntries()); // as the Jenkins steps' result map has them
        }
        WorkerLogReader.LogTail tail = end.summary().tail();
        if (tail != null) {
            Map<String, Object> t = new LinkedHashMap<>();
            if (!tail.worker().isEmpty()) {
                t.put("worker", tail.worker());
            }
            t.put("lines", tail.lines());
            if (!tail.note().isEmpty()) {
                t.put("note", tail.note());
            }
            doc.put("logTail", t);
        }
        if (!end.summary().cleanup().isEmpty()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("message", JsonEnvelope.oneLine(end.summary().cleanup()));
            c.put("stopRequested", end.stopRequested());
            doc.put("cleanup", c);
        }
        if (end.stopRequested()) {
            doc.put("stopped", true);
        }
        if (end.afterStop() != null) {
            doc.put("status", end.afterStop());
        }
        return doc;
    }

    /**
     * A failure as JSON: only what the platform said. An unknown reason, worker or exit code is left
     * out (an absent key means "not known", as everywhere in these documents), never {@code ""}.
     */
    static Map<String, Object> failureJson(JobFailure failure) {
        Map<String, Object> doc = new LinkedHashMap<>();
        if (!failure.reason().isEmpty()) {
            doc.put("reason", failure.reason());
        }
        if (!failure.worker().isEmpty()) {
            doc.put("worker", failure.worker());
        }
        if (failure.exitCode() != null) {
            doc.put("exitCode", failure.exitCode());
        }
        doc.put(
                "lastEvents",
                failure.lastEvents().stream().map(OutcomePrinter::eventJson).toList());
        return doc;
    }

    private static Map<String, Object> eventJson(JobEvent e) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("count", e.count());
        if (e.firstSeen() != null) {
            doc.put("firstSeen", e.firstSeen());
        }
        if (e.lastSeen() != null) {
            doc.put("lastSeen", e.lastSeen());
        }
        doc.put("message", e.message());
        doc.put("reason", e.reason());
        doc.put("type", e.type());
        return doc;
    }

    /** A job the watch had seen and the platform no longer knows: deleted by someone else, not a typo. */
    static String vanished(JobRef job, Outcome outcome) {
        return "job " + job.id() + " vanished from " + job.platform().displayName() + " while watched: it was "
                + "deleted by someone else (" + withoutConsolePrefix(unfolded(outcome.message())) + ")";
    }

    /** The verdict line coloured on a terminal: green for success, yellow for a timeout, red otherwise. */
    private static String verdict(Terminal terminal, Outcome outcome, String text) {
        int code = ExitCode.of(outcome);
        return code == ExitCode.SUCCESS
                ? terminal.green(text)
                : code == ExitCode.TIMED_OUT || code == ExitCode.INTERRUPTED
                        ? terminal.yellow(text)
                        : terminal.red(text);
    }

    /** The message for a machine: one line, the console's folding undone (as the short report's title). */
    public static String unfolded(String message) {
        return ConsoleText.unfolded(message);
    }

    /**
     * A JSON document names the platform in its own field: the console's {@code [aihc]} tag is left out of
     * the message, which keeps its subject ({@code job train-llm (pytorchjob-1b2c) failed: FAILED, exit
     * code 3 ...}), so the sentence says which job even read alone.
     */
    public static String withoutConsolePrefix(String message) {
        return message.replaceFirst("^\\[[a-z]+] ", "");
    }

    /**
     * The payload of an outcome's document: the job (named as the platform names it, not by its id alone),
     * how the watch ended, the last status and, for a job left pending, the diagnosis report.
     */
    public static Map<String, Object> json(JobRef job, Outcome outcome) {
        Map<String, Object> doc = new LinkedHashMap<>();
        JobStatus status = outcome.lastStatus();
        doc.put("job", named(job, status));
        doc.put("outcome", kind(outcome));
        if (outcome instanceof Outcome.JobFailed failed && !failed.failure().isEmpty()) {
            doc.put("failure", failureJson(failed.failure()));
        }
        if (status != null) {
            doc.put("status", status);
        }
        DiagnosisReport report = reportOf(outcome);
        if (report != null) {
            doc.put("report", reportJson(report));
        }
        Eta eta = etaOf(outcome, null);
        if (eta != null) {
            doc.put("eta", EtaJson.of(eta));
        }
        return doc;
    }

    /**
     * The diagnosis report an outcome carries: an unschedulable job's, or the FITS_LATER one a budgeted wait
     * went on with.
     */
    static DiagnosisReport reportOf(Outcome outcome) {
        if (outcome instanceof Outcome.Unschedulable u) {
            return u.report();
        }
        return outcome instanceof Outcome.NotStartedInBudget b ? b.report() : null;
    }

    private static Eta etaOf(Outcome outcome, Eta watched) {
        return outcome instanceof Outcome.NotStartedInBudget b && b.eta() != null ? b.eta() : watched;
    }

    /** The job with the name its last status gives it, when the caller knew only the id. */
    static JobRef named(JobRef job, JobStatus status) {
        if (status != null
                && status.job() != null
                && status.job().id().equals(job.id())
                && !status.job().name().equals(status.job().id())) {
            return status.job();
        }
        return job;
    }

    /** The report as our JSON renderer writes it (versioned, platform in lower case), keys sorted on output. */
    public static Object reportJson(DiagnosisReport report) {
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

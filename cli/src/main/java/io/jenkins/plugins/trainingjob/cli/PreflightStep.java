package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.Preflight;
import io.jenkins.plugins.trainingjob.core.monitor.PreflightMode;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The pre-flight check as {@code submit} and {@code check} run it: one progress line when the job may go
 * on (a warning line when only the administrator can unblock it); the whole report (stdout, or the JSON
 * document) and exit code 3 when it can never fit, 7 when {@code strict} refuses a job that needs the
 * administrator.
 */
final class PreflightStep {

    private PreflightStep() {
    }

    /**
     * What pre-flight decided: stop with {@code exit}, or go on ({@code exit} null) with the report, which
     * the wait uses to say that a job needing the administrator will not start until someone acts.
     */
    record Decision(Integer exit, DiagnosisReport report) {
        static final Decision SKIPPED = new Decision(null, null);
    }

    /** Checks {@code job} unless {@code mode} is off. */
    static Decision run(Terminal terminal, TrainingPlatform platform, JobSpec job, PreflightMode mode, Path reportFile) {
        if (mode == PreflightMode.OFF) {
            return Decision.SKIPPED;
        }
        DiagnosisReport report = Preflight.check(platform, job);
        if (!Preflight.refuses(mode, report)) {
            terminal.progress(Preflight.line(mode, report));
            return new Decision(null, report);
        }
        print(terminal, report, reportFile);
        return new Decision(exitCode(report), report);
    }

    /** 3 for a job that never fits, 7 for one only the pool administrator can unblock, else 0. */
    static int exitCode(DiagnosisReport report) {
        return report.verdict() == Verdict.NEVER_FITS ? ExitCode.UNSCHEDULABLE
                : report.verdict() == Verdict.NEEDS_ADMIN ? ExitCode.NEEDS_ADMIN : ExitCode.SUCCESS;
    }

    /** The report, as {@code check} prints it whatever the verdict. */
    static void print(Terminal terminal, DiagnosisReport report, Path reportFile) {
        if (reportFile != null) {
            ReportFiles.write(reportFile, ReportFiles.formatFor(reportFile), report);
            terminal.progress("wrote the pre-flight report to " + reportFile);
        }
        if (terminal.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("preflight", report.verdict().name());
            doc.put("report", OutcomePrinter.reportJson(report));
            terminal.json(doc);
        } else {
            terminal.result(ReportFormat.TEXT.render(report));
        }
    }

    /** Reads {@code --preflight}; a bad value is invalid input naming the option (exit 2, {@link ExitCode}). */
    static PreflightMode mode(String text) {
        return PreflightMode.parse(text, "--preflight");
    }
}

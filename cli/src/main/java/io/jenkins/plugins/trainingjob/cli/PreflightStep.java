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
 * on; the whole report (stdout, or the JSON document) and exit code 3 when it can never fit.
 */
final class PreflightStep {

    private PreflightStep() {
    }

    /**
     * Checks {@code job} unless {@code mode} is off.
     *
     * @return the exit code to stop with, or {@code null} to go on and create the job
     */
    static Integer run(Terminal terminal, TrainingPlatform platform, JobSpec job, PreflightMode mode, Path reportFile) {
        if (mode == PreflightMode.OFF) {
            return null;
        }
        DiagnosisReport report = Preflight.check(platform, job);
        if (report.verdict() != Verdict.NEVER_FITS) {
            terminal.progress(Preflight.summary(report));
            return null;
        }
        if (!Preflight.refuses(mode, report)) {
            terminal.progress(Preflight.line(mode, report));
            return null;
        }
        int code = ExitCode.ofRefusal(report.verdict());
        print(terminal, report, reportFile, code, mode);
        return code;
    }

    /** The report, as {@code check} prints it whatever the verdict. */
    static void print(Terminal terminal, DiagnosisReport report, Path reportFile, int exitCode, PreflightMode mode) {
        if (reportFile != null) {
            ReportFiles.write(reportFile, ReportFiles.formatFor(reportFile), report);
            terminal.progress("wrote the pre-flight report to " + reportFile);
        }
        if (terminal.json()) {
            Map<String, Object> preflight = new LinkedHashMap<>();
            preflight.put("verdict", report.verdict().name());
            preflight.put("mode", mode.name().toLowerCase(java.util.Locale.ROOT));
            preflight.put("refused", exitCode != ExitCode.SUCCESS);
            terminal.json(terminal.envelope(exitCode, Preflight.summary(report)).platform(report.job().platform())
                    .put("preflight", preflight).put("report", OutcomePrinter.reportJson(report)));
        } else {
            terminal.result(ReportFormat.TEXT.render(report));
        }
    }

    /** Reads {@code --preflight}; a bad value is invalid input naming the option (exit 2, {@link ExitCode}). */
    static PreflightMode mode(String text) {
        return PreflightMode.parse(text, "--preflight");
    }
}

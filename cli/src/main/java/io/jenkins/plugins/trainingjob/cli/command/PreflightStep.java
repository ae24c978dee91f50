package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
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

    private PreflightStep() {}

    /**
     * What pre-flight decided: stop with {@code exit}, or go on ({@code exit} null) with the report, which
     * the wait uses to say that a job needing the administrator will not start until someone acts.
     */
    record Decision(Integer exit, DiagnosisReport report) {
        static final Decision SKIPPED = new Decision(null, null);
    }

    /** Checks {@code job} unless {@code mode} is off. */
    static Decision run(
            Terminal terminal, TrainingPlatform platform, JobSpec job, PreflightMode mode, Path reportFile) {
        if (mode == PreflightMode.OFF) {
            return Decision.SKIPPED;
        }
        DiagnosisReport report = Preflight.check(platform, job);
        if (!Preflight.refuses(mode, report)) {
            terminal.progress(Preflight.line(mode, report));
            return new Decision(null, report);
        }
        int code = ExitCode.ofRefusal(report.verdict());
        print(terminal, report, reportFile, code, mode);
        return new Decision(code, report);
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
            terminal.json(terminal.envelope(exitCode, Preflight.summary(report))
                    .platform(report.job().platform())
                    .put("preflight", preflight)
                    .put("report", OutcomePrinter.reportJson(report)));
        } else {
            terminal.result(ReportFormat.TEXT.render(report));
        }
    }

    /** Reads {@code --preflight}; a bad value is invalid input naming the option (exit 2, {@link ExitCode}). */
    static PreflightMode mode(String text) {
        return PreflightMode.parse(text, "--preflight");
    }
}

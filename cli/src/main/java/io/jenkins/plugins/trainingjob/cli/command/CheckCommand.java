package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "check",
        header = "Check a job against its pool before submitting it; creates nothing.",
        description = {
            "Reads the pool's inventory (nodes, queue, quota) and says whether the job can ever run",
            "there: NEVER_FITS (exit 3, with the report); NEEDS_ADMIN (only the pool administrator can",
            "unblock it: exit 7 with --preflight strict, else 0); FITS_NOW or FITS_LATER (exit 0). When the",
            "inventory cannot be read, or what a rule needs is missing, the verdict is UNKNOWN, the report",
            "says what was not checked and why, and the exit code is 0: submit goes on in that case too."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob check job.yaml", "  trainjob check job.yaml --set WORKERS=4 --report-file preflight.html"
        })
public final class CheckCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    SpecOptions spec;

    @Mixin
    ConnectionOptions connection;

    @Option(
            names = "--report-file",
            paramLabel = "FILE",
            description = "Also write the report to FILE (format from the extension: .txt .md .html .json .xml).")
    Path reportFile;

    @Option(
            names = "--preflight",
            paramLabel = "true|strict",
            defaultValue = "true",
            description = "The mode submit would run with: strict also fails (exit 7) a job that only the pool "
                    + "administrator can unblock (default: ${DEFAULT-VALUE}).")
    String preflight;

    @Override
    public Integer call() {
        PreflightMode mode = PreflightStep.mode(preflight);
        JobSpec job = spec.load(root.env());
        Terminal terminal = root.terminal();
        var settings = ConnectionResolver.resolve(root.env(), connection, job.platform());
        DiagnosisReport report;
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            report = Preflight.check(platform, job);
        }
        int code = report.verdict() == Verdict.NEVER_FITS
                ? ExitCode.UNSCHEDULABLE
                : mode == PreflightMode.STRICT && report.verdict() == Verdict.NEEDS_ADMIN
                        ? ExitCode.NEEDS_ADMIN
                        : ExitCode.SUCCESS;
        PreflightStep.print(terminal, report, reportFile, code, mode);
        return code;
    }
}

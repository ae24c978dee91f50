package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.Preflight;
import io.jenkins.plugins.trainingjob.core.monitor.PreflightMode;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "check",
        header = "Check a job against its pool before submitting it; creates nothing.",
        description = {"Reads the pool's inventory (nodes, queue, quota) and says whether the job can ever run",
            "there: NEVER_FITS (exit 3, with the report), FITS_NOW or FITS_LATER (exit 0). When the",
            "inventory cannot be read the verdict is UNKNOWN, the reason is printed, and the exit code is 0:",
            "submit goes on in that case too."},
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob check job.yaml",
            "  trainjob check job.yaml --set WORKERS=4 --report-file preflight.html"})
final class CheckCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    SpecOptions spec;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--report-file", paramLabel = "FILE",
            description = "Also write the report to FILE (format from the extension: .txt .md .html .json .xml).")
    Path reportFile;

    @Override
    public Integer call() {
        JobSpec job = spec.load(root.env());
        Terminal terminal = root.terminal();
        var settings = ConnectionResolver.resolve(root.env(), connection, job.platform());
        DiagnosisReport report;
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            report = Preflight.check(platform, job);
        }
        int code = report.verdict() == Verdict.NEVER_FITS ? ExitCode.UNSCHEDULABLE : ExitCode.SUCCESS;
        PreflightStep.print(terminal, report, reportFile, code, PreflightMode.ON);
        return code;
    }
}

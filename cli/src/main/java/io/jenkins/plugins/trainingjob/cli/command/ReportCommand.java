package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.output.ReportOutput;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "report",
        header = "Render a saved diagnosis in any format.",
        description = {
            "FILE is an AIHC schedule-diagnosis query response as the API returns it, or a report",
            "trainjob wrote with --format json."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob report diagnosis.json",
            "  trainjob report diagnosis.json --format html --output report.html",
            "  trainjob report diagnosis.json --format junit --output TEST-diagnosis.xml"
        })
public final class ReportCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Parameters(paramLabel = "FILE", description = "The saved diagnosis (JSON).")
    Path file;

    @Mixin
    ReportOutput output;

    @Override
    public Integer call() {
        output.write(root.terminal(), SavedDiagnosis.read(file));
        return ExitCode.SUCCESS;
    }
}

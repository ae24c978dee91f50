package io.jenkins.plugins.trainingjob.cli.output;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --format} and {@code --output}: how and where a diagnosis report is written. */
public final class ReportOutput {

    @Option(
            names = "--format",
            paramLabel = "text|markdown|html|json|junit",
            description = "Report format (default: the --output file's extension, else text, or json with "
                    + "--output-format json).")
    ReportFormat format;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "Write the report to FILE instead of stdout; without --format, the extension picks "
                    + "the format (.txt .md .html .json .xml).")
    Path output;

    /** The format to write: as asked, else as the file's extension says (refused when it says nothing). */
    ReportFormat format(Terminal terminal) {
        if (format != null) {
            return format;
        }
        if (output != null) {
            return ReportFiles.formatFor(output);
        }
        return terminal.json() ? ReportFormat.JSON : ReportFormat.TEXT;
    }

    /** Checks what can be checked before a long wait: the format and that the file can be written. */
    public void check(Terminal terminal) {
        format(terminal);
        if (output != null) {
            ReportFiles.checkWritable(output);
        }
    }

    public void write(Terminal terminal, DiagnosisReport report) {
        ReportFormat f = format(terminal);
        String rendered = f.render(report);
        if (output != null) {
            ReportFiles.write(output, rendered);
            String name = f.name().toLowerCase(java.util.Locale.ROOT);
            if (terminal.json()) {
                terminal.json(terminal.envelope(ExitCode.SUCCESS, "wrote the " + name + " report to " + output)
                        .platform(report.job().platform())
                        .put("file", java.util.Map.of("path", output.toString(), "format", name)));
            } else {
                terminal.progress("wrote the " + name + " report to " + output);
            }
        } else if (terminal.json() && f == ReportFormat.JSON) {
            // One JSON document on stdout: the report under "report", in the envelope every command prints.
            terminal.json(terminal.envelope(ExitCode.SUCCESS, report.headline())
                    .platform(report.job().platform())
                    .put("report", OutcomePrinter.reportJson(report)));
        } else if (terminal.json()) {
            terminal.json(terminal.envelope(ExitCode.SUCCESS, report.headline())
                    .platform(report.job().platform())
                    .put(
                            "rendered",
                            java.util.Map.of("format", f.name().toLowerCase(java.util.Locale.ROOT), "text", rendered)));
        } else {
            terminal.result(rendered);
        }
    }
}

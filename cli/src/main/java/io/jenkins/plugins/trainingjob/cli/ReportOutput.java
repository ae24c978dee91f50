package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --format} and {@code --output}: how and where a diagnosis report is written. */
public final class ReportOutput {

    @Option(names = "--format", paramLabel = "text|markdown|html|json|junit",
            description = "Report format (default: text, or json with --output-format json).")
    ReportFormat format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path output;

    void write(Terminal terminal, DiagnosisReport report) {
        ReportFormat f = format != null ? format : terminal.json() ? ReportFormat.JSON : ReportFormat.TEXT;
        String rendered = f.render(report);
        if (output != null) {
            ReportFiles.write(output, rendered);
            terminal.progress("wrote the " + f.name().toLowerCase(java.util.Locale.ROOT) + " report to " + output);
        } else {
            terminal.result(rendered);
        }
    }
}

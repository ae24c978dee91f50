package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes a rendered report to a file, choosing the format from the file's extension when not given. */
final class ReportFiles {

    private ReportFiles() {
    }

    static ReportFormat formatFor(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (ReportFormat f : ReportFormat.values()) {
            if (name.endsWith("." + f.extension())) {
                return f;
            }
        }
        if (name.endsWith(".markdown")) {
            return ReportFormat.MARKDOWN;
        }
        if (name.endsWith(".htm")) {
            return ReportFormat.HTML;
        }
        if (name.endsWith(".text")) {
            return ReportFormat.TEXT;
        }
        throw CliException.invalidInput(file + ": unknown report extension; use .txt, .md, .html, .json or .xml");
    }

    static void write(Path file, ReportFormat format, DiagnosisReport report) {
        write(file, format.render(report));
    }

    static void write(Path file, String content) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw CliException.invalidInput("cannot write " + file + ": " + e.getMessage());
        }
    }
}

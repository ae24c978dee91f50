package io.jenkins.plugins.trainingjob.report;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps a diagnosis report with the build: JSON, HTML and JUnit XML files in the build directory (they
 * live as long as the build), and a {@link ScheduleDiagnosisAction} for the build page.
 */
public final class ReportArchive {
    /** The formats archived, by the name the step's result uses. */
    private static final Map<String, ReportFormat> FORMATS = new TreeMap<>(Map.of(
            "json", ReportFormat.JSON, "html", ReportFormat.HTML, "junit", ReportFormat.JUNIT));

    private ReportArchive() {
    }

    public static ArchivedReport attach(Run<?, ?> run, DiagnosisReport report) throws IOException {
        String jobDir = ScheduleDiagnosisAction.safeName(report.job().id());
        Path dir = new File(run.getRootDir(), "training-job").toPath().resolve(jobDir);
        Files.createDirectories(dir);
        Map<String, String> files = new TreeMap<>();
        Map<String, String> fileNames = new TreeMap<>();
        for (Map.Entry<String, ReportFormat> e : FORMATS.entrySet()) {
            String name = "schedule-diagnosis" + (e.getKey().equals("junit") ? "-junit" : "") + "."
                    + e.getValue().extension();
            Path file = dir.resolve(name);
            Files.writeString(file, e.getValue().render(report), StandardCharsets.UTF_8);
            files.put(e.getKey(), file.toAbsolutePath().toString());
            fileNames.put(e.getKey(), name);
        }
        ScheduleDiagnosisAction action = ScheduleDiagnosisAction.of(report, fileNames);
        run.addAction(action);
        return new ArchivedReport(report.headline(), report.verdict().name(), files,
                run.getUrl() + action.getUrlName() + "/");
    }
}

package io.jenkins.plugins.trainingjob.report;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Keeps a diagnosis report with the build: JSON, HTML and JUnit XML files in the build directory (they
 * live as long as the build), and a {@link ScheduleDiagnosisAction} for the build page, saved with the
 * build at once so a controller that dies before the build ends still has it. Each diagnosis of a build
 * has its own folder and URL.
 */
@Restricted(NoExternalUse.class)
public final class ReportArchive {
    /** The formats archived, by the name the step's result uses. */
    private static final Map<String, ReportFormat> FORMATS =
            new TreeMap<>(Map.of("json", ReportFormat.JSON, "html", ReportFormat.HTML, "junit", ReportFormat.JUNIT));

    private ReportArchive() {}

    private static boolean taken(List<ScheduleDiagnosisAction> actions, String urlName) {
        return actions != null && actions.stream().anyMatch(a -> a.getUrlName().equals(urlName));
    }

    public static ArchivedReport attach(Run<?, ?> run, DiagnosisReport report) throws IOException {
        return attach(run, report, List.of());
    }

    /**
     * As {@link #attach(Run, DiagnosisReport)} for a submit that took several attempts: the files have a
     * section per attempt, and so has the build page's view.
     */
    public static synchronized ArchivedReport attach(Run<?, ?> run, DiagnosisReport report, List<Attempt> attempts)
            throws IOException {
        String jobId = report.job().id();
        List<ScheduleDiagnosisAction> earlier = run.getActions(ScheduleDiagnosisAction.class);
        int n = 1;
        while (taken(earlier, ScheduleDiagnosisAction.urlNameOf(jobId, n))) {
            n++;
        }
        String jobDir = ScheduleDiagnosisAction.directoryOf(jobId, n);
        Path dir = new File(run.getRootDir(), "training-job").toPath().resolve(jobDir);
        Files.createDirectories(dir);
        Map<String, String> fileNames = new TreeMap<>();
        for (Map.Entry<String, ReportFormat> e : FORMATS.entrySet()) {
            String name = "schedule-diagnosis" + (e.getKey().equals("junit") ? "-junit" : "") + "."
                    + e.getValue().extension();
            Path file = dir.resolve(name);
            Files.writeString(file, e.getValue().render(report, attempts), StandardCharsets.UTF_8);
            fileNames.put(e.getKey(), name);
        }
        ScheduleDiagnosisAction action = ScheduleDiagnosisAction.of(
                        report, fileNames, ScheduleDiagnosisAction.urlNameOf(jobId, n), jobDir)
                .withAttempts(attempts);
        run.addAction(action);
        run.save();
        // URLs relative to the Jenkins root, never controller paths: a script on an agent cannot read the
        // controller's disk, and its layout is nobody's business (review N6)
        String actionUrl = run.getUrl() + action.getUrlName() + "/";
        Map<String, String> files = new TreeMap<>();
        fileNames.keySet().forEach(format -> files.put(format, actionUrl + action.fileUrl(format)));
        return new ArchivedReport(report.headline(), report.verdict().name(), files, actionUrl);
    }
}

package io.jenkins.plugins.trainingjob.report;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import jenkins.util.BuildListenerAdapter;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Archives how a wait ended with the build, through the build's own artifact manager (what
 * {@code archiveArtifacts} uses, so the files are listed on the build page, kept and deleted with the
 * build, and stored wherever the controller stores artifacts): the short report of every outcome and,
 * for a failed job, the failing worker's last log lines. The files are written in the build directory
 * first (the steps run on the controller, which has no workspace of its own), one directory per wait.
 */
@Restricted(NoExternalUse.class)
public final class JobEndArchive {

    private JobEndArchive() {}

    /**
     * @return the archived paths by kind ({@code report}, {@code logTail}), relative to the build's
     *     artifacts ({@code <build url>artifact/<path>})
     */
    public static Map<String, String> archive(Run<?, ?> run, TaskListener listener, OutcomeSummary summary)
            throws IOException, InterruptedException {
        // One directory per wait: a second wait on the same job in this build (an await after a submit,
        // a retry's) gets <id>-2, never overwriting the first one's files. Creating it claims the name.
        Path root = new File(run.getRootDir(), "training-job-end").toPath();
        Files.createDirectories(root);
        String name;
        Path staging;
        for (int n = 1; ; n++) {
            name = safe(summary.job().id()) + (n <= 1 ? "" : "-" + n);
            staging = root.resolve(name);
            try {
                Files.createDirectory(staging);
                break;
            } catch (FileAlreadyExistsException e) {
                // taken by an earlier wait: try the next number
            }
        }
        String dirName = "training-job/" + name;
        Map<String, String> files = new TreeMap<>();
        Files.writeString(staging.resolve("outcome.md"), summary.render(ReportFormat.MARKDOWN), StandardCharsets.UTF_8);
        files.put(dirName + "/outcome.md", "outcome.md");
        if (summary.tail() != null && !summary.tail().lines().isEmpty()) {
            Files.writeString(
                    staging.resolve("worker-log-tail.txt"),
                    String.join("\n", summary.tail().lines()) + "\n",
                    StandardCharsets.UTF_8);
            files.put(dirName + "/worker-log-tail.txt", "worker-log-tail.txt");
        }
        run.pickArtifactManager()
                .archive(
                        new FilePath(staging.toFile()),
                        new Launcher.LocalLauncher(listener),
                        new BuildListenerAdapter(listener),
                        files);
        Map<String, String> byKind = new java.util.LinkedHashMap<>();
        byKind.put("report", dirName + "/outcome.md");
        if (files.containsKey(dirName + "/worker-log-tail.txt")) {
            byKind.put("logTail", dirName + "/worker-log-tail.txt");
        }
        return byKind;
    }

    /** A job id as one path segment: ids are letters, digits and dashes; anything else becomes '_'. */
    static String safe(String id) {
        String s = id.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
    }
}

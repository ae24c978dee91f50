package io.jenkins.plugins.trainingjob.report;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.core.report.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import jenkins.util.BuildListenerAdapter;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Archives how a wait ended with the build, through the build's own artifact manager (what
 * {@code archiveArtifacts} uses, so the files are listed on the build page, kept and deleted with the
 * build, and stored wherever the controller stores artifacts): the short report of every outcome and,
 * for a failed job, the failing worker's last log lines. The files are written to a temporary folder first
 * (the steps run on the controller, which has no workspace of its own) and that folder is removed once the
 * artifact manager has them, so they are stored once.
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
        String name = claim(run, summary.job().id());
        String dirName = "training-job/" + name;
        // Staged outside the build directory and removed once archived: the artifact manager keeps the only
        // copy, on the controller's disk (the standard one) or off it (artifact-manager-s3), review R12.
        Path staging = Files.createTempDirectory("training-job-end-");
        try {
            Map<String, String> files = new TreeMap<>();
            Files.writeString(
                    staging.resolve("outcome.md"), summary.render(ReportFormat.MARKDOWN), StandardCharsets.UTF_8);
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
        } finally {
            delete(staging);
        }
    }

    /**
     * The artifact folder of this wait: one per wait, so a second wait on the same job in this build (an await
     * after a submit, a retry's) gets {@code <id>-2} and never overwrites the first one's files. The name is
     * claimed by creating an empty marker in the build directory, atomically, so parallel waits never share
     * one; the marker is all that stays there.
     */
    private static String claim(Run<?, ?> run, String jobId) throws IOException {
        Path claims = new File(run.getRootDir(), "training-job-end").toPath();
        Files.createDirectories(claims);
        for (int n = 1; ; n++) {
            String name = safe(jobId) + (n <= 1 ? "" : "-" + n);
            try {
                // a directory of that name, from a release that staged its files there, is taken too
                Files.createFile(claims.resolve(name));
                return name;
            } catch (FileAlreadyExistsException e) {
                // taken by an earlier wait: try the next number
            }
        }
    }

    /** Removes the staging folder; what cannot be removed is left to the system's temporary-file cleaning. */
    private static void delete(Path staging) {
        try (Stream<Path> paths = Files.walk(staging)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // a file still open elsewhere: the archive is made, only the temporary copy is left behind
        }
    }

    /** A job id as one path segment: ids are letters, digits and dashes; anything else becomes '_'. */
    static String safe(String id) {
        String s = id.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
    }
}

package io.jenkins.plugins.trainingjob.cli.output;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes a rendered report to a file, choosing the format from the file's extension when not given. */
public final class ReportFiles {

    private ReportFiles() {}

    public static ReportFormat formatFor(Path file) {
        // A path with no file name (a root such as "/") has no extension either.
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
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

    public static void write(Path file, ReportFormat format, DiagnosisReport report) {
        write(file, format.render(report));
    }

    public static void write(Path file, String content) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw CliException.invalidInput("cannot write " + file + ": " + reason(e));
        }
    }

    /**
     * Refuses a report file that cannot be written, before a wait that may take hours: a directory, a
     * read-only file, or a parent (the nearest existing one; missing ones are created) that is not a
     * writable directory.
     */
    public static void checkWritable(Path file) {
        Path absolute = file.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw CliException.invalidInput("cannot write " + file + ": it is a directory");
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw CliException.invalidInput("cannot write " + file + ": permission denied");
        }
        Path dir = absolute.getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir != null && (!Files.isDirectory(dir) || !Files.isWritable(dir))) {
            throw CliException.invalidInput("cannot write " + file + ": " + dir
                    + (Files.isDirectory(dir) ? " is not writable" : " is not a directory"));
        }
    }

    /** What went wrong, in words: the JDK's messages for these are often just the path again. */
    public static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.NotDirectoryException || e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a path element is not a directory";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}

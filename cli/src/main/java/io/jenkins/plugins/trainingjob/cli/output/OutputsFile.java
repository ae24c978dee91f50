package io.jenkins.plugins.trainingjob.cli.output;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.monitor.JobOutputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * {@code --outputs-file}: a job's outputs as {@code NAME=value} lines, appended, because
 * {@code $GITHUB_OUTPUT} already holds other steps' outputs; a GitLab dotenv report reads the same lines.
 * A value is one log line's text with control characters removed, so it never holds a line break; one
 * that did would forge a second output, so the writer refuses it rather than escape it in a way one of
 * the two readers would not undo.
 */
final class OutputsFile {

    private OutputsFile() {}

    /** The lines written for {@code outputs}, in name order. */
    static String lines(JobOutputs outputs) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : outputs.values().entrySet()) {
            if (e.getValue().indexOf('\n') >= 0 || e.getValue().indexOf('\r') >= 0) {
                throw new IllegalStateException("output " + e.getKey() + " holds a line break after stripping");
            }
            b.append(e.getKey()).append('=').append(e.getValue()).append('\n');
        }
        return b.toString();
    }

    static void append(Path file, JobOutputs outputs) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(
                    file,
                    lines(outputs),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw CliException.invalidInput("cannot write " + file + ": " + ReportFiles.reason(e));
        }
    }
}

package io.jenkins.plugins.trainingjob.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportJson;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a saved diagnosis file: the AIHC query response as the API returns it ({@code {"requestId",
 * "result": [...]}}), or a report trainjob wrote as JSON ({@code {"schemaVersion": 1, ...}}). Core reads
 * both ({@link ReportJson#readSaved}); this class words what is wrong with the file itself.
 */
public final class SavedDiagnosis {

    private SavedDiagnosis() {}

    public static DiagnosisReport read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw CliException.invalidInput("no such file: " + file);
        } catch (IOException e) {
            throw CliException.invalidInput("cannot read " + file + ": " + ReportFiles.reason(e));
        }
        try {
            Terminal.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            if (text.lines().anyMatch(l -> l.startsWith("platform:"))) {
                throw CliException.invalidInput(file + ": this looks like a job spec; report renders a saved "
                        + "diagnosis (an AIHC diagnosis response, or trainjob's --format json report)");
            }
            String reason = e.getOriginalMessage() == null
                    ? "syntax error"
                    : e.getOriginalMessage()
                            .lines()
                            .findFirst()
                            .orElse("syntax error")
                            .replaceAll(" ?\\(JSON String, Number, Array, Object or token [^)]*\\)", "");
            throw CliException.invalidInput(file + ": not a JSON document (line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + "): " + reason);
        }
        try {
            return ReportJson.readSaved(text, nameOf(file));
        } catch (InvalidInputException e) {
            throw CliException.invalidInput(file + ": " + e.getMessage());
        }
    }

    /** The file's name without its extension: the job an AIHC response names nowhere else. */
    private static String nameOf(Path file) {
        Path fileName = file.getFileName();
        String name = fileName == null ? file.toString() : fileName.toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}

package io.jenkins.plugins.trainingjob.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import io.jenkins.plugins.trainingjob.core.report.ReportJson;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a saved diagnosis: the AIHC query response as the API returns it ({@code {"requestId",
 * "result": [...]}}), or a report trainjob wrote as JSON ({@code {"schemaVersion": 1, ...}}).
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
        JsonNode root;
        try {
            root = Terminal.JSON.readTree(text);
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
        if (root != null && root.isObject() && root.has("result")) {
            JobRef job = new JobRef(PlatformKind.AIHC, aihcJobName(root, file), null);
            try {
                return new DiagnosisAnalyzer().analyze(AihcDiagnosisParser.parse(root, job, ""));
            } catch (InvalidInputException e) {
                throw CliException.invalidInput(file + ": " + e.getMessage());
            }
        }
        if (root != null && root.isObject() && root.has("schemaVersion")) {
            try {
                return ReportJson.read(text);
            } catch (InvalidInputException e) {
                throw CliException.invalidInput(file + ": " + e.getMessage());
            }
        }
        throw CliException.invalidInput(file + ": neither an AIHC diagnosis response (no 'result' array) nor a "
                + "trainjob JSON report (no 'schemaVersion')");
    }

    /** The job the response is about: its details name it; else the file name stands in. */
    private static String aihcJobName(JsonNode root, Path file) {
        for (JsonNode rule : root.path("result")) {
            for (JsonNode d : rule.path("detail")) {
                String job = d.path("job").asText("");
                if (!job.isEmpty()) {
                    return job;
                }
            }
        }
        Path fileName = file.getFileName();
        String name = fileName == null ? file.toString() : fileName.toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}

package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Loads a job spec: a YAML or JSON document with {@code platform: aihc | sensecore} at the top level
 * and the platform's native create-request body fields beside it. Loading parses the document,
 * substitutes {@code ${NAME}} variables, reads the native fields (rejecting unknown and output-only
 * ones, and values of the wrong type) and validates the result. Every problem found is reported at
 * once in an {@link InvalidSpecException}.
 */
public final class JobSpecLoader {

    /**
     * A job spec is a few kilobytes; anything far larger is a mistake, not a spec. Public so that a front
     * end reading a stream (the CLI's {@code -}) refuses at the same size as a file.
     */
    public static final int MAX_CHARS = 1 << 20;

    /**
     * The most bytes of a spec file a front end reads (the same 1 MiB {@link #load(Path, Map)} checks
     * against the file's size), so a huge or endless file ({@code /dev/zero}) is refused, not read.
     */
    public static final int MAX_FILE_BYTES = MAX_CHARS;

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final ObjectMapper YAML = YAMLMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private JobSpecLoader() {}

    /**
     * Loads a spec from text.
     *
     * @param text the YAML or JSON document (JSON when it starts with <code>{</code>)
     * @param sourceName where the text came from, used to prefix error messages
     * @param variables values for <code>${NAME}</code> references, e.g. build parameters
     * @throws InvalidSpecException listing every problem when the spec is not valid
     */
    public static JobSpec load(String text, String sourceName, Map<String, String> variables) {
        if (text.length() > MAX_CHARS) {
            throw invalid(
                    sourceName,
                    "the document is larger than " + MAX_CHARS + " characters; a job spec is a few kilobytes");
        }
        return load(parse(text, sourceName), sourceName, variables);
    }

    /** Loads a spec from a UTF-8 file; the file name prefixes error messages. */
    public static JobSpec load(Path file, Map<String, String> variables) {
        String sourceName = file.toString();
        String text;
        try {
            if (Files.isDirectory(file)) {
                throw invalid(sourceName, "cannot read the job spec: it is a directory, not a file");
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw invalid(
                        sourceName,
                        "the file is larger than " + MAX_FILE_BYTES + " bytes; a job spec is a few kilobytes");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw invalid(sourceName, "cannot read the job spec: no such file");
        } catch (AccessDeniedException e) {
            throw invalid(sourceName, "cannot read the job spec: permission denied");
        } catch (CharacterCodingException e) {
            throw invalid(sourceName, "cannot read the job spec: it is not UTF-8 text");
        } catch (IOException e) {
            throw invalid(
                    sourceName, "cannot read the job spec: " + e.getClass().getSimpleName());
        }
        return load(text, sourceName, variables);
    }

    /**
     * Loads a spec from an already parsed document (e.g. a map given to a Pipeline step, converted
     * to a tree). The document is not modified.
     */
    public static JobSpec load(JsonNode document, String sourceName, Map<String, String> variables) {
        if (document == null || document.isMissingNode() || document.isNull()) {
            throw invalid(
                    sourceName,
                    "the document is empty: expected 'platform: aihc' or"
                            + " 'platform: sensecore' and the job's fields");
        }
        if (!(document instanceof ObjectNode mapping)) {
            throw invalid(sourceName, "a job spec must be a mapping of field names to values at the top level");
        }
        ObjectNode body = mapping.deepCopy();
        List<SpecProblem> substitutionProblems = new ArrayList<>();
        // Ours, not the platform's: taken out before substitution (a regex is literal) and never sent.
        OutputRules outputs = OutputRules.read(body.remove("outputs"), substitutionProblems);
        VariableSubstitution substitution = new VariableSubstitution(variables);
        substitution.apply(body, substitutionProblems);

        PlatformKind platform = platform(body.remove("platform"), substitutionProblems);
        if (platform == null) {
            throw new InvalidSpecException(sourceName, sorted(substitutionProblems));
        }
        ReadContext context = new ReadContext(substitution.wholeValuePaths(), outputs);
        JobSpec spec =
                switch (platform) {
                    case AIHC -> AihcJobSpec.read(body, context);
                    case SENSECORE -> SenseCoreJobSpec.read(body, context);
                };
        List<SpecProblem> problems = new ArrayList<>(substitutionProblems);
        addUnlessExplained(problems, context.problems());
        addUnlessExplained(problems, JobSpecValidator.validate(spec));
        if (!problems.isEmpty()) {
            throw new InvalidSpecException(sourceName, sorted(problems));
        }
        return spec;
    }

    private static JsonNode parse(String text, String sourceName) {
        boolean json =
                text.stripLeading().startsWith("{") || text.stripLeading().startsWith("[");
        try {
            return (json ? JSON : YAML).readTree(text);
        } catch (JsonProcessingException e) {
            throw invalid(sourceName, malformed(json ? "JSON" : "YAML", e));
        }
    }

    /** One line: where the syntax breaks and why, without the parser's multi-line excerpt. */
    private static String malformed(String format, JsonProcessingException e) {
        String reason = e.getOriginalMessage();
        JsonLocation location = e.getLocation();
        int line = location == null ? -1 : location.getLineNr();
        int column = location == null ? -1 : location.getColumnNr();
        if (e.getCause() instanceof MarkedYAMLException yaml) {
            reason = yaml.getProblem();
            if (yaml.getProblemMark() != null) {
                line = yaml.getProblemMark().getLine() + 1;
                column = yaml.getProblemMark().getColumn() + 1;
            }
        }
        String firstLine = reason == null
                ? "syntax error"
                : reason.strip().lines().findFirst().orElse("syntax error");
        // The parser's words name its own classes and settings; say what they mean for a spec file.
        if (firstLine.startsWith("Trailing token")) {
            firstLine = "more than one document (a second '---' or text after the spec); a spec is one document";
        } else if (firstLine.contains("getMaxNestingDepth")) {
            firstLine = "nested too deeply (more than 1000 levels); a job spec is a few levels deep";
        } else {
            firstLine = firstLine
                    .replaceAll(" ?\\((?:from|bound as) [^)]*\\)", "")
                    .replaceAll(": not allowed as per DeserializationFeature\\.\\w+", "");
        }
        String where = line > 0 ? " at line " + line + (column > 0 ? ", column " + column : "") : "";
        return "malformed " + format + where + ": " + firstLine;
    }

    private static PlatformKind platform(JsonNode value, List<SpecProblem> problems) {
        if (value == null || value.isNull()) {
            problems.add(new SpecProblem("platform", "required: aihc or sensecore"));
            return null;
        }
        if (!value.isTextual()) {
            problems.add(new SpecProblem("platform", "expected text: aihc or sensecore"));
            return null;
        }
        try {
            return PlatformKind.fromId(value.textValue());
        } catch (InvalidInputException e) {
            problems.add(new SpecProblem("platform", "unknown platform: expected aihc or sensecore"));
            return null;
        }
    }

    /**
     * Adds problems from a later stage unless an earlier one already covers their field: a value of
     * the wrong type is reported once, not again as "required" by validation.
     */
    private static void addUnlessExplained(List<SpecProblem> problems, List<SpecProblem> later) {
        List<SpecProblem> earlier = List.copyOf(problems);
        for (SpecProblem problem : later) {
            boolean explained =
                    earlier.stream().anyMatch(e -> !e.path().isEmpty() && SpecPath.isWithin(problem.path(), e.path()));
            if (!explained) {
                problems.add(problem);
            }
        }
    }

    private static List<SpecProblem> sorted(List<SpecProblem> problems) {
        return problems.stream()
                .sorted(Comparator.comparing(SpecProblem::path, SpecPath.ORDER))
                .toList();
    }

    private static InvalidSpecException invalid(String sourceName, String message) {
        return new InvalidSpecException(sourceName, List.of(new SpecProblem(SpecPath.ROOT, message)));
    }
}

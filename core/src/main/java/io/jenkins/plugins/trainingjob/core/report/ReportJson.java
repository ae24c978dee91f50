package io.jenkins.plugins.trainingjob.core.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;

/**
 * Our own report as JSON: the report model field for field, in declaration order, with
 * {@code schemaVersion} first; a platform as its lower-case id ({@code aihc}), upper case read too. {@link #read} takes it back so a saved report can be rendered again in any
 * format. Fields added in later minor versions are ignored on read; a newer {@code schemaVersion} is
 * refused with a message saying so. {@code <}, {@code >}, {@code &} and {@code '} are written as
 * {@code \\u} escapes so the JSON is safe to embed in a web page.
 */
public final class ReportJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            // "aihc"/"sensecore", as specs, flags and the CLI's documents spell a platform; both cases read.
            .addModule(new SimpleModule()
                    .addSerializer(PlatformKind.class, new StdSerializer<>(PlatformKind.class) {
                        @Override
                        public void serialize(PlatformKind value, JsonGenerator gen, SerializerProvider provider)
                                throws IOException {
                            gen.writeString(value.id());
                        }
                    })
                    .addDeserializer(PlatformKind.class, new StdDeserializer<>(PlatformKind.class) {
                        @Override
                        public PlatformKind deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                            return PlatformKind.fromId(p.getValueAsString());
                        }
                    }))
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private static final ObjectWriter WRITER;

    static {
        MAPPER.getFactory().setCharacterEscapes(new HtmlSafeEscapes());
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        WRITER = MAPPER.writer(printer);
    }

    private ReportJson() {}

    /** The report as pretty-printed JSON ending in a newline. */
    public static String write(DiagnosisReport report) {
        try {
            return WRITER.writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the report as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads a report written by {@link #write}.
     *
     * @throws InvalidInputException naming the problem: not JSON, no {@code schemaVersion}, a newer
     *     schema, or a field of the wrong shape
     */
    public static DiagnosisReport read(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw InvalidInputException.worded("report", "not a JSON document: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw InvalidInputException.worded("report", "a diagnosis report must be a JSON object");
        }
        JsonNode version = root.get("schemaVersion");
        if (version == null || !version.canConvertToInt()) {
            throw InvalidInputException.worded(
                    "report", "not a diagnosis report: 'schemaVersion' is missing or not a number");
        }
        int v = version.asInt();
        if (v < 1 || v > DiagnosisReport.SCHEMA_VERSION) {
            throw InvalidInputException.worded(
                    "report",
                    "report 'schemaVersion' " + v + " is not supported: this version " + "reads 1 to "
                            + DiagnosisReport.SCHEMA_VERSION + "; use a newer trainjob");
        }
        try {
            return MAPPER.treeToValue(root, DiagnosisReport.class);
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw InvalidInputException.worded("report", "not a valid diagnosis report: " + why, e);
        }
    }

    /**
     * Reads a saved diagnosis in either form a person keeps one: a report {@link #write} wrote
     * ({@code schemaVersion}), or an AIHC diagnosis query response as the API returns it ({@code {"requestId",
     * "result": [...]}}), analysed here. An AIHC response names its job in its details; when none does,
     * {@code nameIfUnnamed} stands in (the CLI gives the file's name).
     *
     * @throws InvalidInputException naming the problem: not JSON, neither form, or not valid as its form
     */
    public static DiagnosisReport readSaved(String json, String nameIfUnnamed) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw InvalidInputException.worded("diagnosis", "not a JSON document: " + e.getOriginalMessage(), e);
        }
        if (root != null && root.isObject() && root.has("result")) {
            JobRef job = new JobRef(PlatformKind.AIHC, aihcJobName(root, nameIfUnnamed), null);
            return new DiagnosisAnalyzer().analyze(AihcDiagnosisParser.parse(root, job, ""));
        }
        if (root != null && root.isObject() && root.has("schemaVersion")) {
            return read(json);
        }
        throw InvalidInputException.worded(
                "diagnosis",
                "neither an AIHC diagnosis response (no 'result' array) nor a trainjob JSON report (no"
                        + " 'schemaVersion')");
    }

    /** The job an AIHC response is about: its details name it; else {@code nameIfUnnamed}. */
    private static String aihcJobName(JsonNode root, String nameIfUnnamed) {
        for (JsonNode rule : root.path("result")) {
            for (JsonNode d : rule.path("detail")) {
                String job = d.path("job").asText("");
                if (!job.isEmpty()) {
                    return job;
                }
            }
        }
        return nameIfUnnamed;
    }

    /** Escapes the characters that could end a script block or start markup when JSON is embedded in HTML. */
    private static final class HtmlSafeEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] escapes;

        HtmlSafeEscapes() {
            escapes = standardAsciiEscapesForJSON();
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
            escapes['\''] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}

package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis.Detail;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis.Rule;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the AIHC schedule-diagnosis query response ({@code {"requestId", "result": [...]}}) into an
 * {@link AihcScheduleDiagnosis}. Used by the client on live answers and by the CLI on saved files, so
 * both read the platform's JSON the same way. Lenient on shape (missing or non-text fields become empty
 * strings) because rule names and detail fields are open-ended.
 */
public final class AihcDiagnosisParser {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AihcDiagnosisParser() {}

    /**
     * Parses a whole response document.
     *
     * @throws InvalidInputException when the text is not JSON or has no {@code result} array
     */
    public static AihcScheduleDiagnosis parse(String json, JobRef job, String diagnosisId) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw InvalidInputException.worded("diagnosis", "not a JSON document: " + e.getOriginalMessage(), e);
        }
        return parse(root, job, diagnosisId);
    }

    /** Parses an already-read response document. */
    public static AihcScheduleDiagnosis parse(JsonNode root, JobRef job, String diagnosisId) {
        if (root == null || !root.isObject()) {
            throw InvalidInputException.worded("diagnosis", "diagnosis response is not a JSON object");
        }
        JsonNode result = root.get("result");
        if (result == null || !result.isArray()) {
            throw InvalidInputException.worded("diagnosis", "diagnosis response has no 'result' array");
        }
        List<Rule> rules = new ArrayList<>();
        for (JsonNode r : result) {
            List<Detail> details = new ArrayList<>();
            JsonNode ds = r.get("detail");
            if (ds != null && ds.isArray()) {
                for (JsonNode d : ds) {
                    details.add(new Detail(
                            text(d, "allocatable"),
                            text(d, "detail"),
                            text(d, "job"),
                            text(d, "namespace"),
                            text(d, "node"),
                            text(d, "pod"),
                            text(d, "queue"),
                            text(d, "request"),
                            text(d, "resourceName")));
                }
            }
            rules.add(new Rule(text(r, "ruleName"), text(r, "ruleType"), details));
        }
        return new AihcScheduleDiagnosis(job, diagnosisId, text(root, "requestId"), rules);
    }

    /** Numbers are kept as written ({@code 8}, {@code 0.5}); objects and arrays become their JSON text. */
    private static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null || v.isNull()) {
            return "";
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }
}

package io.jenkins.plugins.trainingjob.core.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.util.Map;

/**
 * The spec of attempt n of a submit, named by the one rule every new job follows ({@link JobNames}). A spec
 * without a name is sent as it is: each attempt's own client token names it (SenseCore derives the name from
 * the token). A spec with a name keeps it on attempt 1 and is named {@code <name>-a<n>} from attempt 2 on,
 * the suffix its token has ({@code ClientToken.forAttempt}), so a person sees which job belongs to which
 * attempt; when another submission's job has that name, {@link IdempotentSubmitter#create} gives the job the
 * name {@link JobNames#whenTaken} derives from its token.
 */
final class AttemptSpec {

    private AttemptSpec() {}

    static JobSpec forAttempt(JobSpec spec, int attempt) {
        if (attempt == 1 || spec.name() == null || spec.name().isBlank()) {
            return spec;
        }
        return with(
                spec, "name", JobNames.forAttempt(spec.name(), attempt), "attempt " + attempt + " of " + spec.name());
    }

    /** {@code spec} under the name its token's job gets when another job has the name it asks for. */
    static JobSpec whenTaken(JobSpec spec, String clientToken) {
        return with(spec, "name", JobNames.whenTaken(spec.name(), clientToken), spec.name() + " under its own name");
    }

    /** {@code spec} with one top-level field set, checked again as any spec is. */
    static JobSpec with(JobSpec spec, String field, String value, String sourceName) {
        ObjectNode body = (ObjectNode) escaped(spec.body());
        body.put(field, value);
        body.put("platform", spec.platform().id());
        // Rendered already: a literal "${" left by "$${" is escaped again, so the load keeps it literal.
        return JobSpecLoader.load(body, sourceName, Map.of());
    }

    private static JsonNode escaped(JsonNode node) {
        if (node.isTextual()) {
            return TextNode.valueOf(node.textValue().replace("${", "$${"));
        }
        if (node instanceof ObjectNode object) {
            object.fields().forEachRemaining(e -> e.setValue(escaped(e.getValue())));
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, escaped(array.get(i)));
            }
        }
        return node;
    }
}

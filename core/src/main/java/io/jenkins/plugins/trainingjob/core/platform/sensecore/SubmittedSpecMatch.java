package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Whether a training job was created from a given create body. ACP keeps no labels, so the job's own
 * document is the record: it echoes every field the create sent, plus read-only ones (uid, state,
 * times, allocated replicas) that are ignored here.
 */
final class SubmittedSpecMatch {

    private SubmittedSpecMatch() {}

    /** Every field of {@code request} is in {@code document} with the same value (objects recursively). */
    static boolean carries(JsonNode document, JsonNode request) {
        if (request.isObject()) {
            if (!document.isObject()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = request.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode echoed = document.get(field.getKey());
                if (field.getValue().isNull()) {
                    continue;
                }
                if (echoed == null || !carries(echoed, field.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (request.isArray()) {
            if (!document.isArray() || document.size() != request.size()) {
                return false;
            }
            for (int i = 0; i < request.size(); i++) {
                if (!carries(document.get(i), request.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (request.isTextual() && request.asText().endsWith("_UNSPECIFIED")) {
            return true; // "let the platform choose": it answers with what it chose (NORMAL, RESERVED)
        }
        if (request.isNumber() && document.isNumber()) {
            return request.decimalValue().compareTo(document.decimalValue()) == 0;
        }
        return request.asText().equals(document.asText()) && request.isContainerNode() == document.isContainerNode();
    }
}

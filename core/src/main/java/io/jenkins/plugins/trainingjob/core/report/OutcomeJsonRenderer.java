package io.jenkins.plugins.trainingjob.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The short report of an outcome as a JSON file: {@code message}, {@code outcome}, the {@code facts} by
 * label, {@code lastEvents} and, when present, {@code attempts}, {@code outputs} and {@code logTail}, every
 * remote string {@link RemoteText#plain}. Keys sorted, indented: a file a person can diff.
 */
final class OutcomeJsonRenderer {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    String render(OutcomeSummary summary) {
        Map<String, Object> doc = new TreeMap<>();
        doc.put("message", RemoteText.plain(summary.headline()));
        doc.put("outcome", summary.kind());
        Map<String, Object> facts = new LinkedHashMap<>();
        summary.facts().forEach(f -> facts.putIfAbsent(f[0], f[1]));
        doc.put("facts", facts);
        doc.put("lastEvents", summary.events(RemoteText::plain));
        if (!summary.attempts().isEmpty()) {
            doc.put(
                    "attempts",
                    summary.attempts().stream()
                            .map(a -> RemoteText.plain(a.line()))
                            .toList());
        }
        if (summary.outputs() != null) {
            Map<String, String> values = new TreeMap<>();
            summary.outputs().values().forEach((k, v) -> values.put(k, RemoteText.plain(v)));
            doc.put("outputs", values);
        }
        if (summary.tail() != null) {
            doc.put(
                    "logTail",
                    summary.tail().lines().stream().map(RemoteText::plain).toList());
        }
        try {
            return JSON.writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings did not serialize", e);
        }
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** JSON in and out for the simulated APIs: one shared mapper, RFC 3339 times, deterministic request ids. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper();
    public static final String CONTENT_TYPE = "application/json;charset=UTF-8";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Json() {}

    public static ObjectNode object() {
        return F.objectNode();
    }

    public static ArrayNode array() {
        return F.arrayNode();
    }

    /** Parses a request body as a JSON object; a bad body is the client's error (400). */
    public static ObjectNode readObject(byte[] body, String badCode) {
        try {
            JsonNode n = body.length == 0 ? null : MAPPER.readTree(body);
            if (n == null || !n.isObject()) {
                throw new ApiException(400, badCode, "request body must be a JSON object");
            }
            return (ObjectNode) n;
        } catch (IOException e) {
            throw new ApiException(400, badCode, "request body is not valid JSON");
        }
    }

    public static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code 2025-05-23T08:23:49Z}, or {@code ""} when unset (as AIHC sends unset times). */
    public static String time(Instant t) {
        return t == null ? "" : DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.SECONDS));
    }

    public static ObjectNode stringMap(Map<String, String> m) {
        ObjectNode o = object();
        m.forEach(o::put);
        return o;
    }

    /** Request ids in UUID form from a counter: unique per simulator, and the same on every run. */
    public static final class RequestIds {
        private final AtomicLong next = new AtomicLong();

        public String next() {
            return new UUID(0x51_4d_00_00_00_00_40_00L, 0x80_00_00_00_00_00_00_00L | next.incrementAndGet()).toString();
        }
    }
}

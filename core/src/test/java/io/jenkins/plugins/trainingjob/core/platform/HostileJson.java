package io.jenkins.plugins.trainingjob.core.platform;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntSupplier;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * Hostile variants of a well-formed response document, for the clients' "never crash on what a server
 * sends" tests: every value in turn replaced by each wrong type, plus whole documents no API sends
 * (deep nesting, numbers longer than Jackson accepts, top-level scalars).
 */
public final class HostileJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Stand-ins of every JSON type, and values at the edge of what a number can be. */
    private static final List<String> WRONG_VALUES = List.of(
            "\"text\"",
            "\"\"",
            "-1",
            "0",
            "2147483648",
            "9".repeat(400),
            "1e400",
            "-0.5",
            "true",
            "null",
            "[]",
            "{}",
            "[{\"x\":[1]}]",
            "\"\\u001b[31m<x>\"");

    private HostileJson() {}

    /**
     * An OkHttp client whose every call is answered with the given status and body, without a network:
     * thousands of hostile answers go through the whole client stack (signing, reading, decoding) in
     * moments.
     */
    public static OkHttpClient answering(IntSupplier status, Function<HttpUrl, String> body) {
        return new OkHttpClient.Builder()
                .addInterceptor(chain -> new Response.Builder()
                        .request(chain.request())
                        .protocol(Protocol.HTTP_1_1)
                        .code(status.getAsInt())
                        .message("canned")
                        .header("Content-Type", "application/json")
                        .body(ResponseBody.create(body.apply(chain.request().url()), MediaType.get("application/json")))
                        .build())
                .build();
    }

    /**
     * Feeds each document to the call and lists what went wrong: any exception other than a
     * {@link PlatformException}, and any PlatformException whose text carries a control character.
     */
    public static List<String> failuresOf(List<String> documents, Consumer<String> call) {
        List<String> failures = new ArrayList<>();
        for (String document : documents) {
            String shown = document.length() > 300 ? document.substring(0, 300) + "..." : document;
            try {
                call.accept(document);
            } catch (PlatformException expected) {
                String text = expected.getMessage() + expected.code() + expected.requestId();
                if (!controlCharacters(text).isEmpty()) {
                    failures.add("control characters in '" + expected.getMessage() + "' on " + shown);
                }
            } catch (RuntimeException | Error crash) {
                failures.add(crash + " on " + shown);
            }
        }
        return failures;
    }

    /** The C0, DEL, C1 and bidi control characters in a text meant for a console, as code points. */
    public static List<Integer> controlCharacters(String text) {
        return text.chars()
                .filter(c -> c < 0x20
                        || (c >= 0x7f && c <= 0x9f)
                        || (c >= 0x202a && c <= 0x202e)
                        || (c >= 0x2066 && c <= 0x2069))
                .boxed()
                .toList();
    }

    /** The document with each value (at any depth, array elements included) replaced by each wrong value. */
    public static List<String> everyValueReplaced(String document) {
        JsonNode root = read(document);
        List<String> out = new ArrayList<>();
        List<List<Object>> paths = new ArrayList<>();
        collectPaths(root, new ArrayList<>(), paths);
        for (List<Object> path : paths) {
            for (String wrong : WRONG_VALUES) {
                JsonNode copy = root.deepCopy();
                replace(copy, path, read(wrong));
                out.add(copy.toString());
            }
        }
        return out;
    }

    /** Documents no API would send: hostile as a whole rather than in one field. */
    public static List<String> wholeDocuments() {
        return List.of(
                "",
                "null",
                "42",
                "\"text\"",
                "[]",
                "[1,2]",
                "{}",
                "{\"result\":null}",
                "{\"result\":\"x\"}",
                "{\"result\":[]}",
                "{\"result\":{}}",
                "[".repeat(5000) + "]".repeat(5000),
                "{\"result\":" + "{\"a\":".repeat(3000) + "1" + "}".repeat(3001),
                "{\"result\":{\"total\":" + "9".repeat(1500) + "}}",
                "{\"a\":1}{\"b\":2}",
                "{\"result\":{\"jobId\":\"j\"}");
    }

    private static void collectPaths(JsonNode node, List<Object> at, List<List<Object>> paths) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                List<Object> next = new ArrayList<>(at);
                next.add(field.getKey());
                paths.add(next);
                collectPaths(field.getValue(), next, paths);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                List<Object> next = new ArrayList<>(at);
                next.add(i);
                paths.add(next);
                collectPaths(node.get(i), next, paths);
            }
        }
    }

    private static void replace(JsonNode root, List<Object> path, JsonNode value) {
        JsonNode parent = root;
        for (Object step : path.subList(0, path.size() - 1)) {
            parent = step instanceof Integer i ? parent.get(i) : parent.get((String) step);
        }
        Object last = path.get(path.size() - 1);
        if (last instanceof Integer i) {
            ((ArrayNode) parent).set(i, value);
        } else {
            ((ObjectNode) parent).set((String) last, value);
        }
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}

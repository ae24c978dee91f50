package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.spec.OutputNonce;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Whether a job's own detail is what a spec asks for: image, command, replicas, queue, resources, envs and
 * data sources, as the v1 detail echoes them ({@code result.image}, ...; a {@code jobSpec} object as v2
 * has it is read too). What the platform adds is allowed: the variables it documents injecting
 * ({@code AIHC_*}, {@code NCCL_*}) and the client's own {@link OutputNonce#ENV}; any other difference, or a
 * field the spec sets that the detail does not show, means "not proven to be this spec's job". The
 * differences are named by field, never by value: an env or a command may hold a secret.
 */
final class AihcSubmittedDetail {

    private AihcSubmittedDetail() {}

    /**
     * The fields of {@code detail} that differ from {@code body} (a spec's create body), in words; empty
     * when the job is what the spec asks for.
     *
     * @param queue the queue the job must be in, or {@code ""} when it cannot be known (the pool's default)
     */
    static List<String> differences(JsonNode detail, JsonNode body, String queue) {
        JsonNode spec = body.path("jobSpec");
        List<String> differ = new ArrayList<>();
        for (String field : List.of("image", "command")) {
            JsonNode want = spec.get(field);
            if (want != null && !want.isNull() && !want.asText().equals(text(detail, field))) {
                differ.add(field);
            }
        }
        JsonNode replicas = spec.get("replicas");
        if (replicas != null && replicas.isNumber() && !sameNumber(replicas, echoed(detail, "replicas"))) {
            differ.add("replicas");
        }
        if (!queue.isEmpty() && !queue.equals(text(detail, "queue"))) {
            differ.add("queue");
        }
        if (!sameResources(spec.path("resources"), echoed(detail, "resources"))) {
            differ.add("resources");
        }
        envDifferences(spec.path("envs"), echoed(detail, "envs"), differ);
        if (!carriesEach(body.path("datasources"), echoed(detail, "datasources"))) {
            differ.add("datasources");
        }
        return differ;
    }

    /** The detail's {@code field}: at the top (v1) or in {@code jobSpec} (v2); missing when neither has it. */
    private static JsonNode echoed(JsonNode detail, String field) {
        JsonNode top = detail.get(field);
        return top != null && !top.isNull() ? top : detail.path("jobSpec").path(field);
    }

    private static String text(JsonNode detail, String field) {
        JsonNode v = echoed(detail, field);
        return v.isValueNode() ? v.asText() : "";
    }

    private static boolean sameNumber(JsonNode want, JsonNode got) {
        try {
            return got.isValueNode() && new BigDecimal(got.asText()).compareTo(want.decimalValue()) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The same resource names, each with the same quantity. */
    private static boolean sameResources(JsonNode want, JsonNode got) {
        Map<String, JsonNode> wanted = byName(want, "name");
        Map<String, JsonNode> have = byName(got, "name");
        if (!wanted.keySet().equals(have.keySet())) {
            return false;
        }
        for (Map.Entry<String, JsonNode> w : wanted.entrySet()) {
            if (!sameNumber(w.getValue().path("quantity"), have.get(w.getKey()).path("quantity"))) {
                return false;
            }
        }
        return true;
    }

    /** Every env of the spec with its value; no other env but the platform's and the client's own. */
    private static void envDifferences(JsonNode want, JsonNode got, List<String> differ) {
        Map<String, JsonNode> wanted = byName(want, "name");
        Map<String, JsonNode> have = byName(got, "name");
        TreeSet<String> names = new TreeSet<>();
        for (Map.Entry<String, JsonNode> w : wanted.entrySet()) {
            JsonNode h = have.get(w.getKey());
            if (h == null
                    || !w.getValue()
                            .path("value")
                            .asText("")
                            .equals(h.path("value").asText(""))) {
                names.add(w.getKey());
            }
        }
        for (String name : have.keySet()) {
            if (!wanted.containsKey(name) && !addedByThePlatformOrUs(name)) {
                names.add(name);
            }
        }
        if (!names.isEmpty()) {
            differ.add("envs " + String.join(", ", names));
        }
    }

    private static boolean addedByThePlatformOrUs(String env) {
        return env.equals(OutputNonce.ENV) || env.startsWith("AIHC_") || env.startsWith("NCCL_");
    }

    /** As many entries, each carrying every field the spec's entry at its index sets. */
    private static boolean carriesEach(JsonNode want, JsonNode got) {
        int wanted = want.isArray() ? want.size() : 0;
        int have = got.isArray() ? got.size() : 0;
        if (wanted != have) {
            return false;
        }
        for (int i = 0; i < wanted; i++) {
            if (!carries(got.get(i), want.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean carries(JsonNode got, JsonNode want) {
        if (want.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                JsonNode g = got.get(f.getKey());
                if (!f.getValue().isNull() && (g == null || !carries(g, f.getValue()))) {
                    return false;
                }
            }
            return true;
        }
        if (want.isArray()) {
            return carriesEach(want, got);
        }
        return want.asText().equals(got.asText());
    }

    /** {@code [{name, ...}]} by name; a later entry of the same name wins, as it would in the container. */
    private static Map<String, JsonNode> byName(JsonNode list, String key) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (list.isArray()) {
            for (JsonNode e : list) {
                out.put(e.path(key).asText(""), e);
            }
        }
        return out;
    }
}

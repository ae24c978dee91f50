package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.Node;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import io.jenkins.plugins.trainingjob.simulator.cluster.Pod;
import io.jenkins.plugins.trainingjob.simulator.cluster.Quantity;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.Taint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The simulator's own control API under {@code /_sim/}: no authentication, loopback callers only.
 *
 * <ul>
 *   <li>{@code GET /_sim/state}: clock, nodes (free capacity), queues (usage), jobs, faults</li>
 *   <li>{@code POST /_sim/reset}: forget all jobs and diagnoses, restore nodes and the scenario's faults,
 *       restart the clock</li>
 *   <li>{@code POST /_sim/clock/advance?seconds=N} (or body {@code {"seconds": N}})</li>
 *   <li>{@code POST /_sim/nodes/{name}/cordon}, {@code .../uncordon}</li>
 *   <li>{@code POST /_sim/nodes/{name}} with {@code {unschedulable, taints, allocatable, occupied, labels}}
 *       (absent fields unchanged)</li>
 *   <li>{@code GET|POST|DELETE /_sim/faults}: list, add one rule, clear all</li>
 * </ul>
 */
public final class AdminApi {

    /** What a reset restores besides the cluster. */
    public interface Resettable {
        void reset();
    }

    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {};

    private final String scenarioName;
    private final Cluster cluster;
    private final FaultInjector faults;
    private final Resettable resetter;

    public AdminApi(String scenarioName, Cluster cluster, FaultInjector faults, Resettable resetter) {
        this.scenarioName = scenarioName;
        this.cluster = cluster;
        this.faults = faults;
        this.resetter = resetter;
    }

    public void handle(HttpCall call) {
        if (!call.fromLoopback()) {
            send(call, 403, error("the admin API only answers loopback callers"));
            return;
        }
        try {
            send(call, 200, route(call));
        } catch (NoSuchElementException e) {
            send(call, 404, error(e.getMessage()));
        } catch (IllegalArgumentException | ApiException e) {
            send(call, 400, error(e.getMessage()));
        }
    }

    private static ObjectNode error(String message) {
        return Json.object().put("error", message);
    }

    private static void send(HttpCall call, int status, JsonNode body) {
        call.respond(status, Json.CONTENT_TYPE, Json.bytes(body), null);
    }

    private JsonNode route(HttpCall call) {
        List<String> s = call.segments();
        String m = call.method();
        String path = String.join("/", s.subList(1, s.size()));
        if (path.equals("state") && m.equals("GET")) {
            return state();
        }
        if (path.equals("reset") && m.equals("POST")) {
            resetter.reset();
            return state();
        }
        if (path.equals("clock/advance") && m.equals("POST")) {
            String q = call.query("seconds");
            double seconds;
            if (q != null) {
                seconds = parseSeconds(q);
            } else {
                JsonNode b = Json.readObject(call.body(), "InvalidParameter");
                seconds = b.path("seconds").asDouble(-1);
            }
            if (seconds < 0) {
                throw new IllegalArgumentException("seconds must be a non-negative number");
            }
            cluster.advance(Duration.ofMillis((long) (seconds * 1000)));
            return Json.object().put("now", Json.time(cluster.now()));
        }
        if (s.size() >= 3 && s.get(1).equals("nodes")) {
            String node = s.get(2);
            if (s.size() == 4 && m.equals("POST") && s.get(3).equals("cordon")) {
                return nodeJson(cluster.changeNode(node, new NodeChange(true, null, null, null, null)));
            }
            if (s.size() == 4 && m.equals("POST") && s.get(3).equals("uncordon")) {
                return nodeJson(cluster.changeNode(node, new NodeChange(false, null, null, null, null)));
            }
            if (s.size() == 3 && (m.equals("POST") || m.equals("PATCH"))) {
                return nodeJson(cluster.changeNode(node, nodeChange(Json.readObject(call.body(), "InvalidParameter"))));
            }
        }
        if (path.equals("faults")) {
            switch (m) {
                case "GET":
                    return faultsJson();
                case "POST":
                    try {
                        faults.add(Json.MAPPER.treeToValue(
                                Json.readObject(call.body(), "InvalidParameter"), FaultRule.class));
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        Throwable root = e;
                        while (root.getCause() != null) {
                            root = root.getCause();
                        }
                        throw new IllegalArgumentException("bad fault rule: " + root.getMessage());
                    }
                    return faultsJson();
                case "DELETE":
                    faults.clear();
                    return faultsJson();
                default:
                    break;
            }
        }
        throw new NoSuchElementException("no admin endpoint " + m + " " + call.rawPath());
    }

    private static double parseSeconds(String q) {
        try {
            return Double.parseDouble(q);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seconds must be a number, was '" + q + "'");
        }
    }

    static NodeChange nodeChange(ObjectNode b) {
        Boolean unschedulable = b.has("unschedulable") ? b.get("unschedulable").asBoolean() : null;
        List<Taint> taints = null;
        if (b.has("taints")) {
            taints = new ArrayList<>();
            for (JsonNode t : b.get("taints")) {
                taints.add(new Taint(
                        t.path("key").asText(""),
                        t.path("value").asText(""),
                        t.path("effect").asText("NoSchedule")));
            }
        }
        return new NodeChange(
                unschedulable,
                taints,
                resources(b, "allocatable"),
                resources(b, "occupied"),
                b.has("labels") ? Json.MAPPER.convertValue(b.get("labels"), STRING_MAP) : null);
    }

    private static Resources resources(ObjectNode b, String field) {
        if (!b.has(field)) {
            return null;
        }
        Map<String, String> m = Json.MAPPER.convertValue(b.get(field), STRING_MAP);
        return Resources.parse(m, field);
    }

    private ArrayNode faultsJson() {
        return Json.MAPPER.valueToTree(faults.rules());
    }

    static ObjectNode nodeJson(Node.NodeView n) {
        ObjectNode o = Json.object().put("name", n.name()).put("unschedulable", n.unschedulable());
        o.set("labels", Json.stringMap(n.labels()));
        ArrayNode taints = Json.array();
        for (Taint t : n.taints()) {
            taints.add(Json.object().put("key", t.key()).put("value", t.value()).put("effect", t.effect()));
        }
        o.set("taints", taints);
        o.set("allocatable", Json.stringMap(n.allocatable().formatted()));
        o.set("occupied", Json.stringMap(n.occupied().formatted()));
        o.set("held", Json.stringMap(n.held().formatted()));
        ObjectNode free = Json.object();
        // Every allocatable resource, zeros included: "0 of 8 GPUs free" is what a reader looks for.
        n.allocatable()
                .amounts()
                .keySet()
                .forEach(k -> free.put(k, Quantity.format(k, n.free().get(k))));
        o.set("free", free);
        return o;
    }

    private JsonNode state() {
        ObjectNode o = Json.object()
                .put("scenario", scenarioName)
                .put("now", Json.time(cluster.now()))
                .put("speed", cluster.clock().speed());
        ArrayNode nodes = Json.array();
        cluster.nodes().forEach(n -> nodes.add(nodeJson(n)));
        o.set("nodes", nodes);
        ArrayNode queues = Json.array();
        Map<String, Resources> usage = cluster.queueUsage();
        for (SchedulingQueue q : cluster.queues()) {
            ObjectNode qo = Json.object().put("key", q.key()).put("name", q.name());
            ArrayNode qn = Json.array();
            q.nodes().forEach(qn::add);
            qo.set("nodes", qn);
            qo.set("capability", Json.stringMap(q.capability().formatted()));
            qo.set(
                    "used",
                    Json.stringMap(usage.getOrDefault(q.key(), Resources.NONE).formatted()));
            queues.add(qo);
        }
        o.set("queues", queues);
        ArrayNode jobs = Json.array();
        for (JobView v : cluster.jobs(j -> true)) {
            ObjectNode j = Json.object()
                    .put("platform", v.platform().name())
                    .put("id", v.id())
                    .put("name", v.name())
                    .put("queue", v.queue())
                    .put("priority", v.priority())
                    .put("state", v.state().name())
                    .put("createdAt", Json.time(v.createdAt()))
                    .put("startedAt", Json.time(v.startedAt()))
                    .put("finishedAt", Json.time(v.finishedAt()));
            if (v.queuePosition() != null) {
                j.put("queuePosition", v.queuePosition());
            }
            ArrayNode pods = Json.array();
            for (Pod.PodView p : v.pods()) {
                ObjectNode po = Json.object()
                        .put("name", p.name())
                        .put("node", p.nodeName())
                        .put("phase", p.phase());
                po.set("request", Json.stringMap(p.request().formatted()));
                pods.add(po);
            }
            j.set("pods", pods);
            jobs.add(j);
        }
        o.set("jobs", jobs);
        o.set("faults", faultsJson());
        return o;
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.Node;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.Taint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * AIHC's pool inventory, served from the cluster model in the documented v1 shapes (bce-sdk-go
 * {@code services/aihc/api/v1/resourcePool.go} and {@code queue.go}):
 * <ul>
 *   <li>{@code GET /api/v1/resourcepools/{id}}: {@code result.resourcePool{metadata, spec, status{gpuDetail[],
 *   gpuCount, nodeCount, phase}}};</li>
 *   <li>{@code GET /api/v1/resourcepools/{id}/nodes?pageNo&pageSize}: {@code result{nodes[], total, orderBy, order,
 *   pageNo, pageSize}}, nodes sorted by name;</li>
 *   <li>{@code GET /api/v1/resourcepools/{id}/queue/{name}}: {@code result.queue{name, queueType, state, opened,
 *   capability, deserved, guarantee, allocated, nodeList, ...}}.</li>
 * </ul>
 * A pool's nodes are those of its queues. A node's accelerator ({@code gpuDescriptor}) is its first
 * non-CPU/memory resource by name; {@code gpuAllocated} is what other tenants and the simulator's own pods
 * hold; memory is in GiB. {@code intervention} is {@code cordoned}, {@code tainted} (a NoSchedule or
 * NoExecute taint) or {@code unintervened}.
 */
public final class AihcInventoryApi {

    /**
     * The scenario's knobs: per pool how its answers are shaped, per queue key its child queues.
     */
    public record Knobs(Map<String, InventoryShape> shapes, Map<String, List<String>> children) {
        public Knobs {
            shapes = Map.copyOf(shapes);
            children = Map.copyOf(children);
        }

        InventoryShape shape(String poolId) {
            return shapes.getOrDefault(poolId, InventoryShape.PLAIN);
        }
    }

    private static final Set<String> NOT_ACCELERATORS =
            Set.of("cpu", "memory", "pods", "ephemeral-storage", "sharedMemory");
    private static final double GIB = 1024d * 1024 * 1024;
    private static final int MAX_PAGE_SIZE = 1000;

    private final Cluster cluster;
    private final Map<String, Map<String, SchedulingQueue>> pools;
    private final Knobs knobs;

    AihcInventoryApi(Cluster cluster, Map<String, Map<String, SchedulingQueue>> pools, Knobs knobs) {
        this.cluster = cluster;
        this.pools = pools;
        this.knobs = knobs;
    }

    /** The queue as it is now: an administrator may have reopened it or added nodes. */
    private SchedulingQueue current(SchedulingQueue declared) {
        return cluster.queue(declared.key()).orElse(declared);
    }

    /** {@code s} = [api, v1, resourcepools, {id}, ...]; the pool exists. */
    ObjectNode route(HttpCall call, List<String> s) {
        String poolId = s.get(3);
        if (s.size() == 4) {
            return pool(poolId);
        }
        if (s.size() == 5 && s.get(4).equals("nodes")) {
            return nodes(call, poolId);
        }
        if (s.size() == 6 && s.get(4).equals("queue")) {
            return queue(poolId, s.get(5));
        }
        throw new ApiException(404, "NotFound", "No such API: GET " + call.rawPath());
    }

    private ObjectNode pool(String poolId) {
        List<Node.NodeView> nodes = poolNodes(poolId);
        Map<String, long[]> gpus = new TreeMap<>();
        long total = 0;
        long used = 0;
        long full = 0;
        for (Node.NodeView n : nodes) {
            String gpu = accelerator(n);
            if (gpu.isEmpty()) {
                continue;
            }
            long t = (long) n.allocatable().get(gpu);
            long a = allocated(n, gpu);
            long[] g = gpus.computeIfAbsent(gpu, k -> new long[2]);
            g[0] += t;
            g[1] += a;
            total += t;
            used += a;
            full += a >= t ? 1 : 0;
        }
        ArrayNode detail = Json.array();
        gpus.forEach((k, v) -> detail.add(
                Json.object().put("gpuDescriptor", k).put("total", v[0]).put("used", v[1])));
        ObjectNode status = Json.object();
        status.set("gpuDetail", detail);
        status.set("gpuCount", Json.object().put("total", total).put("used", used));
        status.set("nodeCount", Json.object().put("total", nodes.size()).put("used", full));
        if (!knobs.shape(poolId).phase().isEmpty()) {
            status.put("phase", knobs.shape(poolId).phase());
        }
        String created = Json.time(Instant.EPOCH);
        ObjectNode pool = Json.object();
        pool.set(
                "metadata",
                Json.object()
                        .put("id", poolId)
                        .put("name", poolId)
                        .put("createdAt", created)
                        .put("updatedAt", created));
        pool.set(
                "spec",
                Json.object().put("k8sVersion", "1.28").put("region", "bj").put("forbidDelete", true));
        pool.set("status", status);
        return Json.object().set("result", Json.object().set("resourcePool", pool));
    }

    private ObjectNode nodes(HttpCall call, String poolId) {
        int pageNo = AihcJobsApi.intParam(call, "pageNo", 1);
        int pageSize = Math.min(MAX_PAGE_SIZE, AihcJobsApi.intParam(call, "pageSize", 10));
        InventoryShape shape = knobs.shape(poolId);
        List<Node.NodeView> all = shape.listNodes() ? poolNodes(poolId) : List.of();
        ArrayNode page = Json.array();
        long from = shape.ignorePageNo() ? 0 : (long) (pageNo - 1) * pageSize;
        for (long i = from; i < Math.min(all.size(), from + pageSize); i++) {
            page.add(shaped(node(all.get((int) i)), shape));
        }
        ObjectNode result = Json.object();
        result.set("nodes", page);
        result.put("total", all.size())
                .put("orderBy", "nodeName")
                .put("order", "asc")
                .put("pageNo", pageNo)
                .put("pageSize", pageSize);
        return Json.object().set("result", result);
    }

    /** The node as the pool's knobs shape it: fields left out, keys in lower case. */
    private static ObjectNode shaped(ObjectNode node, InventoryShape shape) {
        if (shape.omit().isEmpty() && shape.keys().equals("camel")) {
            return node;
        }
        ObjectNode out = Json.object();
        node.fields().forEachRemaining(e -> {
            if (!shape.omit().contains(e.getKey())) {
                out.set(
                        shape.keys().equals("lower") ? e.getKey().toLowerCase(java.util.Locale.ROOT) : e.getKey(),
                        e.getValue());
            }
        });
        return out;
    }

    private ObjectNode queue(String poolId, String name) {
        SchedulingQueue declared = pools.get(poolId).get(name);
        if (declared == null) {
            throw new ApiException(404, "QueueNotFound", "queue " + name + " not found in resource pool " + poolId);
        }
        SchedulingQueue q = current(declared);
        List<String> children = knobs.children().getOrDefault(q.key(), List.of());
        // a parent queue is open; the scheduler keeps its jobs waiting because it is not a leaf
        boolean closed = q.closed() && children.isEmpty();
        Resources used = cluster.queueUsage().getOrDefault(q.key(), Resources.NONE);
        ObjectNode o = Json.object()
                .put("name", q.name())
                .put("queueType", "Physical")
                .put("parentQueue", "root")
                .put("state", closed ? "Close" : "Open")
                .put("opened", !closed)
                .put("createdTime", Json.time(Instant.EPOCH))
                .put("reclaimable", false)
                .put("disableOversell", true);
        o.set("capability", Json.stringMap(q.capability().formatted()));
        o.set("deserved", Json.stringMap(q.capability().formatted()));
        o.set("guarantee", Json.object());
        o.set("allocated", Json.stringMap(used.formatted()));
        ArrayNode list = Json.array();
        boolean byInstance = knobs.shape(poolId).nodeListBy().equals("instanceId");
        q.nodes().forEach(n -> list.add(byInstance ? instanceId(n) : n));
        o.set("nodeList", list);
        if (!children.isEmpty()) {
            ArrayNode c = Json.array();
            children.forEach(child -> c.add(Json.object().put("name", child)));
            o.set("children", c);
        }
        return Json.object().set("result", Json.object().set("queue", o));
    }

    private static ObjectNode node(Node.NodeView n) {
        String gpu = accelerator(n);
        Resources taken = n.allocatable().minus(n.free());
        boolean notReady = n.taints().stream().anyMatch(t -> t.key().equals(Taint.NOT_READY));
        // NotReady is the node's condition, not an administrator's taint
        boolean tainted =
                n.taints().stream().anyMatch(t -> t.repelsPods() && !t.key().equals(Taint.NOT_READY));
        return Json.object()
                .put("nodeName", n.name())
                .put("instanceId", instanceId(n.name()))
                .put("instanceName", n.name())
                .put("chargingType", "Postpaid")
                .put("statusPhase", notReady ? "NotReady" : "Ready")
                .put("zone", "zoneA")
                .put("region", "bj")
                .put("createdAt", Json.time(Instant.EPOCH))
                .put("gpuDescriptor", gpu)
                .put("gpuType", gpu.isEmpty() ? "" : gpu.substring(gpu.indexOf('/') + 1))
                .put("gpuTotal", gpu.isEmpty() ? 0 : (long) n.allocatable().get(gpu))
                .put("gpuAllocated", gpu.isEmpty() ? 0 : allocated(n, gpu))
                .put("cpuTotal", (long) Math.floor(n.allocatable().get("cpu")))
                .put("cpuAllocated", (long) Math.ceil(taken.get("cpu")))
                .put("memoryTotal", (long) Math.floor(n.allocatable().get("memory") / GIB))
                .put("memoryAllocated", (long) Math.ceil(taken.get("memory") / GIB))
                .put("intervention", n.unschedulable() ? "cordoned" : tainted ? "tainted" : "unintervened");
    }

    private static String instanceId(String nodeName) {
        return "i-" + Integer.toHexString(nodeName.hashCode());
    }

    private static long allocated(Node.NodeView n, String gpu) {
        return (long) Math.ceil(n.allocatable().get(gpu) - n.free().get(gpu));
    }

    static String accelerator(Node.NodeView n) {
        for (Map.Entry<String, Double> e : n.allocatable().amounts().entrySet()) {
            if (!NOT_ACCELERATORS.contains(e.getKey()) && e.getValue() > 0) {
                return e.getKey();
            }
        }
        return "";
    }

    private List<Node.NodeView> poolNodes(String poolId) {
        Set<String> names = new LinkedHashSet<>();
        for (SchedulingQueue q : pools.get(poolId).values()) {
            names.addAll(current(q).nodes());
        }
        List<Node.NodeView> out = new ArrayList<>();
        for (Node.NodeView n : cluster.nodes()) {
            if (names.contains(n.name())) {
                out.add(n);
            }
        }
        return out;
    }
}

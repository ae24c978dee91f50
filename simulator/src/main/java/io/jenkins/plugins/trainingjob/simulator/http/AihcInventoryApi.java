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
final class AihcInventoryApi {

    private static final Set<String> NOT_ACCELERATORS = Set.of("cpu", "memory", "pods", "ephemeral-storage",
            "sharedMemory");
    private static final double GIB = 1024d * 1024 * 1024;
    private static final int MAX_PAGE_SIZE = 1000;

    private final Cluster cluster;
    private final Map<String, Map<String, SchedulingQueue>> pools;

    AihcInventoryApi(Cluster cluster, Map<String, Map<String, SchedulingQueue>> pools) {
        this.cluster = cluster;
        this.pools = pools;
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
        gpus.forEach((k, v) -> detail.add(Json.object().put("gpuDescriptor", k).put("total", v[0]).put("used", v[1])));
        ObjectNode status = Json.object();
        status.set("gpuDetail", detail);
        status.set("gpuCount", Json.object().put("total", total).put("used", used));
        status.set("nodeCount", Json.object().put("total", nodes.size()).put("used", full));
        status.put("phase", "running");
        String created = Json.time(Instant.EPOCH);
        ObjectNode pool = Json.object();
        pool.set("metadata", Json.object().put("id", poolId).put("name", poolId).put("createdAt", created)
                .put("updatedAt", created));
        pool.set("spec", Json.object().put("k8sVersion", "1.28").put("region", "bj").put("forbidDelete", true));
        pool.set("status", status);
        return Json.object().set("result", Json.object().set("resourcePool", pool));
    }

    private ObjectNode nodes(HttpCall call, String poolId) {
        int pageNo = positive(call.query("pageNo"), 1, "pageNo");
        int pageSize = Math.min(MAX_PAGE_SIZE, positive(call.query("pageSize"), 10, "pageSize"));
        List<Node.NodeView> all = poolNodes(poolId);
        ArrayNode page = Json.array();
        long from = (long) (pageNo - 1) * pageSize;
        for (long i = from; i < Math.min(all.size(), from + pageSize); i++) {
            page.add(node(all.get((int) i)));
        }
        ObjectNode result = Json.object();
        result.set("nodes", page);
        result.put("total", all.size()).put("orderBy", "nodeName").put("order", "asc").put("pageNo", pageNo)
                .put("pageSize", pageSize);
        return Json.object().set("result", result);
    }

    private ObjectNode queue(String poolId, String name) {
        SchedulingQueue q = pools.get(poolId).get(name);
        if (q == null) {
            throw new ApiException(404, "QueueNotFound", "queue " + name + " not found in resource pool " + poolId);
        }
        Resources used = cluster.queueUsage().getOrDefault(q.key(), Resources.NONE);
        ObjectNode o = Json.object().put("name", q.name()).put("queueType", "Physical").put("parentQueue", "root")
                .put("state", q.closed() ? "Close" : "Open").put("opened", !q.closed())
                .put("createdTime", Json.time(Instant.EPOCH)).put("reclaimable", false).put("disableOversell", true);
        o.set("capability", Json.stringMap(q.capability().formatted()));
        o.set("deserved", Json.stringMap(q.capability().formatted()));
        o.set("guarantee", Json.object());
        o.set("allocated", Json.stringMap(used.formatted()));
        ArrayNode list = Json.array();
        q.nodes().forEach(list::add);
        o.set("nodeList", list);
        return Json.object().set("result", Json.object().set("queue", o));
    }

    private static ObjectNode node(Node.NodeView n) {
        String gpu = accelerator(n);
        Resources taken = n.allocatable().minus(n.free());
        boolean tainted = n.taints().stream().anyMatch(Taint::repelsPods);
        return Json.object().put("nodeName", n.name()).put("instanceId", "i-" + Integer.toHexString(n.name().hashCode()))
                .put("instanceName", n.name()).put("chargingType", "Postpaid").put("statusPhase", "Ready")
                .put("zone", "zoneA").put("region", "bj").put("createdAt", Json.time(Instant.EPOCH))
                .put("gpuDescriptor", gpu).put("gpuType", gpu.isEmpty() ? "" : gpu.substring(gpu.indexOf('/') + 1))
                .put("gpuTotal", gpu.isEmpty() ? 0 : (long) n.allocatable().get(gpu))
                .put("gpuAllocated", gpu.isEmpty() ? 0 : allocated(n, gpu))
                .put("cpuTotal", (long) Math.floor(n.allocatable().get("cpu")))
                .put("cpuAllocated", (long) Math.ceil(taken.get("cpu")))
                .put("memoryTotal", (long) Math.floor(n.allocatable().get("memory") / GIB))
                .put("memoryAllocated", (long) Math.ceil(taken.get("memory") / GIB))
                .put("intervention", n.unschedulable() ? "cordoned" : tainted ? "tainted" : "unintervened");
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
            names.addAll(q.nodes());
        }
        List<Node.NodeView> out = new ArrayList<>();
        for (Node.NodeView n : cluster.nodes()) {
            if (names.contains(n.name())) {
                out.add(n);
            }
        }
        return out;
    }

    private static int positive(String text, int fallback, String name) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            int v = Integer.parseInt(text.trim());
            if (v < 1) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: " + name + " must be a positive integer");
        }
    }
}

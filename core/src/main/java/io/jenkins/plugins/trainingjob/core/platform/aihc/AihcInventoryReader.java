package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.CallExecutor;
import io.jenkins.plugins.trainingjob.core.platform.AihcManagedPools;
import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PathSegments;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import okhttp3.HttpUrl;

/**
 * Reads an AIHC pool's inventory with the three documented v1 calls (bce-sdk-go
 * {@code services/aihc/api/v1/resourcePool.go}, {@code queue.go}):
 * {@code GET /api/v1/resourcepools/{id}} ({@code result.resourcePool.status.gpuDetail[]}),
 * {@code GET /api/v1/resourcepools/{id}/nodes?pageNo&pageSize} ({@code result.nodes[]}, {@code total}) and
 * {@code GET /api/v1/resourcepools/{id}/queue/{name}} ({@code result.queue}). A 403 or 404 on any of them
 * ends in {@link InventoryUnreadableException}; other failures follow the usual rules (GETs are retried).
 * Keys are read in any casing; what is absent or does not add up becomes a doubt on the inventory
 * ({@link PoolInventory#nodeDoubts()}), never a 0 or an empty list that a rule could take as proof.
 */
final class AihcInventoryReader {

    static final String OP_POOL = "GET /api/v1/resourcepools/{id}";
    static final String OP_NODES = "GET /api/v1/resourcepools/{id}/nodes";
    static final String OP_QUEUE = "GET /api/v1/resourcepools/{id}/queue/{name}";
    static final int PAGE_SIZE = 500;

    private final CallExecutor http;
    private final HttpUrl base;
    private final String pool;
    private final TimeSource time;

    AihcInventoryReader(CallExecutor http, HttpUrl base, String pool, TimeSource time) {
        this.http = http;
        this.base = base;
        this.pool = pool;
        this.time = time;
    }

    /**
     * The queue's own record. A 404 here is not proof that the queue does not exist: proving that needs
     * the pool's complete queue list, and no list-queues call is documented (aihc-api.md names only the
     * CLI's {@code queue list}), while a managed pool's granted queue is known to answer 404 to a lookup
     * and still take jobs. So the 404 makes the inventory unreadable (UNKNOWN), saying so.
     */
    private JsonNode readQueue(String queue) {
        try {
            return http.execute(ApiCall.get(
                            OP_QUEUE,
                            poolUrl()
                                    .addPathSegment("queue")
                                    .addPathSegment(PathSegments.require("queue", queue))
                                    .build()))
                    .json();
        } catch (NotFoundException e) {
            return throwQueueNotFound(e, queue);
        }
    }

    private static JsonNode throwQueueNotFound(NotFoundException e, String queue) {
        throw new InventoryUnreadableException(
                e.call(),
                "queue " + ConsoleText.strip(queue, 200) + " was not found; that alone does not prove it does not"
                        + " exist, since no documented call lists the pool's queues, so the create's answer decides",
                e);
    }

    PoolInventory read(String queue) {
        // Both become one path segment each: '.' or '..' would climb to a neighbouring read path (review 2, S5).
        PathSegments.require("resourcePool", pool);
        if (queue != null && !queue.isBlank()) {
            PathSegments.require("queue", queue.trim());
        }
        try {
            WireObject poolBody = WireObject.of(result(
                            http.execute(ApiCall.get(OP_POOL, poolUrl().build()))
                                    .json(),
                            OP_POOL))
                    .object("resourcePool");
            WireObject status = poolBody.object("status");
            List<PoolInventory.GpuTotal> gpus = new ArrayList<>();
            for (JsonNode g : status.array("gpuDetail")) {
                WireObject w = WireObject.of(g);
                gpus.add(new PoolInventory.GpuTotal(
                        w.text("gpuDescriptor"),
                        w.number("total").orElse(0),
                        w.number("used").orElse(0)));
            }
            List<String> doubts = new ArrayList<>();
            if (AihcManagedPools.isManaged(pool)) {
                doubts.add("pool " + pool + " is managed by Baidu: its nodes are not the tenant's to list");
            }
            String phase = status.text("phase").trim();
            if (!phase.equalsIgnoreCase("running")) {
                doubts.add(
                        phase.isEmpty()
                                ? "the pool's phase is not reported"
                                : "the pool's phase is " + ConsoleText.strip(phase, 40) + ", not running");
            }
            Map<String, WireNode> nodes = new LinkedHashMap<>();
            boolean complete = readNodes(nodes, doubts);
            if (complete && nodes.isEmpty()) {
                doubts.add("the pool lists no nodes (scaled to zero, or its nodes are not listed)");
            }
            QueueCapacity q = null;
            if (queue != null && !queue.isBlank()) {
                JsonNode qb = result(readQueue(queue.trim()), OP_QUEUE);
                q = queue(WireObject.of(qb).object("queue"), queue.trim(), nodes, doubts);
            }
            List<InventoryNode> list = new ArrayList<>(nodes.size());
            nodes.values().forEach(n -> list.add(n.node()));
            return new PoolInventory(pool, queue, gpus, list, complete, q, new AihcPoolEvidence(), time.now(), doubts);
        } catch (NotFoundException e) {
            throw InventoryUnreadableException.of(e);
        } catch (AuthenticationException e) {
            if (e.httpStatus() == 403) {
                throw InventoryUnreadableException.of(e);
            }
            throw e;
        }
    }

    /**
     * Reads every page, keeping each node once by name. The list is complete only when the distinct names
     * read equal the {@code total} the server states: a server that ignores {@code pageNo} (page 2 repeats
     * page 1) or pages unstably never adds up, and then the node rules do not apply. {@code orderBy=nodeName}
     * asks for a stable order.
     */
    private boolean readNodes(Map<String, WireNode> out, List<String> doubts) {
        long total;
        for (int page = 1; ; page++) {
            HttpUrl url = poolUrl()
                    .addPathSegment("nodes")
                    .addQueryParameter("pageNo", Integer.toString(page))
                    .addQueryParameter("pageSize", Integer.toString(PAGE_SIZE))
                    .addQueryParameter("orderBy", "nodeName")
                    .addQueryParameter("order", "asc")
                    .build();
            WireObject body = WireObject.of(
                    result(http.execute(ApiCall.get(OP_NODES, url)).json(), OP_NODES));
            total = body.number("total").orElse(-1);
            int before = out.size();
            int read = 0;
            for (JsonNode n : body.array("nodes")) {
                read++;
                WireNode w = WireNode.of(WireObject.of(n));
                if (w.name().isEmpty()) {
                    doubts.add("a node of the list has no name");
                    continue;
                }
                if (out.size() >= PoolInventory.MAX_NODES && !out.containsKey(w.name())) {
                    doubts.add("the pool has more than " + PoolInventory.MAX_NODES + " nodes");
                    return false;
                }
                out.putIfAbsent(w.name(), w);
            }
            if (total >= 0 && out.size() == total) {
                return true;
            }
            if (read == 0 || out.size() == before || total >= 0 && out.size() > total || read < PAGE_SIZE) {
                break;
            }
        }
        if (total < 0) {
            doubts.add("the node list states no total, so whether it is complete is not known");
        } else {
            doubts.add("the node list did not add up: " + out.size() + " distinct nodes read, the server says " + total
                    + "; the server may ignore pageNo or page unstably");
        }
        return false;
    }

    /**
     * The queue, its {@code nodeList} resolved to node names: an entry may be a node name, an instance id or
     * an instance name, and {@code nodes[].k8sNodeNames} binds nodes too. An entry that matches no node
     * leaves the queue's node set unknown, which is a doubt, not an empty set.
     */
    private static QueueCapacity queue(
            WireObject q, String fallbackName, Map<String, WireNode> nodes, List<String> doubts) {
        Map<String, String> byId = new HashMap<>();
        for (WireNode n : nodes.values()) {
            byId.putIfAbsent(n.instanceId(), n.name());
            byId.putIfAbsent(n.instanceName(), n.name());
            byId.put(n.name(), n.name());
        }
        byId.remove("");
        List<String> entries = new ArrayList<>();
        for (JsonNode n : q.array("nodeList")) {
            if (n.isValueNode() && !n.isNull()) {
                entries.add(n.asText());
            }
        }
        for (JsonNode group : q.array("nodes")) {
            for (JsonNode n : WireObject.of(group).array("k8sNodeNames")) {
                if (n.isValueNode() && !n.isNull()) {
                    entries.add(n.asText());
                }
            }
        }
        Set<String> resolved = new TreeSet<>();
        int unmatched = 0;
        for (String e : entries) {
            String name = byId.get(e.trim());
            if (name == null) {
                unmatched++;
            } else {
                resolved.add(name);
            }
        }
        String name = q.text("name").isEmpty() ? fallbackName : q.text("name");
        if (unmatched > 0) {
            doubts.add(unmatched + " of the " + entries.size() + " entries of queue " + ConsoleText.strip(name, 80)
                    + "'s node list match no node by name, instance id or instance name");
        }
        List<String> children = new ArrayList<>();
        for (JsonNode c : q.array("children")) {
            String child = c.isObject() ? WireObject.of(c).text("name") : c.isValueNode() ? c.asText() : "";
            children.add(child.isEmpty() ? "(unnamed)" : child);
        }
        JsonNode opened = q.get("opened");
        return new QueueCapacity(
                name,
                q.text("queueType"),
                q.text("state"),
                opened.isBoolean() ? opened.asBoolean() : null,
                resources(q.get("capability")),
                resources(q.get("deserved")),
                resources(q.get("guarantee")),
                resources(q.get("allocated")),
                List.copyOf(resolved),
                children);
    }

    private static Map<String, String> resources(JsonNode m) {
        Map<String, String> out = new TreeMap<>();
        if (m.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isValueNode() && !e.getValue().isNull()) {
                    out.put(e.getKey(), e.getValue().asText());
                }
            }
        }
        return out;
    }

    private HttpUrl.Builder poolUrl() {
        return base.newBuilder()
                .addPathSegments("api/v1/resourcepools")
                .addPathSegment(PathSegments.require("resourcePool", pool));
    }

    private static JsonNode result(JsonNode body, String operation) {
        JsonNode r = body.get("result");
        if (r == null || !r.isObject()) {
            throw TransientException.malformed(
                    PlatformKind.AIHC,
                    operation,
                    200,
                    AihcJobReader.text(body, "requestId"),
                    "the answer has no 'result' object");
        }
        return r;
    }
}

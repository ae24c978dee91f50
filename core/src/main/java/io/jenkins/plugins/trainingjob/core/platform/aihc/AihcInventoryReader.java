package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.CallExecutor;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import okhttp3.HttpUrl;

/**
 * Reads an AIHC pool's inventory with the three documented v1 calls (bce-sdk-go
 * {@code services/aihc/api/v1/resourcePool.go}, {@code queue.go}):
 * {@code GET /api/v1/resourcepools/{id}} ({@code result.resourcePool.status.gpuDetail[]}),
 * {@code GET /api/v1/resourcepools/{id}/nodes?pageNo&pageSize} ({@code result.nodes[]}, {@code total}) and
 * {@code GET /api/v1/resourcepools/{id}/queue/{name}} ({@code result.queue}). A 403 or 404 on any of them
 * ends in {@link InventoryUnreadableException}; other failures follow the usual rules (GETs are retried).
 */
final class AihcInventoryReader {

    static final String OP_POOL = "GET /api/v1/resourcepools/{id}";
    static final String OP_NODES = "GET /api/v1/resourcepools/{id}/nodes";
    static final String OP_QUEUE = "GET /api/v1/resourcepools/{id}/queue/{name}";
    static final int PAGE_SIZE = 500;

    private final CallExecutor http;
    private final HttpUrl base;
    private final String pool;
    private final Clock clock;

    AihcInventoryReader(CallExecutor http, HttpUrl base, String pool, Clock clock) {
        this.http = http;
        this.base = base;
        this.pool = pool;
        this.clock = clock;
    }

    PoolInventory read(String queue) {
        try {
            JsonNode poolBody = result(http.execute(ApiCall.get(OP_POOL, poolUrl().build())).json(), OP_POOL);
            List<PoolInventory.GpuTotal> gpus = new ArrayList<>();
            for (JsonNode g : array(poolBody.path("resourcePool").path("status").path("gpuDetail"))) {
                String descriptor = AihcJobReader.text(g, "gpuDescriptor");
                if (descriptor.isEmpty()) {
                    descriptor = AihcJobReader.text(g, "gpudescriptor");
                }
                gpus.add(new PoolInventory.GpuTotal(descriptor, g.path("total").asLong(0), g.path("used").asLong(0)));
            }
            List<InventoryNode> nodes = new ArrayList<>();
            boolean complete = readNodes(nodes);
            QueueCapacity q = null;
            if (queue != null && !queue.isBlank()) {
                JsonNode qb = result(http.execute(ApiCall.get(OP_QUEUE,
                        poolUrl().addPathSegment("queue").addPathSegment(queue.trim()).build())).json(), OP_QUEUE);
                q = queue(qb.path("queue"), queue.trim());
            }
            return new PoolInventory(PlatformKind.AIHC, pool, queue, gpus, nodes, complete, q, List.of(), List.of(),
                    clock.instant());
        } catch (NotFoundException e) {
            throw InventoryUnreadableException.of(e);
        } catch (AuthenticationException e) {
            if (e.httpStatus() == 403) {
                throw InventoryUnreadableException.of(e);
            }
            throw e;
        }
    }

    /** Reads every page; false when the pool has more than {@link PoolInventory#MAX_NODES} or paging stalls. */
    private boolean readNodes(List<InventoryNode> out) {
        for (int page = 1; ; page++) {
            HttpUrl url = poolUrl().addPathSegment("nodes").addQueryParameter("pageNo", Integer.toString(page))
                    .addQueryParameter("pageSize", Integer.toString(PAGE_SIZE)).build();
            JsonNode body = result(http.execute(ApiCall.get(OP_NODES, url)).json(), OP_NODES);
            JsonNode list = body.path("nodes");
            long total = body.path("total").asLong(-1);
            int before = out.size();
            for (JsonNode n : array(list)) {
                if (out.size() >= PoolInventory.MAX_NODES) {
                    return false;
                }
                out.add(node(n));
            }
            if (out.size() == before) {
                return total < 0 || out.size() >= total;
            }
            if (total >= 0 && out.size() >= total) {
                return true;
            }
            if (total < 0 && out.size() - before < PAGE_SIZE) {
                return true;
            }
        }
    }

    private static InventoryNode node(JsonNode n) {
        return new InventoryNode(AihcJobReader.text(n, "nodeName"), AihcJobReader.text(n, "gpuDescriptor"),
                n.path("gpuTotal").asLong(0), n.path("gpuAllocated").asLong(0), n.path("cpuTotal").asLong(0),
                n.path("cpuAllocated").asLong(0), n.path("memoryTotal").asLong(0), n.path("memoryAllocated").asLong(0),
                AihcJobReader.text(n, "statusPhase"), NodeIntervention.parse(AihcJobReader.text(n, "intervention")));
    }

    private static QueueCapacity queue(JsonNode q, String fallbackName) {
        List<String> nodeList = new ArrayList<>();
        for (JsonNode n : array(q.path("nodeList"))) {
            if (n.isTextual()) {
                nodeList.add(n.asText());
            }
        }
        JsonNode opened = q.get("opened");
        String name = AihcJobReader.text(q, "name");
        return new QueueCapacity(name.isEmpty() ? fallbackName : name, AihcJobReader.text(q, "queueType"),
                AihcJobReader.text(q, "state"), opened != null && opened.isBoolean() ? opened.asBoolean() : null,
                resources(q.path("capability")), resources(q.path("deserved")), resources(q.path("guarantee")),
                resources(q.path("allocated")), nodeList);
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

    private static Iterable<JsonNode> array(JsonNode n) {
        return n != null && n.isArray() ? n : List.of();
    }

    private HttpUrl.Builder poolUrl() {
        return base.newBuilder().addPathSegments("api/v1/resourcepools").addPathSegment(pool);
    }

    private static JsonNode result(JsonNode body, String operation) {
        JsonNode r = body.get("result");
        if (r == null || !r.isObject()) {
            throw TransientException.malformed(PlatformKind.AIHC, operation, 200,
                    AihcJobReader.text(body, "requestId"), "the answer has no 'result' object");
        }
        return r;
    }
}

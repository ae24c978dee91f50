package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import java.time.Duration;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/** The three documented inventory calls, their field names (bce-sdk-go v1), paging and refusals. */
class AihcInventoryReaderTest extends AihcServerTest {

    // Timeouts that bound a hang; no test here waits for one, and a loaded machine must not reach them.
    private static final HttpSettings FAST = new HttpSettings(
            Duration.ofSeconds(2),
            Duration.ofSeconds(5),
            Duration.ofSeconds(5),
            3,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            4L * 1024 * 1024);

    private static MockResponse ok(String json) {
        return new MockResponse.Builder()
                .addHeader("Content-Type", "application/json")
                .body(json)
                .build();
    }

    private static String node(String name, String gpu, int total, int allocated, String intervention) {
        return "{\"nodeName\":\"" + name + "\",\"gpuDescriptor\":\"" + gpu + "\",\"gpuTotal\":" + total
                + ",\"gpuAllocated\":" + allocated + ",\"cpuTotal\":96,\"cpuAllocated\":8,\"memoryTotal\":1024,"
                + "\"memoryAllocated\":0,\"statusPhase\":\"Ready\",\"intervention\":\"" + intervention + "\"}";
    }

    @Test
    void readsPoolNodesInPagesAndTheQueue() throws Exception {
        server.enqueue(ok("{\"requestId\":\"r1\",\"result\":{\"resourcePool\":{\"metadata\":{\"id\":\"cce-pool1\"},"
                + "\"status\":{\"gpuDetail\":[{\"gpuDescriptor\":\"nvidia.com/gpu\",\"total\":24,\"used\":8}]}}}}"));
        StringBuilder page1 = new StringBuilder();
        for (int i = 0; i < AihcInventoryReader.PAGE_SIZE; i++) {
            page1.append(i == 0 ? "" : ",").append(node("n" + i, "nvidia.com/gpu", 8, 0, "unintervened"));
        }
        int total = AihcInventoryReader.PAGE_SIZE + 2;
        server.enqueue(ok("{\"result\":{\"nodes\":[" + page1 + "],\"total\":" + total + ",\"pageNo\":1}}"));
        server.enqueue(ok("{\"result\":{\"nodes\":[" + node("10.3.0.118", "nvidia.com/gpu", 8, 8, "cordoned") + ","
                + node("kwok-1", "nvidia.com/gpu", 8, 0, "tainted") + "],\"total\":" + total + ",\"pageNo\":2}}"));
        server.enqueue(
                ok("{\"requestID\":\"r3\",\"result\":{\"queue\":{\"name\":\"default\",\"queueType\":\"Physical\","
                        + "\"state\":\"Open\",\"capability\":{\"nvidia.com/gpu\":\"24\"},\"allocated\":{\"nvidia.com/gpu\":\"8\"},"
                        + "\"nodeList\":[\"10.3.0.118\",\"kwok-1\"]}}}"));

        PoolInventory inv =
                client("cce-pool1", "default", Credentials.of("ak", "sk"), FAST).inventory(null);

        assertThat(inv.gpus()).containsExactly(new PoolInventory.GpuTotal("nvidia.com/gpu", 24, 8));
        assertThat(inv.nodes()).hasSize(total);
        assertThat(inv.nodesComplete()).isTrue();
        InventoryNode cordoned = inv.nodesByName().get("10.3.0.118");
        assertThat(cordoned.intervention()).isEqualTo(NodeIntervention.CORDONED);
        assertThat(cordoned.gpuFree()).isZero();
        assertThat(inv.nodesByName().get("kwok-1").schedulable()).isFalse();
        assertThat(inv.queue().capability()).containsEntry("nvidia.com/gpu", "24");
        assertThat(inv.queue().closed()).isFalse();
        assertThat(inv.queueNodes()).extracting(InventoryNode::name).containsExactly("10.3.0.118", "kwok-1");

        assertThat(server.takeRequest().getTarget()).isEqualTo("/api/v1/resourcepools/cce-pool1");
        RecordedRequest p1 = server.takeRequest();
        assertThat(p1.getTarget())
                .isEqualTo("/api/v1/resourcepools/cce-pool1/nodes?pageNo=1&pageSize=" + AihcInventoryReader.PAGE_SIZE
                        + "&orderBy=nodeName&order=asc");
        assertThat(p1.getHeaders().get("Authorization")).startsWith("bce-auth-v1/ak/");
        assertThat(server.takeRequest().getTarget()).contains("pageNo=2");
        assertThat(server.takeRequest().getTarget()).isEqualTo("/api/v1/resourcepools/cce-pool1/queue/default");
    }

    @Test
    void aKeyWithoutPermissionGetsInventoryNotReadable() {
        server.enqueue(new MockResponse.Builder()
                .code(403)
                .addHeader("Content-Type", "application/json")
                .body("{\"code\":\"AccessDenied\",\"message\":\"no permission\",\"requestId\":\"rid-9\"}")
                .build());

        assertThatThrownBy(() -> client("cce-pool1", "default", Credentials.of("ak", "sk"), FAST)
                        .inventory("default"))
                .isInstanceOf(InventoryUnreadableException.class)
                .hasMessageContaining("inventory not readable: this access key may not read it")
                .hasMessageContaining("GET /api/v1/resourcepools/{id}")
                .hasMessageContaining("rid-9");
    }

    @Test
    void aClosedQueueAndAMissingQueueAreTold() {
        server.enqueue(ok("{\"result\":{\"resourcePool\":{\"status\":{\"gpuDetail\":[]}}}}"));
        server.enqueue(ok("{\"result\":{\"nodes\":[],\"total\":0}}"));
        server.enqueue(ok("{\"result\":{\"queue\":{\"name\":\"old\",\"state\":\"Close\"}}}"));
        assertThat(client("cce-pool1", null, Credentials.of("ak", "sk"), FAST)
                        .inventory("old")
                        .queue()
                        .closed())
                .isTrue();

        server.enqueue(ok("{\"result\":{\"resourcePool\":{\"status\":{\"gpuDetail\":[]}}}}"));
        server.enqueue(ok("{\"result\":{\"nodes\":[],\"total\":0}}"));
        server.enqueue(new MockResponse.Builder()
                .code(404)
                .addHeader("Content-Type", "application/json")
                .body("{\"code\":\"QueueNotFound\",\"message\":\"no queue\",\"requestId\":\"r\"}")
                .build());
        assertThatThrownBy(() -> client("cce-pool1", null, Credentials.of("ak", "sk"), FAST)
                        .inventory("nope"))
                .isInstanceOf(InventoryUnreadableException.class)
                .hasMessageContaining("inventory not readable: queue nope was not found")
                .hasMessageContaining("does not prove it does not exist");
    }

    private static final String RUNNING_POOL = "{\"result\":{\"resourcePool\":{\"status\":{\"phase\":\"running\","
            + "\"gpuDetail\":[{\"gpuDescriptor\":\"nvidia.com/gpu\",\"total\":8,\"used\":0}]}}}}";

    @Test
    void readsKeysInAnyCasingAndTakesAbsentNumbersAsUnknown() {
        server.enqueue(ok(RUNNING_POOL));
        server.enqueue(
                ok(
                        "{\"result\":{\"Total\":2,\"nodes\":[{\"nodename\":\"a\",\"gpudescriptor\":\"nvidia.com/gpu\","
                                + "\"GPUTOTAL\":8,\"cputotal\":\"96\"},{\"nodeName\":\"b\",\"gpuDescriptor\":\"nvidia.com/gpu\"}]}}"));
        PoolInventory inv =
                client("cce-pool1", null, Credentials.of("ak", "sk"), FAST).inventory("");
        InventoryNode a = inv.nodesByName().get("a");
        assertThat(a.gpuResource()).isEqualTo("nvidia.com/gpu");
        assertThat(a.gpuTotal()).isEqualTo(8);
        assertThat(a.cpuTotal()).isEqualTo(96);
        assertThat(a.gpuKnown()).isTrue();
        assertThat(a.cpuKnown()).isTrue();
        InventoryNode b = inv.nodesByName().get("b");
        assertThat(b.gpuKnown()).isFalse();
        assertThat(b.cpuKnown()).isFalse();
        assertThat(inv.nodesTrusted()).isTrue();
    }

    @Test
    void aServerThatIgnoresPageNoNeverAddsUpSoTheListIsNotComplete() {
        server.enqueue(ok(RUNNING_POOL));
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < AihcInventoryReader.PAGE_SIZE; i++) {
            page.append(i == 0 ? "" : ",").append(node("cpu-" + i, "", 0, 0, "unintervened"));
        }
        // page 2 repeats page 1; the GPU nodes after the first 500 are never served
        for (int p = 0; p < 3; p++) {
            server.enqueue(ok("{\"result\":{\"nodes\":[" + page + "],\"total\":1000}}"));
        }
        PoolInventory inv =
                client("cce-pool1", null, Credentials.of("ak", "sk"), FAST).inventory("");
        assertThat(inv.nodes()).hasSize(AihcInventoryReader.PAGE_SIZE);
        assertThat(inv.nodesComplete()).isFalse();
        assertThat(inv.nodeDoubts())
                .anyMatch(d -> d.contains("did not add up: 500 distinct nodes read, the server says 1000"));
    }

    @Test
    void aManagedPoolAnEmptyPoolAndAPoolNotRunningAreDoubts() {
        server.enqueue(ok("{\"result\":{\"resourcePool\":{\"status\":{\"phase\":\"scaling\"}}}}"));
        server.enqueue(ok("{\"result\":{\"nodes\":[],\"total\":0}}"));
        server.enqueue(ok("{\"result\":{\"queue\":{\"name\":\"q1\"}}}"));
        PoolInventory inv = client("aihc-serverless", "q1", Credentials.of("ak", "sk"), FAST)
                .inventory("q1");
        assertThat(inv.nodesTrusted()).isFalse();
        assertThat(inv.nodeDoubts())
                .containsExactly(
                        "pool aihc-serverless is managed by Baidu: its nodes are not the tenant's to list",
                        "the pool's phase is scaling, not running",
                        "the pool lists no nodes (scaled to zero, or its nodes are not listed)");
    }

    @Test
    void aQueueNodeListMatchesNodesByInstanceIdOrK8sNodeNamesAndNamesChildren() {
        server.enqueue(ok(RUNNING_POOL));
        server.enqueue(ok("{\"result\":{\"total\":3,\"nodes\":[{\"nodeName\":\"10.0.0.1\",\"instanceId\":\"i-aaa\"},"
                + "{\"nodeName\":\"10.0.0.2\",\"instanceId\":\"i-bbb\"},{\"nodeName\":\"10.0.0.3\"}]}}"));
        server.enqueue(
                ok(
                        "{\"result\":{\"queue\":{\"name\":\"q1\",\"nodeList\":[\"i-aaa\"],"
                                + "\"nodes\":[{\"machineSpec\":\"x\",\"k8sNodeNames\":[\"10.0.0.2\"]}],\"children\":[{\"name\":\"q1-a\"}]}}}"));
        PoolInventory inv =
                client("cce-pool1", "q1", Credentials.of("ak", "sk"), FAST).inventory("q1");
        assertThat(inv.queueNodes()).extracting(InventoryNode::name).containsExactly("10.0.0.1", "10.0.0.2");
        assertThat(inv.queue().children()).containsExactly("q1-a");
        assertThat(inv.nodesTrusted()).isTrue();

        server.enqueue(ok(RUNNING_POOL));
        server.enqueue(ok("{\"result\":{\"total\":1,\"nodes\":[{\"nodeName\":\"10.0.0.1\"}]}}"));
        server.enqueue(ok("{\"result\":{\"queue\":{\"name\":\"q2\",\"nodeList\":[\"i-zzz\"]}}}"));
        PoolInventory unmatched =
                client("cce-pool1", "q2", Credentials.of("ak", "sk"), FAST).inventory("q2");
        assertThat(unmatched.nodesTrusted()).isFalse();
        assertThat(unmatched.nodeDoubts())
                .containsExactly("1 of the 1 entries of queue q2's node list match no node"
                        + " by name, instance id or instance name");
    }

    @Test
    void keepsAtMostMaxNodesAndSaysTheListIsIncomplete() {
        server.enqueue(ok("{\"result\":{\"resourcePool\":{\"status\":{\"gpuDetail\":[]}}}}"));
        int pages = PoolInventory.MAX_NODES / AihcInventoryReader.PAGE_SIZE + 1;
        for (int p = 0; p < pages; p++) {
            StringBuilder page = new StringBuilder();
            for (int i = 0; i < AihcInventoryReader.PAGE_SIZE; i++) {
                page.append(i == 0 ? "" : ",")
                        .append("{\"nodeName\":\"n")
                        .append(p)
                        .append('-')
                        .append(i)
                        .append("\"}");
            }
            server.enqueue(ok("{\"result\":{\"nodes\":[" + page + "],\"total\":999999}}"));
        }
        PoolInventory inv =
                client("cce-pool1", null, Credentials.of("ak", "sk"), FAST).inventory("");
        assertThat(inv.nodes()).hasSize(PoolInventory.MAX_NODES);
        assertThat(inv.nodesComplete()).isFalse();
        assertThat(inv.queue()).isNull();
        assertThat(List.of(inv.poolId())).containsExactly("cce-pool1");
    }

    /** Security review 2, S5 residual: a spec's queue is one path segment; '..' would climb to the pool's path. */
    @Test
    void aDotSegmentQueueIsRefusedBeforeAnyCall() {
        AihcClient client = client("cce-pool1", "default", Credentials.of("ak", "sk"), FAST);
        for (int i = 0; i < 5; i++) {
            server.enqueue(ok("{\"requestId\":\"r\",\"result\":{}}"));
        }
        assertThatThrownBy(() -> client.inventory(".."))
                .isInstanceOf(io.jenkins.plugins.trainingjob.core.spec.InvalidInputException.class)
                .hasMessageStartingWith("queue: '..' cannot be part of an API path");
        assertThat(server.getRequestCount()).isZero();
    }
}

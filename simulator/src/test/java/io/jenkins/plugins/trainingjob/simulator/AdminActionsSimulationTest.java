package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The worlds pre-flight must not misjudge: a pool administrator's actions over time (reopen, uncordon, add
 * nodes), a pool that grows by nodes of its shapes, NotReady nodes, and inventory answers shaped as the
 * real API may shape them.
 */
class AdminActionsSimulationTest {

    private static final String WORLD = """
            name: admin-actions
            credentials: [{accessKey: sim-access-key, secretKey: sim-secret-key}]
            timing: {fast: true}
            nodes:
              - {name: g-1, unschedulable: true, allocatable: {cpu: 96, memory: 512Gi, nvidia.com/gpu: 8}}
              - {name: g-2, ready: false, allocatable: {cpu: 96, memory: 512Gi, nvidia.com/gpu: 8}}
              - {name: g-3, allocatable: {cpu: 96, memory: 512Gi, nvidia.com/gpu: 8}}
            aihc:
              resourcePools:
                - id: cce-admin
                  inventory: {keys: lower, nodeListBy: instanceId, omit: [cpuTotal]}
                  queues:
                    - {name: closed, nodes: [g-3], state: Close}
                    - {name: cordoned, nodes: [g-1, g-2]}
                    - {name: small, nodes: [g-3], capability: {cpu: 0}}
                    - {name: growing, nodes: [g-3], grow: 1}
                    - {name: parent, nodes: [g-3], children: [closed]}
                  actions:
                    - {at: 60, reopen: closed}
                    - {at: 120, uncordon: g-1}
                    - {at: 180, addNodes: 1, like: g-3, queue: small}
            """;

    private static int jobs;

    private static JobSpec job(String queue, int replicas) {
        return JobSpecLoader.load(
                "platform: aihc\nname: j-" + queue + "-" + (++jobs) + "\nqueue: " + queue
                        + "\njobFramework: PyTorchJob\n"
                        + "jobSpec:\n  image: i:1\n  command: c\n  replicas: " + replicas + "\n  resources:\n"
                        + "    - {name: nvidia.com/gpu, quantity: 8}\n    - {name: cpu, quantity: 8}\n",
                "j",
                Map.of());
    }

    @Test
    void theAdministratorsActionsHappenAtTheirTimeAndWaitingJobsStartThen() {
        try (Simulator sim = Simulator.start(Scenario.parse(WORLD, "admin").withSpeed(0));
                AihcClient client = SimClients.aihc(sim, "cce-admin", null)) {
            JobRef closed = client.submit(job("closed", 1), "t1");
            JobRef cordoned = client.submit(job("cordoned", 1), "t2");
            JobRef twoPods = client.submit(job("small", 2), "t3");
            assertThat(client.status(closed).phase().isScheduled()).isFalse();

            sim.advanceClock(Duration.ofSeconds(61));
            assertThat(client.status(closed).phase().isScheduled())
                    .as("reopened at 60 s")
                    .isTrue();
            assertThat(client.status(cordoned).phase().isScheduled()).isFalse();

            sim.advanceClock(Duration.ofSeconds(60));
            assertThat(client.status(cordoned).phase().isScheduled())
                    .as("uncordoned at 120 s")
                    .isTrue();
            assertThat(client.status(twoPods).phase().isScheduled()).isFalse();

            sim.advanceClock(Duration.ofSeconds(60));
            assertThat(client.status(twoPods).phase().isScheduled())
                    .as("a node like g-3 added at 180 s")
                    .isTrue();
        }
    }

    @Test
    void aGrowingQueueAddsANodeOfItsShapeForAJobThatWaitsAndAParentQueueTakesNone() {
        try (Simulator sim = Simulator.start(Scenario.parse(WORLD, "admin").withSpeed(0));
                AihcClient client = SimClients.aihc(sim, "cce-admin", null)) {
            assertThat(client.status(client.submit(job("growing", 2), "t1"))
                            .phase()
                            .isScheduled())
                    .isTrue();
            assertThat(client.status(client.submit(job("growing", 1), "t2"))
                            .phase()
                            .isScheduled())
                    .as("grow: 1 is used up")
                    .isFalse();
            assertThat(client.status(client.submit(job("parent", 1), "t3"))
                            .phase()
                            .isScheduled())
                    .isFalse();
        }
    }

    @Test
    void theInventoryIsShapedByThePoolsKnobsAndTheReaderCopesWithEach() {
        try (Simulator sim = Simulator.start(Scenario.parse(WORLD, "admin").withSpeed(0));
                AihcClient client = SimClients.aihc(sim, "cce-admin", null)) {
            PoolInventory inv = client.inventory("cordoned");
            // lower-case keys read, cpuTotal left out is unknown, the instance-id nodeList resolved to names
            assertThat(inv.queueNodes()).extracting(InventoryNode::name).containsExactly("g-1", "g-2");
            assertThat(inv.nodesByName().get("g-1").gpuTotal()).isEqualTo(8);
            assertThat(inv.nodesByName().get("g-1").cpuKnown()).isFalse();
            assertThat(inv.nodesByName().get("g-2").notReady()).isTrue();
            assertThat(inv.nodesTrusted()).isTrue();
            assertThat(client.inventory("parent").queue().children()).containsExactly("closed");
        }
    }

    @Test
    void anActionNamesExactlyOneThing() {
        assertThatThrownBy(() -> Scenario.parse(
                        WORLD.replace("{at: 60, reopen: closed}", "{at: 60, reopen: closed, uncordon: g-1}"), "bad"))
                .hasMessageContaining("an action names exactly one of uncordon, untaint, reopen, addNodes");
    }
}

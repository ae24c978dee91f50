package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per pre-flight rule, and the verdicts when no rule refuses. */
class PreflightCheckTest {

    private static final String GPU = "nvidia.com/gpu";

    private static InventoryNode node(String name, long total, long allocated, NodeIntervention i) {
        return new InventoryNode(name, GPU, total, allocated, 96, 0, 1024, 0, "Ready", i);
    }

    /** The seed example's queue: 1 cordoned, 4 tainted, 2 full 8-GPU nodes. */
    private static List<InventoryNode> seedNodes() {
        List<InventoryNode> n = new ArrayList<>();
        n.add(node("10.3.0.118", 8, 0, NodeIntervention.CORDONED));
        for (int i = 1; i <= 4; i++) {
            n.add(node("fake-node-a800-0" + i, 8, 0, NodeIntervention.TAINTED));
        }
        n.add(node("10.3.0.122", 8, 8, NodeIntervention.NONE));
        n.add(node("10.3.0.123", 8, 8, NodeIntervention.NONE));
        return n;
    }

    private static PoolInventory inv(List<InventoryNode> nodes, QueueCapacity q) {
        return new PoolInventory(PlatformKind.AIHC, "cce-1", q == null ? "" : q.name(), List.of(), nodes, true, q,
                List.of(), List.of(), Instant.EPOCH);
    }

    private static QueueCapacity queue(String name, String state, Map<String, String> cap, Map<String, String> used) {
        return new QueueCapacity(name, "Physical", state, null, cap, cap, Map.of(), used, List.of());
    }

    private static JobDemand demand(int pods, String resource, double perPod) {
        return new JobDemand(PlatformKind.AIHC, "train-1", "default", pods, Map.of(resource, perPod), List.of(), "");
    }

    @Test
    void aClosedQueueNeverFits() {
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 1),
                inv(seedNodes(), queue("default", "Close", Map.of(), Map.of())));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("queue default is closed");
        assertThat(r.hints()).extracting(DiagnosisReport.Hint::text).anyMatch(t -> t.contains("open queue"));
    }

    @Test
    void anAcceleratorNoNodeHasNeverFits() {
        DiagnosisReport r = PreflightCheck.check(demand(1, "baidu.com/a800_80g_cgpu", 8), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("baidu.com/a800_80g_cgpu exists on no node of queue default (7 nodes; "
                + "they offer nvidia.com/gpu)");
        assertThat(ReportFormat.TEXT.render(r)).contains("baidu.com/a800_80g_cgpu");
    }

    @Test
    void aPodLargerThanEverySchedulableNodeNeverFits() {
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 9), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("one pod asks for 9 nvidia.com/gpu; the largest schedulable node of queue "
                + "default has 8 (not counted: 1 cordoned, 4 tainted nodes)");
    }

    @Test
    void aGangThatDoesNotFitTheEmptyPoolNeverFits() {
        // 2 schedulable 8-GPU nodes hold 2 pods of 8, not 3
        DiagnosisReport r = PreflightCheck.check(demand(3, GPU, 8), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("the gang of 3 pods (8 nvidia.com/gpu each) does not fit queue default "
                + "even when empty: its schedulable nodes hold 2 such pods");
    }

    @Test
    void aJobOverTheQueueCapabilityNeverFits() {
        List<InventoryNode> healthy = List.of(node("g1", 8, 0, NodeIntervention.NONE), node("g2", 8, 0,
                NodeIntervention.NONE), node("g3", 8, 0, NodeIntervention.NONE), node("g4", 8, 0, NodeIntervention.NONE));
        DiagnosisReport r = PreflightCheck.check(demand(4, GPU, 8),
                inv(healthy, queue("training", "Open", Map.of(GPU, "24"), Map.of())));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("the job needs 32 nvidia.com/gpu in total; the capability of queue "
                + "training is 24");
    }

    @Test
    void fitsNowWhenFreeCapacityHoldsTheGangAndLaterWhenItIsInUse() {
        List<InventoryNode> nodes = List.of(node("g1", 8, 0, NodeIntervention.NONE), node("g2", 8, 6,
                NodeIntervention.NONE));
        assertThat(PreflightCheck.check(demand(1, GPU, 8), inv(nodes, null)).verdict()).isEqualTo(Verdict.FITS_NOW);
        DiagnosisReport later = PreflightCheck.check(demand(2, GPU, 8), inv(nodes, null));
        assertThat(later.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(later.verdictText()).contains("free capacity holds 1 of 2 pods now; 10 of 16 nvidia.com/gpu free on 2 "
                + "schedulable nodes");
        DiagnosisReport quota = PreflightCheck.check(demand(1, GPU, 8),
                inv(nodes, queue("q", "Open", Map.of(GPU, "16"), Map.of(GPU, "12"))));
        assertThat(quota.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(quota.verdictText()).contains("queue q has 12 of 16 nvidia.com/gpu in use; the job needs 8 more");
    }

    @Test
    void theSeedExampleFitsLaterNotNever() {
        // 8 GPUs on a full node: capacity exists, it is in use; the cordon and taints are not proof of anything
        assertThat(PreflightCheck.check(demand(1, GPU, 8), inv(seedNodes(), null)).verdict())
                .isEqualTo(Verdict.FITS_LATER);
    }

    @Test
    void anIncompleteNodeListNeverProvesAbsence() {
        PoolInventory partial = new PoolInventory(PlatformKind.AIHC, "cce-1", "", List.of(), seedNodes(), false, null,
                List.of(), List.of(), Instant.EPOCH);
        DiagnosisReport r = PreflightCheck.check(demand(1, "baidu.com/a800_80g_cgpu", 8), partial);
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.verdictText()).contains("node list is incomplete");
    }

    @Test
    void unreadableInventoryIsUnknownAndNamesTheReason() {
        DiagnosisReport r = PreflightCheck.unreadable(demand(1, GPU, 1), new InventoryUnreadableException(
                PlatformKind.AIHC, "GET /api/v1/resourcepools/{id}", 403, "AccessDenied", "rid", "this access key may not "
                + "read it", null));
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.verdictText()).contains("inventory not readable: this access key may not read it");
    }

    @Test
    void senseCoreSpecAndReservedQuotaRules() {
        SenseCoreEvidence.ResourceSpec spec8 = new SenseCoreEvidence.ResourceSpec("N6lS.Iu.I80.8", 8, GPU, 96, 960,
                List.of());
        SenseCoreEvidence.PoolBinding binding = new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "ALL", 16, 256,
                4096, 8);
        PoolInventory inv = new PoolInventory(PlatformKind.SENSECORE, "sim-pool", "sim-pool", List.of(), List.of(), false,
                null, List.of(spec8), List.of(binding), Instant.EPOCH);
        JobDemand three = new JobDemand(PlatformKind.SENSECORE, "sc", "sim-pool", 3, Map.of(), List.of("N6lS.Iu.I80.8"),
                "RESERVED");
        assertThat(PreflightCheck.check(three, inv).verdictText())
                .contains("the job needs 24 devices; the workspace's reserved quota in pool sim-pool is 16");
        JobDemand unknownSpec = new JobDemand(PlatformKind.SENSECORE, "sc", "sim-pool", 1, Map.of(), List.of("N1"),
                "RESERVED");
        assertThat(PreflightCheck.check(unknownSpec, inv).verdictText())
                .contains("resource spec N1 is not offered by pool sim-pool (it offers N6lS.Iu.I80.8)");
        JobDemand two = new JobDemand(PlatformKind.SENSECORE, "sc", "sim-pool", 2, Map.of(), List.of("N6lS.Iu.I80.8"),
                "RESERVED");
        assertThat(PreflightCheck.check(two, inv).verdict()).isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void demandIsReadFromAnAihcSpec() {
        JobDemand d = JobDemand.of(JobSpecLoader.load("platform: aihc\nname: t\njobFramework: PyTorchJob\n"
                + "jobSpec:\n  image: i:1\n  command: c\n  replicas: 3\n  resources:\n"
                + "    - {name: nvidia.com/gpu, quantity: 8}\n    - {name: memory, quantity: 100}\n"
                + "    - {name: rdma/hca, quantity: 1}\n", "t", Map.of()), "default");
        assertThat(d.pods()).isEqualTo(3);
        assertThat(d.queue()).isEqualTo("default");
        assertThat(d.accelerators()).containsOnlyKeys(GPU);
        assertThat(d.perPod().get("memory")).isEqualTo(100d * 1024 * 1024 * 1024);
    }
}

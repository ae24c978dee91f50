package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
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
        return new PoolInventory(
                "cce-1", q == null ? "" : q.name(), List.of(), nodes, true, q, new AihcPoolEvidence(), Instant.EPOCH);
    }

    private static QueueCapacity queue(String name, String state, Map<String, String> cap, Map<String, String> used) {
        return new QueueCapacity(name, "Physical", state, null, cap, cap, Map.of(), used, List.of());
    }

    private static JobDemand demand(int pods, String resource, double perPod) {
        return new JobDemand(PlatformKind.AIHC, "train-1", "default", pods, Map.of(resource, perPod), List.of(), "");
    }

    @Test
    void aClosedQueueNeedsTheAdministratorNotNeverFits() {
        DiagnosisReport r = PreflightCheck.check(
                demand(1, GPU, 1), inv(seedNodes(), queue("default", "Close", Map.of(), Map.of())));
        assertThat(r.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(r.verdictText())
                .contains("needs the administrator: queue default is closed")
                .contains("reopen queue default");
        assertThat(r.hints()).extracting(DiagnosisReport.Hint::text).anyMatch(t -> t.contains("reopen queue default"));
    }

    @Test
    void anAcceleratorOfAVendorThePoolLacksNeverFits() {
        DiagnosisReport r = PreflightCheck.check(demand(1, "baidu.com/a800_80g_cgpu", 8), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText())
                .contains("baidu.com/a800_80g_cgpu exists on no node of queue default (7 nodes; "
                        + "the pool offers nvidia.com/gpu)");
        assertThat(ReportFormat.TEXT.render(r)).contains("baidu.com/a800_80g_cgpu");
    }

    @Test
    void aSharedGpuResourceOfAListedVendorIsNotCheckedNotRefused() {
        List<InventoryNode> nodes = List.of(new InventoryNode(
                "c1", "baidu.com/a800_80g_cgpu", 8, 0, 96, 0, 1024, 0, "Ready", NodeIntervention.NONE));
        JobDemand shared = new JobDemand(
                PlatformKind.AIHC,
                "train-1",
                "default",
                1,
                Map.of("baidu.com/a800_80g_cgpu_core", 50d, "baidu.com/a800_80g_cgpu_memory", 20d),
                List.of(),
                "");
        DiagnosisReport r = PreflightCheck.check(shared, inv(nodes, null));
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.verdictText())
                .contains("Not checked: ")
                .contains("node rules for baidu.com/a800_80g_cgpu_core, "
                        + "baidu.com/a800_80g_cgpu_memory (no node or pool lists them as an accelerator descriptor");
    }

    @Test
    void aPodLargerThanEveryNodeShapeNeverFitsWhateverTheNodesState() {
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 9), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText())
                .contains("one pod asks for 9 nvidia.com/gpu; the largest node of queue default has 8");
    }

    @Test
    void aGangThatFitsOnlyWithBlockedNodesNeedsTheAdministratorAndNamesEachAction() {
        // 2 usable 8-GPU nodes hold 2 pods of 8; the cordoned and tainted ones would hold the third
        DiagnosisReport r = PreflightCheck.check(demand(3, GPU, 8), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(r.verdictText())
                .contains("the usable nodes hold 2 pods even when empty")
                .contains("uncordon 10.3.0.118 (frees room for 1 pod: 8 nvidia.com/gpu)")
                .contains("untaint fake-node-a800-01 (frees room for 1 pod: 8 nvidia.com/gpu)");
    }

    @Test
    void everyNodeCordonedNeedsTheAdministratorNotNeverFits() {
        List<InventoryNode> cordoned = List.of(node("only-1", 8, 0, NodeIntervention.CORDONED));
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 8), inv(cordoned, null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(r.verdictText()).contains("uncordon only-1");
    }

    @Test
    void aNotReadyNodeNeedsTheAdministrator() {
        List<InventoryNode> down =
                List.of(new InventoryNode("n1", GPU, 8, 0, 96, 0, 1024, 0, "NotReady", NodeIntervention.NONE));
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 8), inv(down, null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(r.verdictText()).contains("make Ready n1");
    }

    @Test
    void aGangLargerThanTheQueuesNodesEvenEmptyNeedsMoreNodesNotNeverFits() {
        // the pool may add nodes of the shapes it has: only the per-pod shape and the capability are proof
        DiagnosisReport r = PreflightCheck.check(demand(9, GPU, 8), inv(seedNodes(), null));
        assertThat(r.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(r.verdictText())
                .contains("its nodes hold 7 such pods")
                .contains("add nodes to queue default for 2" + " more pods of this shape");
    }

    @Test
    void cpuAndMemoryCapabilityAtZeroMeanUnlimited() {
        List<InventoryNode> healthy =
                List.of(node("g1", 8, 0, NodeIntervention.NONE), node("g2", 8, 0, NodeIntervention.NONE));
        JobDemand d =
                new JobDemand(PlatformKind.AIHC, "train-1", "default", 2, Map.of(GPU, 8d, "cpu", 32d), List.of(), "");
        DiagnosisReport r = PreflightCheck.check(
                d, inv(healthy, queue("default", "Open", Map.of("cpu", "0", "memory", "0", GPU, "16"), Map.of())));
        assertThat(r.verdict()).isEqualTo(Verdict.FITS_NOW);
        assertThat(r.verdictText()).contains("capability cpu=0 means unlimited, as Volcano reads it");
    }

    @Test
    void aMemoryCapabilityWithoutUnitProvesNothing() {
        List<InventoryNode> healthy = List.of(node("g1", 8, 0, NodeIntervention.NONE));
        JobDemand d = new JobDemand(
                PlatformKind.AIHC,
                "train-1",
                "default",
                1,
                Map.of(GPU, 8d, "memory", 64d * 1024 * 1024 * 1024),
                List.of(),
                "");
        DiagnosisReport r =
                PreflightCheck.check(d, inv(healthy, queue("default", "Open", Map.of("memory", "2048"), Map.of())));
        assertThat(r.verdict()).isNotEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("capability memory=2048 has no unit");
    }

    @Test
    void aNonLeafQueueNeverFits() {
        QueueCapacity parent = new QueueCapacity(
                "training",
                "Physical",
                "Open",
                true,
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(),
                List.of("training-a", "training-b"));
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 1), inv(seedNodes(), parent));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText()).contains("queue training has child queues (training-a, training-b)");
    }

    @Test
    void doubtsAboutTheNodeListSkipEveryNodeRuleAndSaySo() {
        PoolInventory managed = new PoolInventory(
                "aihc-serverless",
                "q1",
                List.of(),
                List.of(),
                true,
                null,
                new AihcPoolEvidence(),
                Instant.EPOCH,
                List.of("pool aihc-serverless is managed by Baidu"));
        DiagnosisReport r = PreflightCheck.check(demand(1, GPU, 8), managed);
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.verdictText())
                .contains("Not checked: ")
                .contains("AcceleratorKind, PodFitsNode, GangFitsQueue,"
                        + " CapacityNow (pool aihc-serverless is managed by Baidu)");
    }

    @Test
    void nodesWithoutCpuTotalOrAcceleratorKindProveNothing() {
        List<InventoryNode> vague =
                List.of(new InventoryNode("n1", "", 0, 0, 0, 0, 0, 0, "Ready", NodeIntervention.NONE, false, false));
        JobDemand d = new JobDemand(PlatformKind.AIHC, "train-1", "default", 1, Map.of("cpu", 8d), List.of(), "");
        DiagnosisReport cpu = PreflightCheck.check(d, inv(vague, null));
        assertThat(cpu.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(cpu.verdictText()).contains("PodFitsNode(cpu)");
        DiagnosisReport gpu = PreflightCheck.check(demand(1, "huawei.com/ascend-910b", 8), inv(vague, null));
        assertThat(gpu.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(gpu.verdictText()).contains("1 of 1 nodes do not report their accelerator kind or count");
    }

    @Test
    void aJobOverTheQueueCapabilityNeverFits() {
        List<InventoryNode> healthy = List.of(
                node("g1", 8, 0, NodeIntervention.NONE),
                node("g2", 8, 0, NodeIntervention.NONE),
                node("g3", 8, 0, NodeIntervention.NONE),
                node("g4", 8, 0, NodeIntervention.NONE));
        DiagnosisReport r = PreflightCheck.check(
                demand(4, GPU, 8), inv(healthy, queue("training", "Open", Map.of(GPU, "24"), Map.of())));
        assertThat(r.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(r.verdictText())
                .contains("the job needs 32 nvidia.com/gpu in total; the capability of queue " + "training is 24");
    }

    @Test
    void fitsNowWhenFreeCapacityHoldsTheGangAndLaterWhenItIsInUse() {
        List<InventoryNode> nodes =
                List.of(node("g1", 8, 0, NodeIntervention.NONE), node("g2", 8, 6, NodeIntervention.NONE));
        assertThat(PreflightCheck.check(demand(1, GPU, 8), inv(nodes, null)).verdict())
                .isEqualTo(Verdict.FITS_NOW);
        DiagnosisReport later = PreflightCheck.check(demand(2, GPU, 8), inv(nodes, null));
        assertThat(later.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(later.verdictText())
                .contains("free capacity holds 1 of 2 pods now; 10 of 16 nvidia.com/gpu free on 2 " + "usable nodes");
        DiagnosisReport quota = PreflightCheck.check(
                demand(1, GPU, 8), inv(nodes, queue("q", "Open", Map.of(GPU, "16"), Map.of(GPU, "12"))));
        assertThat(quota.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(quota.verdictText()).contains("queue q has 12 of 16 nvidia.com/gpu in use; the job needs 8 more");
    }

    @Test
    void theSeedExampleFitsLaterNotNever() {
        // 8 GPUs on a full node: capacity exists, it is in use; the cordon and taints are not proof of anything
        assertThat(PreflightCheck.check(demand(1, GPU, 8), inv(seedNodes(), null))
                        .verdict())
                .isEqualTo(Verdict.FITS_LATER);
    }

    @Test
    void anIncompleteNodeListNeverProvesAbsence() {
        PoolInventory partial = new PoolInventory(
                "cce-1", "", List.of(), seedNodes(), false, null, new AihcPoolEvidence(), Instant.EPOCH);
        DiagnosisReport r = PreflightCheck.check(demand(1, "baidu.com/a800_80g_cgpu", 8), partial);
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.verdictText()).contains("node list is incomplete");
    }

    @Test
    void unreadableInventoryIsUnknownAndNamesTheReason() {
        DiagnosisReport r = PreflightCheck.unreadable(
                demand(1, GPU, 1),
                new InventoryUnreadableException(
                        new FailedCall(PlatformKind.AIHC, "GET /api/v1/resourcepools/{id}", 403, "AccessDenied", "rid"),
                        "this access key may not " + "read it",
                        null));
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.verdictText()).contains("inventory not readable: this access key may not read it");
    }

    private static PoolInventory senseCore(
            SenseCoreEvidence.PoolBinding binding, SenseCoreEvidence.ResourceSpec... specs) {
        return new PoolInventory(
                "sim-pool",
                "sim-pool",
                List.of(),
                List.of(),
                false,
                null,
                new SenseCorePoolEvidence(List.of(specs), List.of(binding)),
                Instant.EPOCH);
    }

    private static final SenseCoreEvidence.ResourceSpec SPEC8 =
            new SenseCoreEvidence.ResourceSpec("N6lS.Iu.I80.8", 8, GPU, 96, 960, List.of());
    private static final SenseCoreEvidence.ResourceSpec SPEC8B =
            new SenseCoreEvidence.ResourceSpec("N6lS.Iu.H80.8", 8, GPU, 96, 960, List.of());

    private static JobDemand sc(int workers, String quota, String... specs) {
        return new JobDemand(PlatformKind.SENSECORE, "sc", "sim-pool", workers, Map.of(), List.of(specs), quota);
    }

    @Test
    void senseCoreReservedQuotaAndAMissingSpecAreReportedNotRefused() {
        PoolInventory inv =
                senseCore(new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "ALL", 16, 256, 4096, 8), SPEC8);
        DiagnosisReport three = PreflightCheck.check(sc(3, "RESERVED", "N6lS.Iu.I80.8"), inv);
        assertThat(three.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(three.verdictText())
                .contains("the job needs 24 devices and the workspace's reserved quota in pool" + " sim-pool is 16")
                .contains("MEMBER_QUOTA_EXCEEDED");
        DiagnosisReport unknownSpec = PreflightCheck.check(sc(1, "RESERVED", "N1"), inv);
        assertThat(unknownSpec.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(unknownSpec.verdictText())
                .contains("resource spec N1 is not among the 1 specs read for pool"
                        + " sim-pool (N6lS.Iu.I80.8), and the list may be paged");
    }

    @Test
    void senseCoreCandidateSpecsCountTheLargestTimesTheWorkersNotTheSum() {
        PoolInventory inv = senseCore(
                new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "ALL", 16, 256, 4096, 8), SPEC8, SPEC8B);
        DiagnosisReport r = PreflightCheck.check(sc(4, "RESERVED", "N6lS.Iu.I80.8", "N6lS.Iu.H80.8"), inv);
        assertThat(r.verdictText()).contains("the job needs 32 devices");
    }

    @Test
    void senseCoreUnreportedSpotAllowanceIsNoRuleAndZeroNeedsTheAdministrator() {
        DiagnosisReport unreported = PreflightCheck.check(
                sc(1, "SPOT", "N6lS.Iu.I80.8"),
                senseCore(new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "ALL", 16, 256, 4096, -1), SPEC8));
        assertThat(unreported.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(unreported.verdictText()).contains("SpotAllowance (the binding reports no spot allowance)");
        DiagnosisReport zero = PreflightCheck.check(
                sc(1, "SPOT", "N6lS.Iu.I80.8"),
                senseCore(new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "ALL", 16, 256, 4096, 0), SPEC8));
        assertThat(zero.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(zero.verdictText()).contains("raise the workspace's spot allowance in pool sim-pool to at least 8");
    }

    @Test
    void senseCoreOnDemandBindingTakesReservedJobsAndASpotOnlyBindingRefusesThem() {
        DiagnosisReport onDemand = PreflightCheck.check(
                sc(4, "RESERVED", "N6lS.Iu.I80.8"),
                senseCore(new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "ON_DEMAND", 0, 0, 0, -1), SPEC8));
        assertThat(onDemand.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(onDemand.verdictText()).doesNotContain("reserved quota");
        DiagnosisReport spotOnly = PreflightCheck.check(
                sc(1, "RESERVED", "N6lS.Iu.I80.8"),
                senseCore(new SenseCoreEvidence.PoolBinding("sim-pool", "ACTIVE", "SPOT", 0, 0, 0, 8), SPEC8));
        assertThat(spotOnly.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(spotOnly.verdictText())
                .contains("does not take RESERVED jobs from this workspace (binding quota type" + " SPOT)");
    }

    @Test
    void demandIsReadFromAnAihcSpec() {
        JobDemand d = JobDemand.of(
                JobSpecLoader.load(
                        "platform: aihc\nname: t\njobFramework: PyTorchJob\n"
                                + "jobSpec:\n  image: i:1\n  command: c\n  replicas: 3\n  resources:\n"
                                + "    - {name: nvidia.com/gpu, quantity: 8}\n    - {name: memory, quantity: 100}\n"
                                + "    - {name: rdma/hca, quantity: 1}\n",
                        "t",
                        Map.of()),
                "default");
        assertThat(d.pods()).isEqualTo(3);
        assertThat(d.queue()).isEqualTo("default");
        assertThat(d.accelerators()).containsOnlyKeys(GPU);
        assertThat(d.perPod().get("memory")).isEqualTo(100d * 1024 * 1024 * 1024);
    }
}

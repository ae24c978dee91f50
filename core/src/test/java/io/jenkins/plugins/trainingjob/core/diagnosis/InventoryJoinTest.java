package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The join on its own: platform wording, a change that does not help, folding in large pools, escaping. */
class InventoryJoinTest {

    private static final String GPU = "nvidia.com/gpu";

    private static Finding taint(String node, String pod) {
        return Finding.classified(
                "NodeTaintToleranceDiagnostics",
                "NodeAvailabilityDiagnostics",
                "node(s) had untolerated taint: {team: infra}",
                Finding.Where.podOnNode(node, pod, "j", "default", "q"),
                Finding.Shortfall.NONE);
    }

    private static Finding gpuShort(String node, String pod) {
        return Finding.classified(
                "GPUResourceDiagnostics",
                "ResourceCapacityDiagnostics",
                "",
                Finding.Where.podOnNode(node, pod, "j", "default", "q"),
                Finding.Shortfall.of(GPU, "8", "0"));
    }

    /** The simulator's queue finding: the whole job's 24 GPUs against what running jobs leave of 32. */
    private static Finding queueInUse() {
        return Finding.classified(
                "QueueCapabilityDiagnostics",
                "QueueResourceDiagnostics",
                "queue q capability exceeded: request 24 nvidia.com/gpu, in use 16 of 32",
                Finding.Where.jobInQueue("j", "q"),
                Finding.Shortfall.of(GPU, "24", "16"));
    }

    private static DiagnosisReport joined(PlatformKind platform, List<Finding> findings, List<InventoryNode> nodes) {
        JobRef job = new JobRef(platform, "job-1", "train");
        DiagnosisReport base = ReportAssembler.assemble(job, "d-1", findings, List.of(), List.of());
        return InventoryJoin.join(
                base,
                findings,
                new PoolInventory(
                        "p",
                        "q",
                        List.of(),
                        nodes,
                        true,
                        null,
                        platform == PlatformKind.AIHC ? new AihcPoolEvidence() : SenseCorePoolEvidence.NONE,
                        Instant.EPOCH));
    }

    @Test
    void aTaintOnFullNodesDoesNotHelpAndTheVerdictSaysCapacityIsInUse() {
        List<Finding> f = List.of(taint("t-1", "p-0"), gpuShort("g-1", "p-0"));
        List<InventoryNode> nodes = List.of(
                new InventoryNode("t-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.TAINTED),
                new InventoryNode("g-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        DiagnosisReport r = joined(PlatformKind.AIHC, f, nodes);
        assertThat(r.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(r.verdictText())
                .startsWith(
                        "fits later: no single change of a refused node makes room (removing "
                                + "the taint team: infra from t-1 makes 1 node with 0 free nvidia.com/gpu available: it does not help)");
        assertThat(r.hints())
                .extracting(DiagnosisReport.Hint::text)
                .contains(
                        "Suggestion (pool administrator, AIHC node intervention): removing the taint team: infra from "
                                + "t-1 makes 1 node with 0 free nvidia.com/gpu available: it does not help; or use another queue "
                                + "or pool.");
    }

    /**
     * A full queue: every node's row says "allocatable 0" for 8 requested, which alone reads as NEVER_FITS
     * (allocatable taken as the node's total). The inventory shows 8 in total on each: capacity in use, and
     * the job starts when it frees; a NEVER_FITS here would fail (and with cancel-on-failure stop) a job that
     * only had to wait. The simulator's "workload" world is this queue (cli WorkloadEtaEndToEndTest).
     */
    @Test
    void everyNodeShortOnlyBecauseItsCapacityIsInUseFitsLaterWhenTheInventoryShowsTheTotals() {
        List<Finding> f = List.of(gpuShort("g-1", "p-0"), gpuShort("g-2", "p-0"));
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "train");
        assertThat(ReportAssembler.assemble(job, "d-1", f, List.of(), List.of()).verdict())
                .isEqualTo(Verdict.NEVER_FITS);
        List<InventoryNode> nodes = List.of(
                new InventoryNode("g-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE),
                new InventoryNode("g-2", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        DiagnosisReport r = joined(PlatformKind.AIHC, f, nodes);
        assertThat(r.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(r.verdictText()).contains("capacity exists but is in use (0 of 16 nvidia.com/gpu free");
        // nodes of 4 GPUs in total: the same rows are proof, and the verdict stays
        List<InventoryNode> small = List.of(
                new InventoryNode("g-1", GPU, 4, 4, 96, 0, 0, 0, "Ready", NodeIntervention.NONE),
                new InventoryNode("g-2", GPU, 4, 4, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        assertThat(joined(PlatformKind.AIHC, f, small).verdict()).isEqualTo(Verdict.NEVER_FITS);
    }

    /**
     * A queue's capability finding names the job's whole request (24 for 3 pods of 8), not a pod's: taken as
     * the per-pod request it made the join claim "no node has 24 in total" (found in the simulator's
     * "nightly" world where another team fills the queue). What the queue row itself proves is the verdict
     * rules' business, not the join's.
     */
    @Test
    void theQueuesWholeJobRequestIsNotTakenForAPodsRequest() {
        Finding quota = queueInUse();
        List<Finding> f = List.of(gpuShort("g-1", "p-0"), gpuShort("g-2", "p-1"), quota);
        List<InventoryNode> nodes = List.of(
                new InventoryNode("g-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE),
                new InventoryNode("g-2", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));

        DiagnosisReport r = joined(PlatformKind.AIHC, f, nodes);

        assertThat(r.verdictText()).doesNotContain("has 24 nvidia.com/gpu in total");
        assertThat(r.hints())
                .extracting(DiagnosisReport.Hint::text)
                .contains("Suggestion: g-[1-2] have 8 nvidia.com/gpu each, 0 free: the pod fits there once running "
                        + "jobs free them; wait, or raise the job's priority.");
    }

    /**
     * A queue's numbers may be what running jobs leave of its limit ("in use 16 of 32"): alone they are a wait,
     * not proof (they made NEVER_FITS, "waiting will not help", of a job that starts once the running jobs
     * end; QueueInUseNotProofTest is that world). Only the queue's limit itself, from the inventory, proves it.
     */
    @Test
    void aQueuesNumbersAreAWaitAndOnlyItsLimitProvesNeverFits() {
        Finding inUse = queueInUse();
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "train");
        DiagnosisReport base = ReportAssembler.assemble(job, "d-1", List.of(inUse), List.of(), List.of());
        assertThat(base.verdict()).as(base.verdictText()).isEqualTo(Verdict.FITS_LATER);

        java.util.function.Function<String, PoolInventory> withLimit = limit -> new PoolInventory(
                "p",
                "q",
                List.of(),
                List.of(new InventoryNode("g-1", GPU, 8, 0, 96, 0, 0, 0, "Ready", NodeIntervention.NONE)),
                true,
                new io.jenkins.plugins.trainingjob.core.platform.QueueCapacity(
                        "q",
                        "",
                        "Open",
                        true,
                        java.util.Map.of(GPU, limit),
                        java.util.Map.of(),
                        java.util.Map.of(),
                        java.util.Map.of(GPU, "16"),
                        List.of(),
                        List.of()),
                new AihcPoolEvidence(),
                Instant.EPOCH);
        assertThat(InventoryJoin.join(base, List.of(inUse), withLimit.apply("32"))
                        .verdict())
                .isEqualTo(Verdict.FITS_LATER);
        DiagnosisReport above = InventoryJoin.join(base, List.of(inUse), withLimit.apply("16"));
        assertThat(above.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(above.verdictText())
                .isEqualTo("never fits as configured: the job needs 24 nvidia.com/gpu in total; the capability of "
                        + "queue q is 16. Waiting will not help; change the request, the queue or the pool.");
    }

    @Test
    void aRefusalTheInventoryCannotJudgeKeepsTheDiagnosisVerdict() {
        Finding affinity = Finding.classified(
                "NodeAffinityDiagnostics",
                "NodeAvailabilityDiagnostics",
                "node(s) didn't match Pod's node affinity/selector",
                Finding.Where.podOnNode("a-1", "p-0", "j", "default", "q"),
                Finding.Shortfall.NONE);
        List<Finding> f = List.of(taint("t-1", "p-0"), gpuShort("g-1", "p-0"), affinity);
        List<InventoryNode> nodes = List.of(
                new InventoryNode("t-1", GPU, 8, 0, 96, 0, 0, 0, "Ready", NodeIntervention.TAINTED),
                new InventoryNode("g-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE),
                new InventoryNode("a-1", GPU, 8, 0, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "train");
        DiagnosisReport base = ReportAssembler.assemble(job, "d-1", f, List.of(), List.of());
        DiagnosisReport r = joined(PlatformKind.AIHC, f, nodes);
        assertThat(r.verdict()).isEqualTo(base.verdict());
        assertThat(r.verdictText())
                .startsWith(base.verdictText())
                .endsWith(" With the inventory: removing the taint "
                        + "team: infra from t-1 makes 1 node with 8 free nvidia.com/gpu available: the pod fits.");
    }

    @Test
    void elsewhereATaintIsTolerated() {
        List<Finding> f = List.of(taint("t-1", "p-0"), gpuShort("g-1", "p-0"));
        List<InventoryNode> nodes = List.of(
                new InventoryNode("t-1", GPU, 8, 0, 96, 0, 0, 0, "Ready", NodeIntervention.TAINTED),
                new InventoryNode("g-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        DiagnosisReport r = joined(PlatformKind.SENSECORE, f, nodes);
        assertThat(r.verdictText())
                .isEqualTo("fits after a change: tolerating team: infra makes 1 node with 8 free "
                        + "nvidia.com/gpu available: the pod fits.");
    }

    @Test
    void withoutInventoryAihcHintsNameTheAdministratorNotATolerationSnippet() {
        List<Finding> f = List.of(taint("t-1", "p-0"));
        DiagnosisReport base =
                ReportAssembler.assemble(new JobRef(PlatformKind.AIHC, "job-1", "train"), "d", f, List.of(), List.of());
        assertThat(base.hints().get(0).snippet()).contains("tolerations");
        DiagnosisReport r = InventoryJoin.remedies(base, f);
        assertThat(r.hints()).extracting(DiagnosisReport.Hint::snippet).containsOnly("");
        assertThat(r.hints().get(0).text())
                .contains("ask the pool administrator to remove the taint team: infra from t-1"
                        + " (AIHC node intervention), or submit to another queue or pool");
    }

    @Test
    void aPoolOfThousandsIsFoldedIntoAFewCellsThatStillCountEveryNode() {
        List<Finding> f = new ArrayList<>();
        List<InventoryNode> nodes = new ArrayList<>();
        for (int i = 1; i <= 2000; i++) {
            String name = String.format("gpu-%04d", i);
            nodes.add(new InventoryNode(
                    name,
                    GPU,
                    8,
                    i % 100 < 50 ? 8 : 0,
                    96,
                    0,
                    0,
                    0,
                    "Ready",
                    i % 250 == 0 ? NodeIntervention.CORDONED : NodeIntervention.NONE));
            if (i <= 1000) {
                f.add(gpuShort(name, "p-0"));
            }
        }
        DiagnosisReport r = joined(PlatformKind.AIHC, f, nodes);
        assertThat(r.pool().size()).isLessThan(InventoryJoin.PICTURE_FOLD_ABOVE);
        assertThat(r.pool().stream().mapToInt(PoolCell::count).sum()).isEqualTo(2000);
        assertThat(r.pool()).anyMatch(c -> c.count() > 1 && c.nodes().contains("["));
    }

    @Test
    void thePictureSurvivesTheJsonFormAndReportsWithoutItKeepTheirJson() {
        List<Finding> f = List.of(taint("t-1", "p-0"), gpuShort("g-1", "p-0"));
        List<InventoryNode> nodes = List.of(
                new InventoryNode("t-1", GPU, 8, 0, 96, 0, 0, 0, "Ready", NodeIntervention.TAINTED),
                new InventoryNode("g-1", GPU, 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE),
                new InventoryNode("idle", GPU, 8, 0, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        DiagnosisReport r = joined(PlatformKind.AIHC, f, nodes);
        String json = io.jenkins.plugins.trainingjob.core.report.ReportJson.write(r);
        assertThat(io.jenkins.plugins.trainingjob.core.report.ReportJson.read(json))
                .isEqualTo(r);
        assertThat(r.pool())
                .extracting(PoolCell::nodes, PoolCell::refusal)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("g-1", ReasonCategory.INSUFFICIENT_RESOURCE),
                        org.assertj.core.groups.Tuple.tuple("idle", null),
                        org.assertj.core.groups.Tuple.tuple("t-1", ReasonCategory.UNTOLERATED_TAINT));
        DiagnosisReport plain =
                ReportAssembler.assemble(new JobRef(PlatformKind.AIHC, "job-1", "train"), "d", f, List.of(), List.of());
        assertThat(io.jenkins.plugins.trainingjob.core.report.ReportJson.write(plain))
                .doesNotContain("\"pool\"");
    }

    @Test
    void remoteNamesAreEscapedInThePicture() {
        List<Finding> f = List.of(gpuShort("<img src=x onerror=alert(1)>", "p-0"));
        List<InventoryNode> nodes = List.of(new InventoryNode(
                "<img src=x onerror=alert(1)>", "<b>gpu</b>", 8, 8, 96, 0, 0, 0, "Ready", NodeIntervention.NONE));
        String html = ReportFormat.HTML.render(joined(PlatformKind.AIHC, f, nodes));
        assertThat(html)
                .contains("class=\"pool\"")
                .contains("&lt;img src=x onerror=alert(1)&gt;")
                .contains("&lt;b&gt;gpu&lt;/b&gt;")
                .doesNotContain("<img")
                .doesNotContain("<b>gpu");
    }
}

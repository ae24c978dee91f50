package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosisAnalyzerTest {

    private static final String TAINT = "node(s) had untolerated taint: {kwok.x-k8s.io/node: fake}";
    private static final String CORDON = "node(s) were unschedulable";
    private static final String GPU = "nvidia.com/gpu";

    @Test
    void theDocumentedExampleNamesTheTaintAsTheBlockerOnMostNodes() throws IOException {
        DiagnosisReport report = documentedExample();

        assertThat(report.headline())
                .isEqualTo("Job sulingang-diagnose-node-taint cannot be scheduled: 7 nodes "
                        + "refused pod sulingang-diagnose-node-taint-master-0; most: untolerated taint "
                        + "kwok.x-k8s.io/node: fake (4 nodes)");
        assertThat(report.nodeCount()).isEqualTo(7);
        assertThat(report.pods()).containsExactly("sulingang-diagnose-node-taint-master-0");
        assertThat(report.queues()).containsExactly("default");
        assertThat(report.rules())
                .extracting(RuleGroup::rule)
                .containsExactly(
                        "NodeTaintToleranceDiagnostics", "GPUResourceDiagnostics", "NodeAvailabilityDiagnostics");
        ReasonGroup taint = report.rules().get(0).reasons().get(0);
        assertThat(taint.reason()).isEqualTo(TAINT);
        assertThat(taint.category()).isEqualTo(ReasonCategory.UNTOLERATED_TAINT);
        assertThat(taint.nodes()).containsExactly(new NodeRange("fake-node-a800-[01-04]", 4));
        ReasonGroup gpu = report.rules().get(1).reasons().get(0);
        assertThat(gpu.reason()).isEqualTo("Insufficient nvidia.com/gpu");
        assertThat(gpu.nodes()).containsExactly(new NodeRange("10.3.0.[122-123]", 2));
        assertThat(List.of(gpu.resource(), gpu.request(), gpu.allocatable())).containsExactly(GPU, "8", "0");
        ReasonGroup cordon = report.rules().get(2).reasons().get(0);
        assertThat(cordon.category()).isEqualTo(ReasonCategory.CORDONED);
        assertThat(cordon.nodes()).containsExactly(new NodeRange("10.3.0.118", 1));
        assertThat(report.resources())
                .containsExactly(new ResourceRow(
                        GPU,
                        "8",
                        "0",
                        "per pod vs allocatable per node",
                        2,
                        List.of(new NodeRange("10.3.0.[122-123]", 2))));
    }

    @Test
    void theDocumentedExampleFitsLaterBecauseTheCordonedAndTaintedNodesWereNeverCheckedForCapacity()
            throws IOException {
        DiagnosisReport report = documentedExample();
        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.verdictText())
                .startsWith("fits later, after a change: 5 nodes were refused")
                .contains("uncordoning or tolerating");
    }

    @Test
    void theDocumentedExampleSuggestsAToleration_AnUncordonAndSmallerRequests() throws IOException {
        List<Hint> hints = documentedExample().hints();
        assertThat(hints).extracting(Hint::text).allMatch(t -> t.startsWith("Suggestion: "));
        assertThat(hints.get(0).snippet()).isEqualTo("""
                tolerations:
                - key: kwok.x-k8s.io/node
                  operator: Equal
                  value: fake
                  effect: NoSchedule""");
        assertThat(hints).extracting(Hint::snippet).contains("kubectl uncordon 10.3.0.118");
        assertThat(hints).extracting(Hint::text).anyMatch(t -> t.contains("offer no nvidia.com/gpu"));
    }

    @Test
    void theReportDoesNotDependOnTheOrderOfTheDetails() throws IOException {
        AihcScheduleDiagnosis d = AihcDiagnosisParser.parse(json(), DocumentedExampleJob.JOB, "diag-1");
        List<AihcScheduleDiagnosis.Rule> rules = new ArrayList<>();
        for (AihcScheduleDiagnosis.Rule r : d.rules()) {
            List<AihcScheduleDiagnosis.Detail> details = new ArrayList<>(r.details());
            Collections.reverse(details);
            rules.add(0, new AihcScheduleDiagnosis.Rule(r.ruleName(), r.ruleType(), details));
        }
        AihcScheduleDiagnosis shuffled = new AihcScheduleDiagnosis(d.job(), d.diagnosisId(), d.requestId(), rules);
        assertThat(new DiagnosisAnalyzer().analyze(shuffled)).isEqualTo(new DiagnosisAnalyzer().analyze(d));
    }

    @Test
    void aPodLargerThanEveryRefusingNodeNeverFits() {
        DiagnosisReport report = new AihcDiagnoses()
                .resource("GPUResourceDiagnostics", GPU, "8", "4", "gpu-01", "gpu-02")
                .resource("GPUResourceDiagnostics", GPU, "8", "0", "cpu-01")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.verdictText())
                .contains("none of the 3 nodes can hold the pod")
                .contains("largest allocatable nvidia.com/gpu: 4, requested 8");
        assertThat(report.resources().get(0).available()).isEqualTo("0–4");
        assertThat(report.hints())
                .extracting(Hint::text)
                .anyMatch(t -> t.contains("reduce nvidia.com/gpu per worker to at most 4"));
    }

    @Test
    void oneNodeRefusedOnlyForATaintTurnsNeverFitsIntoFitsLater() {
        DiagnosisReport report = new AihcDiagnoses()
                .resource("GPUResourceDiagnostics", GPU, "8", "4", "gpu-01")
                .reason("NodeTaintToleranceDiagnostics", "NodeAvailabilityDiagnostics", TAINT, "gpu-02")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.verdictText()).contains("1 node was refused before its capacity was checked");
    }

    @Test
    void everyNodeRefusedOnlyForATaintNeedsTheAdministrator() {
        // nothing is in use and no node was checked for capacity: no wait frees anything
        DiagnosisReport report = new AihcDiagnoses()
                .reason("NodeTaintToleranceDiagnostics", "NodeAvailabilityDiagnostics", TAINT, "gpu-01", "gpu-02")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.NEEDS_ADMIN);
        assertThat(report.verdictText())
                .contains("every one of the 2 nodes that refused the pod is cordoned or" + " tainted");
    }

    @Test
    void aTaintedNodeThatIsAlsoTooSmallStillNeverFits() {
        DiagnosisReport report = new AihcDiagnoses()
                .resource("GPUResourceDiagnostics", GPU, "8", "4", "gpu-01")
                .reason("NodeTaintToleranceDiagnostics", "NodeAvailabilityDiagnostics", TAINT, "gpu-01")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
    }

    @Test
    void aShortageWhereNodesOfferEnoughMeansTheCapacityIsInUse() {
        DiagnosisReport report = new AihcDiagnoses()
                .resource("GPUResourceDiagnostics", GPU, "8", "8", "gpu-01", "gpu-02")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.verdictText()).startsWith("fits later: capacity or quota exists but is in use");
        assertThat(report.hints()).extracting(Hint::text).anyMatch(t -> t.startsWith("Suggestion: wait for"));
    }

    @Test
    void unknownRulesAreKeptAndShownVerbatim() {
        DiagnosisReport report = new AihcDiagnoses()
                .reason("GangDiagnostics", "GangDiagnostics", "node(s) failed the vendor's gang check", "n-1", "n-2")
                .analyze();
        assertThat(report.rules()).extracting(RuleGroup::rule).containsExactly("GangDiagnostics");
        ReasonGroup g = report.rules().get(0).reasons().get(0);
        assertThat(g.category()).isEqualTo(ReasonCategory.OTHER);
        assertThat(g.label()).isEqualTo("node(s) failed the vendor's gang check");
        assertThat(g.nodes()).containsExactly(new NodeRange("n-[1-2]", 2));
        assertThat(report.headline()).endsWith("most: node(s) failed the vendor's gang check (2 nodes)");
        assertThat(report.verdict()).isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void anEmptyDiagnosisHasAnUnknownVerdictAndSaysSo() {
        DiagnosisReport report = new AihcDiagnoses().analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(report.headline()).isEqualTo("Job train-llm is pending; the diagnosis named no blocking reason");
        assertThat(report.rules()).isEmpty();
    }

    @Test
    void aResourceRuleWithoutTextGetsTheSchedulerWordingAndKeepsItsNumbers() {
        DiagnosisReport report = new AihcDiagnoses()
                .resource("ResourceDiagnostics", "cpu", "64", "32", "n-1")
                .analyze();
        ReasonGroup g = report.rules().get(0).reasons().get(0);
        assertThat(g.reason()).isEqualTo("Insufficient cpu");
        assertThat(g.category()).isEqualTo(ReasonCategory.INSUFFICIENT_RESOURCE);
        assertThat(List.of(g.request(), g.allocatable())).containsExactly("64", "32");
    }

    @Test
    void aTaintWithoutValueGetsAnExistsToleration() {
        DiagnosisReport report = new AihcDiagnoses()
                .reason("NodeTaintToleranceDiagnostics", "", "node(s) had untolerated taint {dedicated: }", "n-1")
                .analyze();
        assertThat(report.hints().get(0).snippetOneLine())
                .isEqualTo("tolerations: [{key: dedicated, operator: Exists, effect: NoSchedule}]");
    }

    @Test
    void summaryLinesFitABuildPage() throws IOException {
        List<String> lines = documentedExample().summaryLines();
        assertThat(lines).hasSizeLessThanOrEqualTo(7).allMatch(l -> l.length() <= 100);
        assertThat(lines.get(1)).startsWith("Verdict: FITS_LATER — fits later");
        assertThat(lines)
                .contains(
                        "- 4 nodes: untolerated taint kwok.x-k8s.io/node: fake",
                        "- 2 nodes: insufficient nvidia.com/gpu",
                        "- 1 node: node cordoned (unschedulable)");
    }

    private static DiagnosisReport documentedExample() throws IOException {
        return new DiagnosisAnalyzer().analyze(AihcDiagnosisParser.parse(json(), DocumentedExampleJob.JOB, "diag-1"));
    }

    private static String json() throws IOException {
        try (InputStream in = DiagnosisAnalyzerTest.class.getResourceAsStream(
                "/io/jenkins/plugins/trainingjob/core/platform/aihc/aihc-schedule-diagnosis-query.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static final class DocumentedExampleJob {
        static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "sulingang-diagnose-node-taint");
    }
}

package io.jenkins.plugins.trainingjob.bench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import org.junit.jupiter.api.Test;

class DiagnosisFixtureTest {

    @Test
    void holdsExactlyTheRequestedNumberOfFindingsOverAQuarterAsManyNodes() {
        AihcScheduleDiagnosis raw = DiagnosisFixture.aihc(10_000);
        int details = raw.rules().stream().mapToInt(r -> r.details().size()).sum();
        long nodes = raw.rules().stream()
                .flatMap(r -> r.details().stream())
                .map(AihcScheduleDiagnosis.Detail::node)
                .distinct()
                .count();
        assertThat(details).isEqualTo(10_000);
        assertThat(nodes).isEqualTo(2_500).isEqualTo(DiagnosisFixture.nodesFor(10_000));
    }

    @Test
    void namesHalfTheNodesByNameAndHalfByAddress() {
        assertThat(DiagnosisFixture.nodeName(0)).isEqualTo("gpu-a800-00000");
        assertThat(DiagnosisFixture.nodeName(2)).isEqualTo("gpu-a800-00001");
        assertThat(DiagnosisFixture.nodeName(1)).isEqualTo("10.0.0.0");
        assertThat(DiagnosisFixture.nodeName(2 * 300 + 1)).isEqualTo("10.0.1.44");
    }

    @Test
    void analysesIntoAReportOverEveryNodeWithTheThreeReasons() {
        DiagnosisReport report = new DiagnosisAnalyzer().analyze(DiagnosisFixture.aihc(100));
        assertThat(report.nodeCount()).isEqualTo(25);
        assertThat(report.rules())
                .extracting(DiagnosisReport.RuleGroup::rule)
                .containsExactlyInAnyOrder(
                        "NodeAvailabilityDiagnostics", "NodeTaintToleranceDiagnostics", "GPUResourceDiagnostics");
    }
}

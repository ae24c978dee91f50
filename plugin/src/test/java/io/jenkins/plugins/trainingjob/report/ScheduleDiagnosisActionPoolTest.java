package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.PoolCell;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The build page's pool picture: tiles from the report's pool cells, CSS categories chosen by the plugin only. */
class ScheduleDiagnosisActionPoolTest {

    private static DiagnosisReport report(List<PoolCell> pool) {
        return new DiagnosisReport(
                DiagnosisReport.SCHEMA_VERSION,
                new JobRef(PlatformKind.AIHC, "pytorchjob-1", "t"),
                "d-1",
                "headline",
                Verdict.FITS_LATER,
                "fits after a change",
                2,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                pool);
    }

    @Test
    void eachCellBecomesATileWithItsReasonAndDevices() {
        ScheduleDiagnosisAction a = ScheduleDiagnosisAction.of(
                report(List.of(
                        new PoolCell(
                                "fake-node-a800-[01-04]",
                                4,
                                ReasonCategory.UNTOLERATED_TAINT,
                                "tainted",
                                "nvidia.com/gpu",
                                8,
                                8),
                        new PoolCell("idle-1", 1, null, "", "nvidia.com/gpu", 8, 8),
                        new PoolCell("gone", 1, ReasonCategory.CORDONED, "", "", -1, -1))),
                Map.of(),
                "u",
                "d");

        assertThat(a.getPool())
                .extracting(
                        ScheduleDiagnosisAction.PoolTile::getNodes,
                        ScheduleDiagnosisAction.PoolTile::getWhy,
                        ScheduleDiagnosisAction.PoolTile::getDevices,
                        ScheduleDiagnosisAction.PoolTile::getCategory)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "fake-node-a800-[01-04] ×4", "untolerated taint", "8/8 nvidia.com/gpu free", "taint"),
                        org.assertj.core.groups.Tuple.tuple("idle-1", "not refused", "8/8 nvidia.com/gpu free", "fits"),
                        org.assertj.core.groups.Tuple.tuple("gone", "cordoned", "not in the inventory", "cordoned"));
    }

    @Test
    void aReportWithoutInventoryHasNoPicture() {
        assertThat(ScheduleDiagnosisAction.of(report(List.of()), Map.of(), "u", "d")
                        .getPool())
                .isEmpty();
    }
}

package io.jenkins.plugins.trainingjob.bench.eta;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.testkit.calibration.Cases;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Look;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Prediction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EtaFigureTest {

    /** Ours exact, every peer off by a factor of 3, on ten days after the origin; nothing before it. */
    private static Cases cases() {
        List<String> names =
                EtaCalibrationFigure.predictors().stream().map(p -> p.name()).toList();
        Cases cases = new Cases(names);
        Instant day = Instant.parse("2017-11-20T10:00:00Z");
        for (int d = 0; d < 10; d++) {
            for (int k = 0; k < 4; k++) {
                long wait = 600 + 60L * k;
                List<Prediction> row = new ArrayList<>();
                row.add(new Prediction(wait / 2, wait, wait * 2, 0.9));
                for (int p = 1; p < names.size() - 1; p++) {
                    row.add(Prediction.point(wait * 3));
                }
                row.add(new Prediction(0, 0, 0, 0.5)); // the base rate
                cases.add(
                        new Cases.Case(
                                Look.SUBMIT,
                                "j" + d + k,
                                day.plus(Duration.ofDays(d)).plusSeconds(k),
                                wait),
                        row);
            }
        }
        return cases;
    }

    @Test
    void theFigureSaysWhichTargetsAreMetAndSurvivesLooksAndPeriodsWithNoJob() {
        Cases cases = cases();
        EtaCalibrationFigure.Result cal =
                new EtaCalibrationFigure.Result(cases, new WorkloadReplay.Result(cases, 40, 40, 600, 780), 72, 1.0);
        EtaCostFigure.Cost one = new EtaCostFigure.Cost(4, 5, 9, 1 << 20);
        EtaCostFigure.Round round = new EtaCostFigure.Round(1_000, 10, 2_500, 1 << 30, 3 << 20);
        EtaCostFigure.Result cost =
                new EtaCostFigure.Result(one, one, one, round, round, 2 << 20, "expected", 10, 4, 3, 12, 48, 4);

        String md = EtaFigure.markdown(cal, cost);

        assertThat(md)
                .contains("| at the submit | median abs. ln no worse than the best peer's | -")
                .contains("| +30 s | any | no job to score | **NO** |")
                .contains("**+30 s**, the jobs still pending then (0): no job was still pending then.")
                .contains("Ours - best peer (queue position x mean run time): median abs. ln -1.10")
                .contains("Brier score ours 0.010, window base rate 0.250")
                .contains(EtaProtocolText.CONFIGURATIONS_TRIED + " configurations");
    }

    @Test
    void theCostTableHoldsEachMeasureToItsOwnTarget() {
        EtaCostFigure.Cost shared = new EtaCostFigure.Cost(4, 5, 9, 1 << 20);
        EtaCostFigure.Cost alone = new EtaCostFigure.Cost(30, 31, 40, 20 << 20);
        EtaCostFigure.Round spread = new EtaCostFigure.Round(1_000, 1_000, 12_000, 8L << 30, 3 << 20);
        EtaCostFigure.Round burst = new EtaCostFigure.Round(1_000, 10, 1_500, 1L << 30, 3 << 20);
        EtaCostFigure.Result cost =
                new EtaCostFigure.Result(alone, shared, alone, spread, burst, 2 << 20, "expected", 10, 4, 3, 12, 48, 4);

        String table = EtaFigure.costTable(cost);

        assertThat(table)
                .contains("| one ETA, the first on a round's history (nothing shared yet): CPU time, median of 30 runs"
                        + " | 30.00 ms | < 100 ms | yes |")
                .contains("(the calibration's replays shared): CPU time, median of 30 runs | 4.00 ms | <= 5 ms | yes |")
                .contains("| the same, bytes allocated (the most of one run) | 1.00 MB | <= 2.00 MB | yes |")
                .contains("over the last 6 hours (1,000 ages): CPU time in all (per watch; bytes allocated per watch)"
                        + " | 12.00 s (12.0 ms; 8.19 MB) | <= 2 s | **NO** |")
                .contains("a sweep submitted within 10 s (10 ages): CPU time in all (per watch; bytes allocated per"
                        + " watch) | 1.50 s (1.5 ms; 1.02 MB) | <= 2 s | yes |");
    }
}

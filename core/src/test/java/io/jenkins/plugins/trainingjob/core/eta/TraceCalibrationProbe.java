package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Prediction;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictor;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.TraceWalk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Scratch: prints the trace-alone scores for a grid of tunings (run by hand while tuning). */
public final class TraceCalibrationProbe {
    public static void main(String[] args) {
        List<Predictor> ps = new ArrayList<>();
        if (args.length == 0) {
            ps.addAll(Predictors.all());
        }
        for (String a : args) {
            String[] f = a.split(",");
            EtaEstimator.Tuning t = EtaEstimator.Tuning.parse(a);
            ps.add(new Predictor() {
                public String name() { return a; }
                public Prediction predict(QueueHistory h, PendingJob j, Capacity c, java.time.Instant now) {
                    Eta e = EtaEstimator.estimate(h, j, c, now, t);
                    return e.known() ? new Prediction(e.p10().toSeconds(), e.p50().toSeconds(), e.p90().toSeconds())
                            : Prediction.NONE;
                }
            });
        }
        long t0 = System.nanoTime();
        Map<String, Score> s = new TraceWalk(PhillyTrace.load(), Duration.ofDays(7), Duration.ofDays(7),
                Duration.ofSeconds(Long.getLong("look", 0))).run(ps);
        for (Score x : s.values()) {
            System.out.printf("%-50s n=%d none=%d cov=%.1f%% width=%.0f min err=%.2f min log=%.3f%n", x.predictor(),
                    x.scored(), x.noAnswer(), 100 * x.coverage(), x.meanWidthMinutes(), x.medianAbsErrorMinutes(),
                    x.medianAbsLogRatio());
        }
        System.out.println((System.nanoTime() - t0) / 1_000_000 + " ms");
    }
}

package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.TraceWalk;
import java.time.Duration;
import java.util.Map;

/** Scratch: prints the trace-alone scores (run by hand while tuning; the bench writes the real table). */
public final class TraceCalibrationProbe {
    public static void main(String[] args) {
        long t0 = System.nanoTime();
        Map<String, Score> s = new TraceWalk(PhillyTrace.load(), Duration.ofDays(7), Duration.ofDays(7))
                .run(Predictors.all());
        for (Score x : s.values()) {
            System.out.printf("%-55s n=%d none=%d cov=%.1f%% width=%.0f min err=%.1f min log=%.2f%n", x.predictor(),
                    x.scored(), x.noAnswer(), 100 * x.coverage(), x.meanWidthMinutes(), x.medianAbsErrorMinutes(),
                    x.medianAbsLogRatio());
        }
        System.out.println((System.nanoTime() - t0) / 1_000_000 + " ms");
    }
}

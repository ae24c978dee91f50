package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ScoreTest {

    @Test
    void scoresOnlyWaitsOfAMinuteOrMoreAndCountsCoverageWidthAndErrors() {
        Score s = new Score("x");
        s.add(new Prediction(0, 10, 20), 30); // under a minute: not scored
        s.add(new Prediction(60, 120, 600), 300); // covered, error 3 min, ln(120/300)
        s.add(new Prediction(60, 120, 180), 600); // not covered, error 8 min, ln(120/600)
        s.add(Prediction.NONE, 900); // no answer
        assertThat(s.scored()).isEqualTo(2);
        assertThat(s.noAnswer()).isEqualTo(1);
        assertThat(s.coverage()).isEqualTo(0.5);
        assertThat(s.meanWidthMinutes()).isEqualTo((9 + 2) / 2.0);
        assertThat(s.medianAbsErrorMinutes()).isEqualTo(5.5);
        assertThat(s.medianAbsLogRatio()).isCloseTo((Math.log(300 / 120.0) + Math.log(600 / 120.0)) / 2, within(1e-9));
    }

    @Test
    void aZeroMedianIsFlooredAtOneSecondForTheLog() {
        Score s = new Score("x");
        s.add(Prediction.point(0), 60);
        assertThat(s.medianAbsLogRatio()).isCloseTo(Math.log(60), within(1e-9));
    }

    @Test
    void theTraceLoadsWithItsJobsInSubmitOrder() {
        var jobs = PhillyTrace.load();
        assertThat(jobs).hasSize(3_034);
        assertThat(jobs.get(0).id()).isEqualTo("application_1504131676014_2141");
        assertThat(jobs.get(0).gpus()).isEqualTo(8);
        assertThat(jobs.get(0).waited().toSeconds()).isEqualTo(12);
    }
}

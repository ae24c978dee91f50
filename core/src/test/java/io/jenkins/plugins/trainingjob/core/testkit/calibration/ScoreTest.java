package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScoreTest {

    @Test
    void everyJobCountsWithMissesBelowAndAboveAndAnIntervalScoreThatChargesThem() {
        Score s = new Score("x");
        s.add(new Prediction(0, 10, 20), 15); // covered, width 20
        s.add(new Prediction(60, 120, 600), 30); // below by 30, width 540
        s.add(new Prediction(60, 120, 180), 600); // above by 420, width 120
        s.add(Prediction.NONE, 900); // no answer
        assertThat(s.scored()).isEqualTo(3);
        assertThat(s.noAnswer()).isEqualTo(1);
        assertThat(s.coverage()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(s.below()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(s.above()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(s.meanWidthSeconds()).isEqualTo((20 + 540 + 120) / 3.0);
        assertThat(s.meanIntervalScoreSeconds(Score.MISS_WEIGHT)).isEqualTo((20 + 540 + 120 + 10 * (30 + 420)) / 3.0);
        assertThat(s.medianAbsErrorSeconds()).isEqualTo(90);
    }

    @Test
    void theLogErrorFloorsBothSidesAtOnePoll() {
        assertThat(Score.logError(3, 1)).isZero();
        assertThat(Score.logError(0, 60)).isCloseTo(Math.log(2), within(1e-9));
        assertThat(Score.logError(600, 60)).isCloseTo(Math.log(10), within(1e-9));
    }

    @Test
    void theBrierScoreIsComparedWithTheWindowsBaseRateAndTheHindsightOne() {
        List<Prediction> stated = List.of(new Prediction(0, 0, 0, 1.0), new Prediction(0, 0, 0, 0.0));
        List<Prediction> base = List.of(new Prediction(0, 0, 0, 0.5), new Prediction(0, 0, 0, 0.5));
        Brier b = Brier.of(stated, base, List.of(100L, 5L));
        assertThat(b.score()).isZero();
        assertThat(b.windowBaseRate()).isEqualTo(0.25);
        assertThat(b.share()).isEqualTo(0.5);
        assertThat(b.hindsightBaseRate()).isEqualTo(0.25);
    }

    @Test
    void theDayBootstrapPairsCasesAndResamplesWholeDays() {
        Cases cases = new Cases(List.of("ours", "peer"));
        Instant day = Instant.parse("2017-11-20T10:00:00Z");
        for (int d = 0; d < 10; d++) {
            for (int k = 0; k < 5; k++) {
                Instant at = day.plusSeconds(86_400L * d + k);
                // ours is exact, the peer off by a factor e^1 every time
                cases.add(
                        new Cases.Case(Look.SUBMIT, "j" + d + "-" + k, at, 600),
                        List.of(Prediction.point(600), Prediction.point(Math.round(600 * Math.E))));
            }
        }
        DayBootstrap b = DayBootstrap.of(cases, "ours", "peer", 1);
        assertThat(b.pairs()).isEqualTo(50);
        assertThat(b.days()).isEqualTo(10);
        assertThat(b.difference()).isCloseTo(-1, within(1e-3));
        assertThat(b.high()).isLessThan(0);
        assertThat(b.ratio()).isCloseTo(0, within(1e-3));
    }

    @Test
    void theRollingOriginSplitsAtTheSeventeenthOfNovember() {
        Cases.Case before = new Cases.Case(Look.SUBMIT, "a", Instant.parse("2017-11-16T23:59:59Z"), 1);
        Cases.Case from = new Cases.Case(Look.SUBMIT, "b", Instant.parse("2017-11-17T00:00:00Z"), 1);
        assertThat(Protocol.Period.TUNING.holds().test(before)).isTrue();
        assertThat(Protocol.Period.REPORT.holds().test(before)).isFalse();
        assertThat(Protocol.Period.REPORT.holds().test(from)).isTrue();
    }

    @Test
    void aJobIsAskedAtALookOnlyWhileItStillWaits() {
        assertThat(Look.SUBMIT.pendingAt(0)).isTrue();
        assertThat(Look.FIRST_POLL.pendingAt(30)).isFalse();
        assertThat(Look.FIRST_POLL.pendingAt(31)).isTrue();
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

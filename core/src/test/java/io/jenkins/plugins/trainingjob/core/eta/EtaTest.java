package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class EtaTest {

    @Test
    void summaryGivesTheRangeItsMedianAndWhoIsAhead() {
        Eta eta = Eta.estimate(Duration.ofMinutes(25), Duration.ofMinutes(40), Duration.ofMinutes(70), 3, 24, "b");
        assertThat(eta.summary()).isEqualTo("expected to start in 25-70 min (p50 40 min); 3 jobs ahead need 24 GPUs");
    }

    @Test
    void longRangesCarryTheirOwnUnits() {
        Eta eta = Eta.estimate(Duration.ofMinutes(50), Duration.ofMinutes(130), Duration.ofHours(30), 1, 0, "b");
        assertThat(eta.summary()).isEqualTo("expected to start in 50 min - 1d 6h (p50 2h 10m); 1 job ahead");
    }

    @Test
    void noBasisNamesTheFinishedJobsAndTheWindow() {
        Eta eta = Eta.noBasis(7, Duration.ofDays(7));
        assertThat(eta.known()).isFalse();
        assertThat(eta.summary()).isEqualTo("no basis for an estimate (7 finished jobs in 7d)");
        assertThat(eta.p50()).isNull();
        assertThat(Eta.noBasis(1, Duration.ofDays(7)).summary())
                .isEqualTo("no basis for an estimate (1 finished job in 7d)");
    }

    @Test
    void aRangeOutOfOrderIsAProgrammingError() {
        assertThatThrownBy(() ->
                        Eta.estimate(Duration.ofMinutes(9), Duration.ofMinutes(5), Duration.ofMinutes(10), 0, 0, ""))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyARangeAndASoonestStartBothPastTheBudgetProveTheJobWillNotStartWithinIt() {
        Eta eta = Eta.estimate(
                Duration.ofMinutes(20),
                Duration.ofMinutes(40),
                Duration.ofMinutes(70),
                0,
                0,
                "basis",
                Duration.ofMinutes(2));
        assertThat(eta.provablyPast(Duration.ofMinutes(10))).isFalse();
        assertThat(eta.provablyPast(Duration.ofMinutes(1))).isTrue();
        assertThat(Eta.estimate(Duration.ofMinutes(20), Duration.ofMinutes(40), Duration.ofMinutes(70), 0, 0, "b")
                        .provablyPast(Duration.ofMinutes(10)))
                .as("a caller that knows no bound from the running jobs vouches for p10")
                .isTrue();
        assertThat(Eta.noBasis(3, Duration.ofDays(7)).provablyPast(Duration.ZERO))
                .isFalse();
    }

    @Test
    void laterTheSameEstimateCountsDownToZeroAndDropsTheChanceOfAWait() {
        Eta eta = new Eta(
                Eta.Kind.ESTIMATE,
                Duration.ofMinutes(25),
                Duration.ofMinutes(40),
                Duration.ofMinutes(70),
                0,
                0,
                "b",
                Duration.ofMinutes(2),
                0.6);
        Eta later = eta.after(Duration.ofMinutes(30));
        assertThat(later.p10()).isZero();
        assertThat(later.p50()).isEqualTo(Duration.ofMinutes(10));
        assertThat(later.p90()).isEqualTo(Duration.ofMinutes(40));
        assertThat(later.soonest()).isZero();
        assertThat(later.waitsOverPoll()).isNull();
        assertThat(Eta.noBasis(3, Duration.ofDays(7))
                        .after(Duration.ofMinutes(1))
                        .known())
                .isFalse();
    }

    @Test
    void atTheSubmitTheSummarySaysHowLikelyAWaitIs() {
        Eta eta = new Eta(
                Eta.Kind.ESTIMATE,
                Duration.ofSeconds(10),
                Duration.ofMinutes(2),
                Duration.ofMinutes(40),
                0,
                0,
                "b",
                Duration.ZERO,
                0.64);
        assertThat(eta.summary())
                .isEqualTo("expected to start in 10 s - 40 min (p50 2 min); 64 % chance it waits over 30 s");
        assertThatThrownBy(() -> new Eta(
                        Eta.Kind.ESTIMATE, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 0, "b", Duration.ZERO, 1.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

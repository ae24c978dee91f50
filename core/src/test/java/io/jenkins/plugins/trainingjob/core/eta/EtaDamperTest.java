package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class EtaDamperTest {

    private static final Instant T0 = Instant.parse("2026-03-02T12:00:00Z");

    private static Eta eta(int p10, int p50, int p90) {
        return Eta.estimate(Duration.ofMinutes(p10), Duration.ofMinutes(p50), Duration.ofMinutes(p90), 0, 0, "");
    }

    @Test
    void theFirstEstimateIsShownAndASmallMoveIsNot() {
        EtaDamper damper = new EtaDamper();
        assertThat(damper.offer(eta(25, 40, 70), T0)).isTrue();
        assertThat(damper.offer(eta(26, 42, 72), T0)).isFalse();
        assertThat(damper.shown()).isEqualTo(eta(25, 40, 70));
    }

    @Test
    void aMaterialMoveOfTheMedianIsShown() {
        EtaDamper damper = new EtaDamper();
        damper.offer(eta(25, 40, 70), T0);
        assertThat(damper.offer(eta(40, 80, 120), T0.plusSeconds(30))).isTrue();
    }

    @Test
    void anEstimateThatCountsDownWithTheClockHasNotMoved() {
        assertThat(EtaDamper.movedMaterially(eta(25, 40, 70), eta(5, 20, 50), Duration.ofMinutes(20)))
                .isFalse();
        assertThat(EtaDamper.movedMaterially(eta(25, 40, 70), eta(25, 40, 70), Duration.ofMinutes(20)))
                .isTrue();
    }

    @Test
    void theDamperComparesStartInstantsAcrossPolls() {
        EtaDamper damper = new EtaDamper();
        damper.offer(eta(25, 40, 70), T0);
        assertThat(damper.offer(eta(5, 20, 50), T0.plus(Duration.ofMinutes(20))))
                .isFalse();
    }

    @Test
    void losingOrGainingAnEstimateIsShown() {
        EtaDamper damper = new EtaDamper();
        damper.offer(eta(25, 40, 70), T0);
        assertThat(damper.offer(Eta.needsAdmin(), T0)).isTrue();
        assertThat(damper.offer(Eta.needsAdmin(), T0)).isFalse();
    }
}

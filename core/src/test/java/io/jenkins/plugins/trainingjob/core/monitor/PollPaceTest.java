package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PollPaceTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final WatchPolicy POLICY = WatchPolicy.defaults(WaitTarget.SCHEDULED)
            .withPolling(Duration.ofSeconds(10), Duration.ofSeconds(30))
            .withHeartbeat(Duration.ofMinutes(1));

    /** No jitter, so that a listed or lone watch's delays are exact. */
    private final PollPace pace = new PollPace(POLICY, 0, T0);

    @Test
    void aLoneWatchLooksAtOnceAListedOneWaitsForARound() {
        assertThat(pace.first(false)).isZero();
        assertThat(pace.first(true)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void pollsGrowByHalfUpToTheCapAndARestartMakesThemFastAgain() {
        assertThat(pace.next(true, T0, Instant.MAX)).isEqualTo(Duration.ofSeconds(10));
        assertThat(pace.next(true, T0, Instant.MAX)).isEqualTo(Duration.ofSeconds(15));
        assertThat(pace.next(true, T0, Instant.MAX)).isEqualTo(Duration.ofMillis(22_500));
        assertThat(pace.next(true, T0, Instant.MAX)).isEqualTo(Duration.ofSeconds(30));
        assertThat(pace.next(true, T0, Instant.MAX)).isEqualTo(Duration.ofSeconds(30));

        pace.restart();

        assertThat(pace.next(true, T0, Instant.MAX)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aDeadlineWithinTheDelayCutsItJustPastTheDeadline() {
        assertThat(pace.next(true, T0, T0.plusSeconds(4))).isEqualTo(Duration.ofMillis(4_001));
        assertThat(PollPace.within(Duration.ofSeconds(10), T0, T0.plusSeconds(60)))
                .isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void theNextDeadlineIsTheEarliestStillAhead() {
        assertThat(PollPace.earliestAhead(T0, null, T0.plusSeconds(90), T0, T0.minusSeconds(1), T0.plusSeconds(30)))
                .isEqualTo(T0.plusSeconds(30));
        assertThat(PollPace.earliestAhead(T0, null, T0)).isEqualTo(Instant.MAX);
    }

    @Test
    void aHeartbeatIsDueOncePerPeriodCountedFromTheLastWordHeard() {
        assertThat(pace.heartbeatDue(T0.plusSeconds(59))).isFalse();
        assertThat(pace.heartbeatDue(T0.plusSeconds(60))).isTrue();
        assertThat(pace.heartbeatDue(T0.plusSeconds(61))).as("counted as said").isFalse();

        pace.heard(T0.plusSeconds(100));

        assertThat(pace.heartbeatDue(T0.plusSeconds(130))).isFalse();
        assertThat(pace.heartbeatDue(T0.plusSeconds(160))).isTrue();
    }
}

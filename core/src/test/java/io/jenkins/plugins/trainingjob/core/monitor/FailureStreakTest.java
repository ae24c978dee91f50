package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class FailureStreakTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final MonitorSettings SETTINGS = MonitorSettings.defaults()
            .withRetries(Duration.ofMinutes(5), Duration.ofSeconds(2), Duration.ofSeconds(10))
            .withJitter(0);
    private static final PlatformException DOWN =
            TransientException.malformed(PlatformKind.AIHC, "job status", 502, "req-1", "bad gateway");

    @Test
    void aRunStartsAtItsFirstFailureAndCountsTheRest() {
        FailureStreak streak = FailureStreak.NONE.failedAt(T0).failedAt(T0.plusSeconds(30));

        assertThat(FailureStreak.NONE.isNone()).isTrue();
        assertThat(streak.isNone()).isFalse();
        assertThat(streak.since()).isEqualTo(T0);
        assertThat(streak.failures()).isEqualTo(2);
    }

    @Test
    void retryingStopsOnceTheRunHasLastedTheLimit() {
        FailureStreak streak = FailureStreak.NONE.failedAt(T0);

        assertThat(streak.lasted(Duration.ofMinutes(5), T0.plusSeconds(299))).isFalse();
        assertThat(streak.lasted(Duration.ofMinutes(5), T0.plusSeconds(300))).isTrue();
        assertThat(FailureStreak.NONE.lasted(Duration.ZERO, T0)).isFalse();
    }

    @Test
    void theBackOffDoublesUpToItsCapAndADeadlineCutsIt() {
        FailureStreak streak = FailureStreak.NONE;
        UnaryOperator<Duration> noDeadline = d -> d;

        streak = streak.failedAt(T0);
        assertThat(streak.retryDelay(DOWN, SETTINGS, noDeadline)).isEqualTo(Duration.ofSeconds(2));
        streak = streak.failedAt(T0);
        assertThat(streak.retryDelay(DOWN, SETTINGS, noDeadline)).isEqualTo(Duration.ofSeconds(4));
        streak = streak.failedAt(T0).failedAt(T0).failedAt(T0);
        assertThat(streak.retryDelay(DOWN, SETTINGS, noDeadline)).isEqualTo(Duration.ofSeconds(10));
        assertThat(streak.retryDelay(DOWN, SETTINGS, d -> Duration.ofSeconds(1)))
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aServersRetryAfterOutlastsTheBackOffAndTheDeadline() {
        PlatformException limited = new RateLimitedException(
                new FailedCall(PlatformKind.AIHC, "job status", 429, "", "req-2"),
                "slow down",
                Duration.ofSeconds(45),
                null);

        Duration delay = FailureStreak.NONE.failedAt(T0).retryDelay(limited, SETTINGS, d -> Duration.ofSeconds(1));

        assertThat(delay).isEqualTo(Duration.ofSeconds(45));
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PollBackoffTest {

    @Test
    void pollsGrowByHalfUpToTheCap() {
        Duration d = Duration.ofSeconds(4);
        d = PollBackoff.grow(d, Duration.ofSeconds(10));
        assertThat(d).isEqualTo(Duration.ofSeconds(6));
        d = PollBackoff.grow(d, Duration.ofSeconds(10));
        assertThat(d).isEqualTo(Duration.ofSeconds(9));
        assertThat(PollBackoff.grow(d, Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void retriesDoubleUpToTheCapUnlessTheServerAsksForLonger() {
        Duration initial = Duration.ofSeconds(1);
        Duration max = Duration.ofSeconds(5);
        assertThat(PollBackoff.retryDelay(1, initial, max, null)).isEqualTo(Duration.ofSeconds(1));
        assertThat(PollBackoff.retryDelay(3, initial, max, null)).isEqualTo(Duration.ofSeconds(4));
        assertThat(PollBackoff.retryDelay(60, initial, max, null)).isEqualTo(max);
        assertThat(PollBackoff.retryDelay(1, initial, max, Duration.ofSeconds(30)))
                .isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void jitterStaysWithinItsFraction() {
        Random random = new Random(42);
        for (int i = 0; i < 1000; i++) {
            Duration d = PollBackoff.jittered(Duration.ofSeconds(10), 0.2, random);
            assertThat(d).isBetween(Duration.ofSeconds(8), Duration.ofSeconds(12));
        }
        assertThat(PollBackoff.jittered(Duration.ofSeconds(10), 0, random)).isEqualTo(Duration.ofSeconds(10));
    }
}

package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final Duration INITIAL = Duration.ofMillis(100);
    private static final Duration CAP = Duration.ofSeconds(2);

    @Test
    void everyWaitLiesBetweenTheInitialDelayAndThreeTimesThePreviousWaitAndUnderTheCap() {
        Backoff backoff = new Backoff(INITIAL, CAP, new SplittableRandom(7));
        Duration previous = null;
        for (int i = 0; i < 200; i++) {
            Duration next = backoff.next(previous);
            Duration upper = previous == null ? INITIAL.multipliedBy(3) : previous.multipliedBy(3);
            assertThat(next).isBetween(INITIAL, upper.compareTo(CAP) < 0 ? upper : CAP);
            previous = next;
        }
    }

    @Test
    void waitsAreJitteredNotFixed() {
        Backoff backoff = new Backoff(INITIAL, CAP, new SplittableRandom(7));
        Set<Duration> seen = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            seen.add(backoff.next(Duration.ofSeconds(1)));
        }
        assertThat(seen.size()).isGreaterThan(10);
    }

    @Test
    void waitsGrowUntilTheCapOnAverage() {
        Backoff backoff = new Backoff(INITIAL, CAP, new SplittableRandom(11));
        Duration previous = null;
        for (int i = 0; i < 50; i++) {
            previous = backoff.next(previous);
        }
        assertThat(backoff.next(CAP)).isBetween(INITIAL, CAP);
        assertThat(previous).isGreaterThan(INITIAL);
    }
}

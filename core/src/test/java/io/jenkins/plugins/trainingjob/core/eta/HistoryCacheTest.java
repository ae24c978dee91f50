package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HistoryCacheTest {

    @Test
    void manyWatchesOfOneQueueCostOneReadPerPollRound() {
        ManualClock clock = new ManualClock(Instant.parse("2026-03-02T12:00:00Z"));
        HistoryCache cache = new HistoryCache(clock, Duration.ofSeconds(10));
        AtomicInteger reads = new AtomicInteger();
        for (int round = 0; round < 3; round++) {
            for (int watch = 0; watch < 1_000; watch++) {
                String queue = "q" + (watch % 2);
                cache.get(queue, () -> {
                    reads.incrementAndGet();
                    return new QueueHistory(queue, clock.now(), QueueHistory.DEFAULT_WINDOW, List.of(), false);
                });
            }
            clock.advance(Duration.ofSeconds(10));
        }
        assertThat(reads.get()).isEqualTo(6);
    }
}

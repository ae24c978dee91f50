package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HistoryCacheTest {

    @Test
    void manyWatchesOfOneQueueCostOneReadPerPollRound() {
        ManualClock clock = new ManualClock(Instant.parse("2026-03-02T12:00:00Z"));
        HistoryCache cache = new HistoryCache(clock::now, Duration.ofSeconds(10));
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

    /**
     * A job of 8 GPUs every two hours over the last six days: those of the last day still wait at {@code
     * seenAt} unless they started at {@code startedAt}, the others waited 10 minutes and ran 30.
     */
    private static QueueHistory queue(Instant seenAt, Instant startedAt) {
        List<HistoryJob> jobs = new ArrayList<>();
        for (int k = 0; k < 72; k++) {
            Instant c = seenAt.minus(Duration.ofDays(6)).plus(Duration.ofHours(2L * k));
            boolean lastDay = k >= 60;
            Instant s = lastDay ? startedAt : c.plus(Duration.ofMinutes(10));
            jobs.add(new HistoryJob("j" + k, 8, c, s, lastDay ? null : s.plus(Duration.ofMinutes(30))));
        }
        return new QueueHistory("q", seenAt, QueueHistory.DEFAULT_WINDOW, jobs, false);
    }

    /**
     * What the estimates of a round share goes with the round's history: the next round's history, on which
     * the waiting jobs have started, estimates from its own jobs, exactly as an estimate that shares nothing.
     */
    @Test
    void aNewRoundsHistoryEstimatesFromItsOwnJobsNotFromWhatTheLastRoundShared() {
        ManualClock clock = new ManualClock(Instant.parse("2026-03-02T12:00:00Z"));
        HistoryCache cache = new HistoryCache(clock::now, Duration.ofSeconds(10));
        Instant first = clock.now();
        QueueHistory round1 = cache.get("q", () -> queue(first, null));
        Eta before = EtaEstimator.estimate(
                round1, new PendingJob("mine", 1, 8, first.minusSeconds(30)), Capacity.unknown(), first);

        clock.advance(Duration.ofSeconds(10));
        Instant second = clock.now();
        QueueHistory round2 = cache.get("q", () -> queue(second, second.minusSeconds(5)));
        PendingJob mine = new PendingJob("mine", 1, 8, second.minusSeconds(30));
        Eta after = EtaEstimator.estimate(round2, mine, Capacity.unknown(), second);

        assertThat(round2).isNotSameAs(round1);
        assertThat(after)
                .isEqualTo(EtaEstimator.estimate(round2, QueueTimeline.of(round2), mine, Capacity.unknown(), second));
        assertThat(after.p90()).isNotEqualTo(before.p90());
    }
}

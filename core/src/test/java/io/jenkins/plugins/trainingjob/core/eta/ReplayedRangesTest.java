package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.TraceWalk;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayedRangesTest {

    private static final List<HistoryJob> TRACE = sorted(PhillyTrace.load());
    private static final long[] AGES = {0, 30, 300, 1_800, 7_200};
    private static final int[] SIZES = {4, 8, 16, 32};

    private static List<HistoryJob> sorted(List<HistoryJob> jobs) {
        List<HistoryJob> out = new ArrayList<>(jobs);
        out.sort(java.util.Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        return out;
    }

    /** The queue as one poll round reads it at {@code t}: every job created by then, as it was then. */
    private static QueueHistory round(Instant t) {
        return new QueueHistory("philly", t, QueueHistory.DEFAULT_WINDOW, TRACE, false);
    }

    /** The estimate on the round's shared history, and the one computed with nothing shared. */
    private static void assertSharedEqualsAlone(QueueHistory round, PendingJob job, Instant now, Tally tally) {
        Eta shared = EtaEstimator.estimate(round, job, Capacity.unknown(), now);
        Eta alone = EtaEstimator.estimate(round, QueueTimeline.of(round), job, Capacity.unknown(), now);
        assertThat(shared).as("%s at %s", job, now).isEqualTo(alone);
        tally.count(shared);
    }

    private static final class Tally {
        int estimates;
        int ranges;

        void count(Eta eta) {
            estimates++;
            ranges += eta.known() ? 1 : 0;
        }
    }

    /**
     * Every few hours of the trace after its first week, one poll round: the jobs waiting then each watched
     * (asked twice, as a watch polled twice within a round would), and jobs of every size at five ages, each
     * age asked at two instants of the round (the replays of an age are shared by watches asking at different
     * seconds, whose past jobs and outcomes differ). Every estimate on the round's shared history equals the one
     * computed with nothing shared.
     */
    @Test
    void estimatesOnARoundsSharedHistoryEqualThoseComputedAlone() {
        Instant first = TRACE.get(0).createdAt().plus(Duration.ofDays(8));
        Instant last = TRACE.get(TRACE.size() - 1).createdAt();
        Tally tally = new Tally();
        int rounds = 0;
        for (Instant t = first; t.isBefore(last); t = t.plus(Duration.ofHours(61))) {
            QueueHistory round = round(t);
            rounds++;
            for (long age : AGES) {
                for (Instant now : List.of(t, t.plusSeconds(11))) {
                    for (int gpus : SIZES) {
                        PendingJob probe = new PendingJob(
                                "probe-" + gpus, Math.max(1, gpus / 8), Math.min(8, gpus), now.minusSeconds(age));
                        assertSharedEqualsAlone(round, probe, now, tally);
                    }
                }
            }
            int k = 0;
            for (HistoryJob j : round.waiting()) {
                Instant now = t.plusSeconds(k++ % 30);
                PendingJob watched = TraceWalk.pendingOf(j);
                assertSharedEqualsAlone(round, watched, now, tally);
                assertSharedEqualsAlone(round, watched, now, tally);
            }
        }
        assertThat(rounds).isGreaterThan(30);
        // most of them ranges, not "no basis": the calibration's replays were compared, not skipped
        assertThat(tally.ranges).isGreaterThan(tally.estimates * 3 / 4);
    }

    @Test
    void aHistoryKeepsTheReplaysOfItsLastFewAgesOnly() {
        QueueTimeline timeline =
                round(TRACE.get(0).createdAt().plus(Duration.ofDays(30))).timeline();
        ReplayedRanges oldest = timeline.replaysAt(0);
        for (int age = 1; age <= QueueTimeline.MAX_AGES; age++) {
            timeline.replaysAt(age);
        }
        assertThat(timeline.replaysAt(QueueTimeline.MAX_AGES)).isSameAs(timeline.replaysAt(QueueTimeline.MAX_AGES));
        assertThat(timeline.replaysAt(1)).isSameAs(timeline.replaysAt(1));
        assertThat(timeline.replaysAt(0)).isNotSameAs(oldest);
    }
}

package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AdaptiveRangeTest {

    private static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");
    private static final long WEEK = Duration.ofDays(7).toSeconds();

    private static QueueHistory history(List<HistoryJob> jobs) {
        return new QueueHistory("q", NOW, QueueHistory.DEFAULT_WINDOW, jobs, false);
    }

    /** What the range learns for a job of 8 GPUs of that age now. */
    private static AdaptiveRange learned(List<HistoryJob> jobs, long age) {
        QueueTimeline t = QueueTimeline.of(history(jobs));
        return AdaptiveRange.learn(t, t.replaysAt(age), NOW.getEpochSecond(), -1);
    }

    /** The evidence's own range for a job of 8 GPUs of that age now, before the calibration. */
    private static long[] evidenceRange(List<HistoryJob> jobs, long age) {
        QueueHistory h = history(jobs);
        QueueTimeline t = QueueTimeline.of(h);
        Instant created = NOW.minusSeconds(age);
        WaitCase c = new WaitCase(
                SizeClass.UP_TO_8,
                -1,
                created.getEpochSecond(),
                NOW.getEpochSecond(),
                QueueState.of(h.jobs(), SizeClass.UP_TO_8, created, "mine", NOW));
        return AdaptiveRange.quantiles(
                WaitEvidence.of(t, t.linesAtAge(age), c, WEEK).survival(t));
    }

    /**
     * Four days of jobs that waited 10 minutes each, then two days of jobs that all still wait: every estimate
     * made for those at the first poll said minutes, and each of them has waited past it by now.
     */
    private static List<HistoryJob> waitsGrewLongerThanTheWindowShowed() {
        List<HistoryJob> jobs = new ArrayList<>();
        for (int k = 0; k < 48; k++) {
            Instant c = NOW.minus(Duration.ofDays(6)).plus(Duration.ofHours(2L * k));
            Instant s = c.plus(Duration.ofMinutes(10));
            jobs.add(new HistoryJob("old" + k, 8, c, s, s.plus(Duration.ofMinutes(30))));
        }
        for (int k = 0; k < 24; k++) {
            Instant c = NOW.minus(Duration.ofDays(2)).plus(Duration.ofHours(2L * k));
            jobs.add(new HistoryJob("new" + k, 8, c, null, null));
        }
        return jobs;
    }

    @Test
    void recentEstimatesThatFellShortStretchTheLongEndOfTheRange() {
        List<HistoryJob> jobs = waitsGrewLongerThanTheWindowShowed();

        AdaptiveRange learned = learned(jobs, 30);
        long[] own = evidenceRange(jobs, 30);
        long[] moved = learned.apply(own);

        // the jobs still waiting are misses above their p90 before any of them starts (each moves it up nine
        // steps' worth, each of the 48 older ones down one): the p90 plus a poll is at least a quarter longer
        assertThat(learned.offset(2)).isGreaterThan(0.25);
        assertThat(moved[2]).isGreaterThan(own[2]);
        Eta eta = EtaEstimator.estimate(
                history(jobs), new PendingJob("mine", 1, 8, NOW.minusSeconds(30)), Capacity.unknown(), NOW);
        assertThat(eta.p90()).isEqualTo(Duration.ofSeconds(moved[2]));
        assertThat(eta.basis())
                .contains("; how the last " + learned.cases() + " estimates made at this age came out moves that to ");
        System.out.println(java.util.Arrays.toString(own) + " " + java.util.Arrays.toString(moved) + " "
                + learned.offset(0) + " " + learned.offset(1) + " " + learned.offset(2) + " " + eta.basis());
    }

    @Test
    void estimatesOfAQueueThatDoesNotChangeStayNearlyWhereTheEvidencePutsThem() {
        Random r = new Random(34);
        List<HistoryJob> jobs = new ArrayList<>();
        for (int k = 0; k < 300; k++) {
            Instant c = NOW.minus(Duration.ofDays(6)).plusSeconds(k * 1700L + r.nextInt(600));
            Instant s = c.plusSeconds((long) Math.exp(2 + r.nextDouble() * 7));
            jobs.add(new HistoryJob("j" + k, 8, c, s.isAfter(NOW) ? null : s, null));
        }
        for (long age : new long[] {0, 30, 300}) {
            AdaptiveRange learned = learned(jobs, age);
            assertThat(learned.cases()).as("age " + age).isEqualTo(AdaptiveRange.MAX_CASES);
            for (int k = 0; k < 3; k++) {
                assertThat(Math.abs(learned.offset(k)))
                        .as("age " + age + ", level " + k)
                        .isLessThan(0.5);
            }
        }
    }

    @Test
    void aQueueWhereEveryJobStartsAtOnceKeepsARangeOfZero() {
        List<HistoryJob> jobs = new ArrayList<>();
        for (int k = 0; k < 100; k++) {
            Instant c = NOW.minus(Duration.ofDays(5)).plus(Duration.ofHours(k));
            jobs.add(new HistoryJob("j" + k, 8, c, c, c.plus(Duration.ofMinutes(20))));
        }
        Eta eta = EtaEstimator.estimate(history(jobs), new PendingJob("mine", 1, 8, NOW), Capacity.unknown(), NOW);
        assertThat(List.of(eta.p10(), eta.p50(), eta.p90())).containsOnly(Duration.ZERO);
        assertThat(eta.waitsOverPoll()).isCloseTo(0, within(1e-9));
    }
}

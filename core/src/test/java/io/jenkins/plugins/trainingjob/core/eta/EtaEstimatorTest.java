package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EtaEstimatorTest {

    private static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");

    /** Jobs of {@code gpus} GPUs every {@code every} over the {@code days} before {@code end}, each waiting {@code wait}. */
    private static List<HistoryJob> steady(
            String prefix, int gpus, Instant end, int days, Duration every, Duration wait) {
        List<HistoryJob> jobs = new ArrayList<>();
        int n = 0;
        for (Instant t = end.minus(Duration.ofDays(days)); t.isBefore(end.minus(wait)); t = t.plus(every)) {
            Instant start = t.plus(wait);
            jobs.add(new HistoryJob(
                    prefix + n++,
                    gpus,
                    t,
                    start,
                    start.plus(Duration.ofMinutes(30)).isAfter(NOW) ? null : start.plus(Duration.ofMinutes(30))));
        }
        return jobs;
    }

    private static QueueHistory history(List<HistoryJob> jobs) {
        return new QueueHistory("q", NOW, QueueHistory.DEFAULT_WINDOW, jobs, false);
    }

    private static Eta estimate(List<HistoryJob> jobs, PendingJob job) {
        return EtaEstimator.estimate(history(jobs), job, Capacity.unknown(), NOW);
    }

    /** Half the jobs start at once, half wait an hour: every 8-GPU submission of the last 6 days, one per 2 h. */
    private static List<HistoryJob> halfAtOnceHalfAnHour() {
        List<HistoryJob> jobs = new ArrayList<>(steady("a", 8, NOW, 6, Duration.ofHours(2), Duration.ofSeconds(5)));
        jobs.addAll(steady("b", 8, NOW.minus(Duration.ofHours(1)), 6, Duration.ofHours(2), Duration.ofHours(1)));
        return jobs;
    }

    @Test
    void aThinHistoryGivesNoBasisInsteadOfANumber() {
        List<HistoryJob> jobs = steady("j", 8, NOW, 1, Duration.ofHours(2), Duration.ofMinutes(1));
        Eta eta = estimate(jobs, new PendingJob("mine", 1, 8, NOW));
        assertThat(eta.kind()).isEqualTo(Eta.Kind.NO_BASIS);
        assertThat(eta.summary())
                .isEqualTo("no basis for an estimate (" + history(jobs).finishedCount() + " finished jobs in 7d)");
    }

    @Test
    void aJobThatNeedsTheAdministratorHasNoEta() {
        Eta eta = EtaEstimator.estimate(
                history(halfAtOnceHalfAnHour()),
                new PendingJob("mine", 1, 8, NOW),
                Capacity.unknown(),
                Verdict.NEEDS_ADMIN,
                NOW);
        assertThat(eta.kind()).isEqualTo(Eta.Kind.NEEDS_ADMIN);
        assertThat(eta.p50()).isNull();
    }

    @Test
    void atTheSubmitTheRangeSpansBothKindsOfWaitAndSaysHowLikelyAWaitIs() {
        Eta eta = estimate(halfAtOnceHalfAnHour(), new PendingJob("mine", 1, 8, NOW));
        assertThat(eta.p10()).isLessThan(Duration.ofSeconds(30));
        assertThat(eta.p90()).isEqualTo(Duration.ofHours(1));
        assertThat(eta.waitsOverPoll()).isBetween(0.3, 0.7);
        assertThat(eta.summary()).contains("% chance it waits over 30 s");
    }

    @Test
    void onceTheJobHasWaitedOnlyTheLongerWaitsSpeakForTheRest() {
        PendingJob mine = new PendingJob("mine", 1, 8, NOW.minus(Duration.ofMinutes(10)));
        Eta eta = estimate(halfAtOnceHalfAnHour(), mine);
        // the quick starts are past: what is left is the hour less the 10 minutes waited
        assertThat(eta.basis())
                .startsWith("jobs of 5-8 GPUs that had waited over 10 min in the last 7d (")
                .contains(") started 50-50 min later");
        // every past job at that age waited exactly that much more: the online calibration keeps the range
        // around it (a point of evidence is a range of zero width, which it opens a little)
        assertThat(eta.p10()).isBetween(Duration.ofMinutes(45), Duration.ofMinutes(50));
        assertThat(eta.p50()).isBetween(Duration.ofMinutes(48), Duration.ofMinutes(52));
        assertThat(eta.p90()).isBetween(Duration.ofMinutes(50), Duration.ofMinutes(55));
        assertThat(eta.waitsOverPoll()).as("only at the submit").isNull();
    }

    @Test
    void theSameWaitsWeighMoreWhenTheyAreRecent() {
        // three days of 5-minute waits and three of 40-minute waits, one job an hour: in one history the long
        // waits are the recent ones, in the other the old ones
        List<HistoryJob> longRecent = new ArrayList<>(
                steady("a", 8, NOW.minus(Duration.ofDays(3)), 3, Duration.ofHours(1), Duration.ofMinutes(5)));
        longRecent.addAll(steady("b", 8, NOW, 3, Duration.ofHours(1), Duration.ofMinutes(40)));
        List<HistoryJob> longOld = new ArrayList<>(
                steady("a", 8, NOW.minus(Duration.ofDays(3)), 3, Duration.ofHours(1), Duration.ofMinutes(40)));
        longOld.addAll(steady("b", 8, NOW, 3, Duration.ofHours(1), Duration.ofMinutes(5)));
        PendingJob mine = new PendingJob("mine", 1, 8, NOW);

        assertThat(estimate(longRecent, mine).p50()).isEqualTo(Duration.ofMinutes(40));
        assertThat(estimate(longOld, mine).p50()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void jobsStillWaitingCountAsAtLeastThatLong() {
        List<HistoryJob> quick =
                steady("q", 8, NOW.minus(Duration.ofHours(10)), 5, Duration.ofHours(1), Duration.ofMinutes(1));
        List<HistoryJob> stuck = new ArrayList<>(quick);
        for (int k = 0; k < 40; k++) {
            stuck.add(new HistoryJob("s" + k, 8, NOW.minus(Duration.ofHours(9)).plusSeconds(k), null, null));
        }
        PendingJob mine = new PendingJob("mine", 1, 8, NOW);
        assertThat(estimate(quick, mine).p90()).isEqualTo(Duration.ofMinutes(1));
        assertThat(estimate(stuck, mine).p90()).isGreaterThan(Duration.ofHours(8));
    }

    @Test
    void aLineOfItsSizeThatHasNotMovedForAnHourMeansALongerWait() {
        // a week where jobs that found their size's line empty started in a minute, and those that found one
        // waiting started after two hours
        List<HistoryJob> jobs = new ArrayList<>();
        Instant t = NOW.minus(Duration.ofDays(6));
        for (int n = 0; t.isBefore(NOW.minus(Duration.ofHours(4))); n++, t = t.plus(Duration.ofHours(4))) {
            jobs.add(new HistoryJob("head" + n, 8, t, t.plus(Duration.ofHours(2)), t.plus(Duration.ofHours(3))));
            Instant behind = t.plus(Duration.ofMinutes(60));
            jobs.add(new HistoryJob("behind" + n, 8, behind, t.plus(Duration.ofHours(2)), t.plus(Duration.ofHours(3))));
            Instant alone = t.plus(Duration.ofHours(3));
            jobs.add(new HistoryJob("alone" + n, 8, alone, alone.plusSeconds(60), alone.plusSeconds(600)));
        }
        List<HistoryJob> blocked = new ArrayList<>(jobs);
        blocked.add(new HistoryJob("waiting", 8, NOW.minus(Duration.ofHours(1)), null, null));
        PendingJob mine = new PendingJob("mine", 1, 8, NOW.minusSeconds(31));

        Eta free = estimate(jobs, mine);
        Eta behind = estimate(blocked, mine);

        assertThat(behind.p50()).isGreaterThan(free.p50());
        assertThat(behind.basis()).endsWith("; 1 job of 5-8 GPUs waits ahead of it, the oldest for 1h");
        assertThat(free.basis()).endsWith("; no job of 5-8 GPUs waits ahead of it");
    }

    @Test
    void jobsAheadAreTheWaitingOnesCreatedEarlierButNotTheJobItself() {
        List<HistoryJob> jobs = new ArrayList<>(halfAtOnceHalfAnHour());
        jobs.add(new HistoryJob("w1", 16, NOW.minusSeconds(600), null, null));
        jobs.add(new HistoryJob("mine", 8, NOW.minusSeconds(300), null, null));
        jobs.add(new HistoryJob("w2", 8, NOW.minusSeconds(100), null, null));
        Eta eta = estimate(jobs, new PendingJob("mine", 1, 8, NOW.minusSeconds(300)));
        assertThat(eta.jobsAhead()).isEqualTo(1);
        assertThat(eta.gpusAhead()).isEqualTo(16);
        assertThat(eta.summary()).endsWith("; 1 job ahead needs 16 GPUs");
    }

    @Test
    void theSameEvidenceGivesTheSameEstimate() {
        PendingJob mine = new PendingJob("mine", 1, 8, NOW);
        assertThat(estimate(halfAtOnceHalfAnHour(), mine)).isEqualTo(estimate(halfAtOnceHalfAnHour(), mine));
    }

    @Test
    void aThinClassBorrowsEveryonesWaitsAndSaysSo() {
        Eta eta = estimate(halfAtOnceHalfAnHour(), new PendingJob("mine", 4, 8, NOW));
        assertThat(eta.basis()).startsWith("jobs of every size in the last 7d (");
    }

    /** 40 jobs of the whole queue (16 GPUs) that each waited an hour; the last has run {@code ran} seconds. */
    private static List<HistoryJob> hourWaitsAndOneRunning(long ran) {
        List<HistoryJob> jobs = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            Instant created = NOW.minus(Duration.ofHours(2L * (40 - k))).minusSeconds(ran);
            Instant started = created.plus(Duration.ofHours(1));
            jobs.add(new HistoryJob("j" + k, 16, created, started, started.plusSeconds(300)));
        }
        Instant started = NOW.minusSeconds(ran);
        jobs.add(new HistoryJob("running", 16, started.minus(Duration.ofHours(1)), started, null));
        return jobs;
    }

    @Test
    void theSoonestStartComesFromTheRunningJobsNotFromPastWaits() {
        PendingJob mine = new PendingJob("mine", 1, 16, NOW);

        Eta almostFree = estimate(hourWaitsAndOneRunning(290), mine);

        // the past waits say "an hour"; the job running now ends in seconds
        assertThat(almostFree.p10()).isGreaterThan(Duration.ofMinutes(5));
        assertThat(almostFree.soonest()).isLessThan(Duration.ofMinutes(1));
        assertThat(almostFree.provablyPast(Duration.ofMinutes(5)))
                .as("past waits alone are no proof that a 5-minute budget is too short")
                .isFalse();
    }

    @Test
    void aWaitIsProvablyPastTheBudgetWhenBothThePastWaitsAndTheRunningJobsSaySo() {
        PendingJob mine = new PendingJob("mine", 1, 16, NOW);

        Eta fresh = estimate(hourWaitsAndOneRunning(5), mine);

        assertThat(fresh.soonest()).isGreaterThan(Duration.ofMinutes(2));
        assertThat(fresh.provablyPast(Duration.ofMinutes(1))).isTrue();
        assertThat(fresh.provablyPast(fresh.soonest())).isFalse();
    }

    @Test
    void aGangThatFindsTooFewFreeSlotsIsNotFreeEvenWhenEnoughGpusAre() {
        PendingJob gang = new PendingJob("mine", 2, 8, NOW);
        List<HistoryJob> jobs = hourWaitsAndOneRunning(5);
        // 16 GPUs free in all, but spread so that only one 8-GPU pod fits
        assertThat(EtaEstimator.estimate(history(jobs), gang, new Capacity(true, 4, 32, 16, 1), NOW)
                        .soonest())
                .isPositive();
        assertThat(EtaEstimator.estimate(history(jobs), gang, new Capacity(true, 4, 32, 16, 2), NOW)
                        .soonest())
                .isZero();
    }

    @Test
    void thinWeightsAreFlattenedUntilTheyCountAsEnoughJobs() {
        double[] w = new double[100];
        w[0] = 1;
        for (int k = 1; k < w.length; k++) {
            w[k] = 1e-6;
        }
        double[] t = WaitEvidence.tempered(w, 30);
        double sum = 0;
        double squares = 0;
        for (double v : t) {
            sum += v;
            squares += v * v;
        }
        assertThat(sum * sum / squares).isBetween(29.0, 32.0);
        assertThat(t[0]).isGreaterThan(t[1]);
        assertThat(WaitEvidence.tempered(new double[] {1, 1, 1}, 30)).containsExactly(1, 1, 1);
    }
}

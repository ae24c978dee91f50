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

    /**
     * A queue of 16 GPUs that ran jobs of 8 GPUs for an hour each, a few every hour of the last 6 days:
     * those that came while both halves were busy waited for one to end, the others started at once.
     */
    private static List<HistoryJob> busyQueue() {
        List<HistoryJob> jobs = new ArrayList<>();
        Instant t = NOW.minus(Duration.ofDays(6));
        int n = 0;
        while (t.isBefore(NOW.minus(Duration.ofHours(3)))) {
            // two at once fill the queue, the third waits for the first to end
            jobs.add(new HistoryJob("a" + n, 8, t, t, t.plus(Duration.ofHours(1))));
            jobs.add(new HistoryJob("b" + n, 8, t, t, t.plus(Duration.ofHours(1))));
            Instant third = t.plus(Duration.ofMinutes(5));
            jobs.add(new HistoryJob("c" + n, 8, third, t.plus(Duration.ofHours(1)), t.plus(Duration.ofHours(2))));
            t = t.plus(Duration.ofHours(3));
            n++;
        }
        return jobs;
    }

    private static QueueHistory history(List<HistoryJob> jobs) {
        return new QueueHistory("q", NOW, QueueHistory.DEFAULT_WINDOW, jobs, false);
    }

    @Test
    void aThinHistoryGivesNoBasisInsteadOfANumber() {
        List<HistoryJob> jobs = busyQueue().subList(0, 12);
        Eta eta = EtaEstimator.estimate(history(jobs), new PendingJob("mine", 1, 8, NOW), Capacity.unknown(), NOW);
        assertThat(eta.kind()).isEqualTo(Eta.Kind.NO_BASIS);
        assertThat(eta.summary()).isEqualTo("no basis for an estimate (12 finished jobs in 7d)");
    }

    @Test
    void aJobThatNeedsTheAdministratorHasNoEta() {
        Eta eta = EtaEstimator.estimate(
                history(busyQueue()), new PendingJob("mine", 1, 8, NOW), Capacity.unknown(), Verdict.NEEDS_ADMIN, NOW);
        assertThat(eta.kind()).isEqualTo(Eta.Kind.NEEDS_ADMIN);
        assertThat(eta.p50()).isNull();
    }

    @Test
    void aJobBehindTwoFreshRunningJobsWaitsLongerThanOneInAnEmptyQueue() {
        List<HistoryJob> busy = new ArrayList<>(busyQueue());
        busy.add(new HistoryJob("r1", 8, NOW.minusSeconds(60), NOW.minusSeconds(60), null));
        busy.add(new HistoryJob("r2", 8, NOW.minusSeconds(60), NOW.minusSeconds(60), null));
        PendingJob mine = new PendingJob("mine", 1, 8, NOW);

        Eta blocked = EtaEstimator.estimate(history(busy), mine, Capacity.unknown(), NOW);
        Eta free = EtaEstimator.estimate(history(busyQueue()), mine, Capacity.unknown(), NOW);

        assertThat(blocked.known()).isTrue();
        assertThat(free.p50()).isLessThan(Duration.ofMinutes(1));
        // the running jobs started a minute ago and runs last an hour: about an hour to go
        assertThat(blocked.p50()).isBetween(Duration.ofMinutes(30), Duration.ofMinutes(90));
        assertThat(blocked.basis()).contains("2 running jobs hold 16 GPUs", "expected to end in 59 min");
    }

    @Test
    void runningJobsNearTheirUsualEndBlockForLessThanFreshOnes() {
        PendingJob mine = new PendingJob("mine", 1, 8, NOW);
        List<HistoryJob> fresh = new ArrayList<>(busyQueue());
        fresh.add(new HistoryJob("r1", 8, NOW.minusSeconds(60), NOW.minusSeconds(60), null));
        fresh.add(new HistoryJob("r2", 8, NOW.minusSeconds(60), NOW.minusSeconds(60), null));
        List<HistoryJob> old = new ArrayList<>(busyQueue());
        old.add(new HistoryJob("r1", 8, NOW.minusSeconds(3_000), NOW.minusSeconds(3_000), null));
        old.add(new HistoryJob("r2", 8, NOW.minusSeconds(3_000), NOW.minusSeconds(3_000), null));

        Eta soon = EtaEstimator.estimate(history(old), mine, Capacity.unknown(), NOW);
        Eta later = EtaEstimator.estimate(history(fresh), mine, Capacity.unknown(), NOW);

        assertThat(soon.p50()).isLessThan(later.p50());
    }

    @Test
    void jobsAheadAreTheWaitingOnesCreatedEarlierButNotTheJobItself() {
        List<HistoryJob> jobs = new ArrayList<>(busyQueue());
        jobs.add(new HistoryJob("w1", 16, NOW.minusSeconds(600), null, null));
        jobs.add(new HistoryJob("mine", 8, NOW.minusSeconds(300), null, null));
        jobs.add(new HistoryJob("w2", 8, NOW.minusSeconds(100), null, null));
        Eta eta = EtaEstimator.estimate(
                history(jobs), new PendingJob("mine", 1, 8, NOW.minusSeconds(300)), Capacity.unknown(), NOW);
        assertThat(eta.jobsAhead()).isEqualTo(1);
        assertThat(eta.gpusAhead()).isEqualTo(16);
        assertThat(eta.summary()).endsWith("; 1 job ahead needs 16 GPUs");
    }

    @Test
    void theSameEvidenceGivesTheSameEstimate() {
        PendingJob mine = new PendingJob("mine", 1, 8, NOW);
        Eta a = EtaEstimator.estimate(history(busyQueue()), mine, Capacity.unknown(), NOW);
        Eta b = EtaEstimator.estimate(history(busyQueue()), mine, Capacity.unknown(), NOW);
        assertThat(a).isEqualTo(b);
    }

    @Test
    void theBasisSaysWhereTheCapacityCameFrom() {
        PendingJob mine = new PendingJob("mine", 2, 8, NOW);
        Eta guessed = EtaEstimator.estimate(history(busyQueue()), mine, Capacity.unknown(), NOW);
        Eta listed = EtaEstimator.estimate(history(busyQueue()), mine, new Capacity(true, 4, 32, 16, 2), NOW);
        assertThat(guessed.basis()).contains("no node list: capacity taken as the most GPUs in use at once in 7d (16");
        assertThat(listed.basis()).contains("4 nodes can hold its pods (32 GPUs, 16 free)");
    }

    @Test
    void aGangThatFindsTooFewFreeSlotsWaitsEvenWhenEnoughGpusAreFree() {
        List<HistoryJob> jobs = new ArrayList<>(busyQueue());
        jobs.add(new HistoryJob("r1", 8, NOW.minusSeconds(60), NOW.minusSeconds(60), null));
        PendingJob gang = new PendingJob("mine", 2, 8, NOW);
        // 16 GPUs free in all, but spread so that only one 8-GPU pod fits
        Eta eta = EtaEstimator.estimate(history(jobs), gang, new Capacity(true, 4, 32, 16, 1), NOW);
        assertThat(eta.basis()).contains("expected to end in");
    }

    /**
     * 40 jobs of the whole queue (16 GPUs), 5 minutes each, that came every 100 s: they queued behind each
     * other and the later ones waited up to 2h 10m. The last one has run 4m 50s of its 5 minutes now.
     */
    private static List<HistoryJob> longWaitsThenAlmostFree(long lastElapsedSeconds) {
        List<HistoryJob> jobs = new ArrayList<>();
        Instant lastEnd = null;
        Instant firstArrival = NOW.minusSeconds(39 * 300 + lastElapsedSeconds);
        for (int k = 0; k < 40; k++) {
            Instant arrived = firstArrival.plusSeconds(100L * k);
            Instant started = lastEnd == null || arrived.isAfter(lastEnd) ? arrived : lastEnd;
            Instant ended = started.plusSeconds(300);
            jobs.add(new HistoryJob("j" + k, 16, arrived, started, k == 39 ? null : ended));
            lastEnd = ended;
        }
        return jobs;
    }

    @Test
    void theSoonestStartComesFromTheRunningJobsNotFromPastWaits() {
        PendingJob mine = new PendingJob("mine", 1, 16, NOW);

        Eta almostFree = EtaEstimator.estimate(history(longWaitsThenAlmostFree(290)), mine, Capacity.unknown(), NOW);

        // the past waits say "an hour or so"; the job running now ends in seconds
        assertThat(almostFree.p10()).isGreaterThan(Duration.ofMinutes(5));
        assertThat(almostFree.soonest()).isLessThan(Duration.ofMinutes(1));
        assertThat(almostFree.provablyPast(Duration.ofMinutes(5)))
                .as("past waits alone are no proof that a 5-minute budget is too short")
                .isFalse();
    }

    @Test
    void aWaitIsProvablyPastTheBudgetWhenBothThePastWaitsAndTheRunningJobsSaySo() {
        PendingJob mine = new PendingJob("mine", 1, 16, NOW);
        List<HistoryJob> jobs = longWaitsThenAlmostFree(290);
        // a job of the whole queue that started a moment ago, and a long one: at the soonest it ends in minutes
        jobs.set(39, new HistoryJob("j39", 16, NOW.minusSeconds(5), NOW.minusSeconds(5), null));

        Eta fresh = EtaEstimator.estimate(history(jobs), mine, Capacity.unknown(), NOW);

        assertThat(fresh.soonest()).isGreaterThan(Duration.ofMinutes(2));
        assertThat(fresh.provablyPast(Duration.ofMinutes(1))).isTrue();
        assertThat(fresh.provablyPast(fresh.soonest())).isFalse();
    }
}

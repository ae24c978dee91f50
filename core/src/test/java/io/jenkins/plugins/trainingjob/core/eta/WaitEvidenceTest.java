package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WaitEvidenceTest {

    private static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");

    /** {@code n} jobs of {@code gpus} GPUs, one every {@code every} from five days ago, each waiting {@code wait}. */
    private static List<HistoryJob> jobs(String prefix, int gpus, int n, Duration every, Duration wait) {
        List<HistoryJob> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Instant c =
                    NOW.minus(Duration.ofDays(5)).plus(every.multipliedBy(k)).plusSeconds(gpus);
            Instant s = c.plus(wait);
            out.add(new HistoryJob(prefix + k, gpus, c, s, s.plus(Duration.ofMinutes(20))));
        }
        return out;
    }

    private static Eta estimate(List<HistoryJob> jobs, PendingJob job) {
        return EtaEstimator.estimate(
                new QueueHistory("q", NOW, QueueHistory.DEFAULT_WINDOW, jobs, false), job, Capacity.unknown(), NOW);
    }

    @Test
    void aClassWithFewLongerWaitsLeansOnTheOtherSizesInsteadOfForgettingWhatTheJobHasWaited() {
        // jobs of 8 GPUs mostly start at once, three waited two hours; jobs of 16 GPUs wait an hour
        List<HistoryJob> jobs = new ArrayList<>(jobs("quick", 8, 40, Duration.ofHours(2), Duration.ofSeconds(5)));
        jobs.addAll(jobs("slow", 8, 3, Duration.ofHours(30), Duration.ofHours(2)));
        jobs.addAll(jobs("big", 16, 40, Duration.ofHours(2), Duration.ofHours(1)));

        Eta eta = estimate(jobs, new PendingJob("mine", 1, 8, NOW.minus(Duration.ofMinutes(10))));

        // a job of 8 GPUs that has waited 10 minutes is past the quick starts: not "seconds" but most of an hour
        assertThat(eta.p50()).isGreaterThan(Duration.ofMinutes(30));
        assertThat(eta.basis())
                .startsWith("jobs of 5-8 GPUs that had waited over 10 min in the last 7d (3, and 40 of other sizes"
                        + " counted as 10; the recent ones");
    }

    @Test
    void aClassWithManyLongerWaitsOfItsOwnKeepsItsOwnAnswer() {
        List<HistoryJob> jobs = new ArrayList<>(jobs("own", 8, 100, Duration.ofHours(1), Duration.ofMinutes(20)));
        jobs.addAll(jobs("big", 16, 100, Duration.ofHours(1), Duration.ofHours(5)));

        Eta eta = estimate(jobs, new PendingJob("mine", 1, 8, NOW.minusSeconds(30)));

        assertThat(eta.p50()).isBetween(Duration.ofMinutes(15), Duration.ofMinutes(25));
    }

    @Test
    void theOtherSizesCountAsTenOfTheClasssOwnJobsWhateverTheirNumber() {
        double[] own = {1, 1, 1, 1};
        double[] others = WaitEvidence.borrowed(own, new double[] {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2});
        assertThat(Arrays.stream(others).sum()).isCloseTo(WaitEvidence.PRIOR_JOBS, within(1e-9));
        assertThat(others[0]).isEqualTo(others[15]);

        // the prior is worth PRIOR_JOBS effective jobs: half-weighted own jobs make each borrowed one lighter too
        double[] half = WaitEvidence.borrowed(new double[] {0.5, 0.5}, new double[] {1, 1});
        assertThat(Arrays.stream(half).sum()).isCloseTo(0.5 * WaitEvidence.PRIOR_JOBS, within(1e-9));

        // with no evidence of its own, the class takes the queue's as it is
        assertThat(WaitEvidence.borrowed(new double[0], new double[] {3, 4})).containsExactly(3, 4);
    }
}

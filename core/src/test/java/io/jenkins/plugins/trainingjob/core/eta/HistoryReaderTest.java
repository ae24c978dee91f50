package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryReaderTest {

    private static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");

    private static JobStatus job(String id, int gpus, Duration age, Duration wait, Duration run) {
        Instant created = NOW.minus(age);
        Instant started = wait == null ? null : created.plus(wait);
        Instant finished = run == null || started == null ? null : started.plus(run);
        JobPhase phase = finished != null ? JobPhase.SUCCEEDED : started != null ? JobPhase.RUNNING : JobPhase.PENDING;
        return new JobStatus(
                new JobRef(PlatformKind.AIHC, id, id),
                phase,
                phase.name(),
                created,
                started,
                finished,
                null,
                "",
                List.of(),
                null,
                gpus);
    }

    /** Listed newest first, as the AIHC list sorts by createdAt descending. */
    private static FakePlatform queue(int count, Duration step) {
        FakePlatform p = new FakePlatform();
        for (int i = count - 1; i >= 0; i--) {
            p.addStatus(job("j" + i, 8, step.multipliedBy(i + 1), Duration.ofMinutes(2), Duration.ofMinutes(30)));
        }
        return p;
    }

    @Test
    void pagesNewestFirstUntilAWholePageIsOlderThanTheWindow() {
        // one job every 12 h for 20 days: 14 in the window, pages of 5
        FakePlatform p = queue(40, Duration.ofHours(12));
        QueueHistory h = new HistoryReader(5, 1_000).read(p, "q", Duration.ofDays(7), NOW);
        assertThat(h.jobs()).hasSize(14);
        assertThat(p.listCalls.get()).isEqualTo(4);
        assertThat(h.truncated()).isFalse();
        assertThat(h.finishedCount()).isEqualTo(14);
        assertThat(h.waits().quantile(0.5)).isEqualTo(120);
    }

    @Test
    void anOldJobStillRunningKeepsThePagingGoingBecauseItBlocksNewOnes() {
        FakePlatform p = new FakePlatform();
        p.addStatus(job("old-running", 16, Duration.ofDays(9), Duration.ofMinutes(1), null));
        p.addStatus(job("recent", 8, Duration.ofDays(1), Duration.ofMinutes(1), Duration.ofMinutes(5)));
        QueueHistory h = new HistoryReader(1, 1_000).read(p, "q", Duration.ofDays(7), NOW);
        assertThat(h.running()).extracting(HistoryJob::id).containsExactly("old-running");
    }

    @Test
    void aJobStoppedWhileItWaitedIsNeitherAWaitNorAheadOfAnyone() {
        FakePlatform p = new FakePlatform();
        JobStatus queued = job("gave-up", 8, Duration.ofHours(2), null, null);
        p.addStatus(new JobStatus(
                queued.job(),
                JobPhase.STOPPED,
                "ManualTermination",
                queued.createdAt(),
                null,
                NOW.minus(Duration.ofHours(1)),
                null,
                "",
                List.of(),
                null,
                8));
        p.addStatus(job("waiting", 8, Duration.ofHours(1), null, null));
        QueueHistory h = new HistoryReader().read(p, "q", Duration.ofDays(7), NOW);
        assertThat(h.waiting()).extracting(HistoryJob::id).containsExactly("waiting");
    }

    @Test
    void theReadStopsAtItsBoundAndSaysSo() {
        FakePlatform p = queue(100, Duration.ofMinutes(10));
        QueueHistory h = new HistoryReader(10, 30).read(p, "q", Duration.ofDays(7), NOW);
        assertThat(h.jobs()).hasSize(30);
        assertThat(h.truncated()).isTrue();
        assertThat(p.listCalls.get()).isEqualTo(3);
    }

    @Test
    void senseCoreHistoriesSayWhatTheListCannotShow() {
        FakePlatform p = new FakePlatform(PlatformKind.SENSECORE);
        QueueHistory h = new HistoryReader().read(p, "pool", Duration.ofDays(7), NOW);
        assertThat(h.scopeNote()).contains("other workspaces' jobs are invisible", "lists no nodes");
    }
}

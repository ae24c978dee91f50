package io.jenkins.plugins.trainingjob.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryTallyTest {

    @Test
    void countsTheListCallsOfAHistoryReadAndNotTheStatusRefresh() {
        Instant now = Instant.parse("2026-12-02T05:00:00Z");
        FakePlatform fake = new FakePlatform();
        for (int i = 0; i < 25; i++) {
            // waiting for an hour: every page of the history matters, as with the bench's cordoned queue
            JobRef job = new JobRef(PlatformKind.AIHC, "waiting-" + i, "waiting-" + i);
            fake.addStatus(new JobStatus(
                    job,
                    JobPhase.PENDING,
                    "Queueing",
                    now.minusSeconds(3600),
                    null,
                    null,
                    null,
                    "",
                    List.of(),
                    null,
                    8));
        }
        HistoryTally tally = new HistoryTally(fake);

        // the monitor's status refresh: the same list endpoint, not a history read
        tally.listStatuses(null, 500);
        assertThat(tally.reads.get()).isZero();
        assertThat(tally.pages.get()).isZero();

        // one history read of 25 waiting jobs in pages of 10: three pages, one read
        new HistoryReader(10, 1_000).read(tally, "q", Duration.ofDays(7), now);
        assertThat(tally.reads.get()).isEqualTo(1);
        assertThat(tally.pages.get()).isEqualTo(3);
        assertThat(fake.listCalls.get()).isEqualTo(4);
    }
}

package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.command.ListCommand;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** P5: list's AGE on a platform whose clock runs ahead of this machine's (the simulator at --speed 10). */
class ListAgeTest {

    static JobStatus created(String id, Instant at) {
        return new JobStatus(
                new JobRef(PlatformKind.AIHC, id, id),
                JobPhase.SUCCEEDED,
                "Succeeded",
                at,
                null,
                at.plusSeconds(60),
                null,
                "",
                List.of(),
                null);
    }

    @Test
    void agesCountFromThePlatformsNewestTimestampWhenItIsAheadOfTheLocalClock() {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        List<JobStatus> jobs = List.of(created("new", now.plusSeconds(1800)), created("old", now.plusSeconds(600)));

        Instant reference = ListCommand.platformNow(jobs, now);

        assertThat(reference).isEqualTo(now.plusSeconds(1860));
        assertThat(ListCommand.table(jobs, reference)).contains("new").doesNotContain(" 0s ");
    }

    @Test
    void onAPlatformBehindOrEqualTheLocalClockTheLocalClockCounts() {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        assertThat(ListCommand.platformNow(List.of(created("a", now.minusSeconds(600))), now))
                .isEqualTo(now);
    }
}

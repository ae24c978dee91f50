package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code list --state pending} on a platform whose clock runs ahead of this machine's (the simulator at
 * {@code --speed}): AGE counts from the newest timestamp of every job the list read, not only of the jobs
 * shown, so a job pending alone among finished ones does not read {@code 0s}; the position column says
 * what it is (review newcomer-release-3 P20).
 */
class ListPendingAgeTest extends SimulatorBackedCliTest {

    @Test
    void aPendingJobsAgeCountsFromTheNewestTimeOfEveryJobRead() {
        var pending = cli.run("submit", spec("gpu8-job.yaml"), "--preflight", "false");
        assertThat(pending.exitCode()).as(pending.err()).isZero();
        sim.advanceClock(Duration.ofMinutes(10)); // the platform's clock is now 10 minutes ahead of ours
        var later = cli.run(
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=later",
                "--set",
                "RUN_SECONDS=0.2",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        assertThat(later.exitCode()).as(later.err()).isZero();

        var list = cli.run("list", "--state", "pending");

        assertThat(list.exitCode()).as(list.err()).isZero();
        assertThat(list.out().lines().findFirst().orElseThrow()).contains("AGE").contains(" POS ");
        assertThat(list.out())
                .containsPattern("PENDING\\s+1[0-9]m\\s+#1\\s+sulingang-diagnose-node-tai")
                .doesNotContain(" 0s ");
    }
}

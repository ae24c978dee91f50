package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Progress lines are plain, one per event, when stderr is not a terminal (a CI log that is grepped), and
 * folded at 100 columns on a person's terminal (review newcomer-release-3 P11: {@code [aihc] job ... is
 * SUCCEEDED, was} / {@code     RUNNING} in a CI log, where a grep for the state missed it).
 */
class ProgressLinesTest extends SimulatorBackedCliTest {

    /** With "cli-small-", "-1" and a job id, more than 100 columns; a name within Kubernetes' 63 characters. */
    static final String LONG = "a-name-long-enough-that-no-line-of-it-fits-100";

    CliHarness.Result run(String run) {
        return cli.run(
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=" + run,
                "--set",
                // long enough that a poll every 50 ms sees it RUNNING on a loaded machine (the lines say "was RUNNING")
                "RUN_SECONDS=1.5",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
    }

    @Test
    void aLogThatIsNotATerminalGetsOneLinePerEvent() {
        var result = run(LONG + "-1");

        assertThat(result.exitCode()).as(result.err()).isZero();
        String id = result.out().lines().findFirst().orElseThrow();
        String job = "[aihc] job cli-small-" + LONG + "-1 (" + id + ")";
        assertThat(result.err().lines())
                .contains(job + " is SUCCEEDED, was RUNNING")
                .noneMatch(l -> l.startsWith("    "));
        assertThat(result.out().lines())
                .as("the verdict line on stdout too")
                .containsExactly(id, job + " completed successfully: SUCCEEDED");
    }

    @Test
    void aTerminalGetsTheLinesFoldedAtOneHundredColumns() {
        cli.interactive = true;
        cli.env.put("NO_COLOR", "1"); // a terminal without the live line, so every event is printed
        var result = run(LONG + "-2");

        assertThat(result.exitCode()).as(result.err()).isZero();
        String id = result.out().lines().findFirst().orElseThrow();
        assertThat(result.err()).contains("fits-100-2\n    (" + id + ") is SUCCEEDED, was RUNNING\n");
        assertThat(result.err().lines().filter(l -> l.startsWith("[aihc] job ")))
                .isNotEmpty()
                .allMatch(l -> l.length() <= 100);
    }
}

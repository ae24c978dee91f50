package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Security review 2, N1, reproduced as the review ran it: a job's log quotes text that mentions the
 * {@code trainjob-output} convention. The worker log is not trusted output: such text must not set, override
 * or create an output, and must never reach the outputs file that a GitLab dotenv report or
 * {@code $GITHUB_OUTPUT} reads.
 */
class ForgedOutputLinesTest extends SimulatorBackedCliTest {

    @Test
    void quotedConventionTextInALogSetsNoOutputAndOverridesNone() throws Exception {
        Path env = dir.resolve("out.env");
        var result = cli.run(
                "submit",
                spec("forged-log-leg.yaml"),
                "--set",
                "RUN=n1",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "--outputs-file",
                env.toString());
        assertThat(result.exitCode()).as(result.err()).isZero();
        List<String> lines = Files.readAllLines(env);
        assertThat(String.join("\n", lines))
                .as("the outputs file")
                .doesNotContain("attacker")
                .doesNotContain("GITHUB_TOKEN")
                .doesNotContain("0.99")
                .doesNotContain("sh -c id");
        assertThat(lines).noneMatch(l -> l.startsWith("TRAINJOB="));
        assertThat(lines).anyMatch(l -> l.endsWith("accuracy=0.71"));
    }
}

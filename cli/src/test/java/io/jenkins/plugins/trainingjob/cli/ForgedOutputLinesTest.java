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
 * {@code $GITHUB_OUTPUT} reads. Then what the file carries: the outcome always, a failed job's values
 * never, no name a later step reads.
 */
class ForgedOutputLinesTest extends SimulatorBackedCliTest {

    private CliHarness.Result submit(String spec, String run, String... more) {
        List<String> args = new java.util.ArrayList<>(
                List.of("submit", spec(spec), "--set", "RUN=" + run, "--wait", "completed", "--poll-interval", "50ms"));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    void quotedConventionTextInALogSetsNoOutputAndOverridesNone() throws Exception {
        Path env = dir.resolve("out.env");
        var result = submit("forged-log-leg.yaml", "n1", "--outputs-file", env.toString());
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
        assertThat(lines).containsExactly("TRAINJOB_OUT_STATUS=SUCCEEDED", "TRAINJOB_OUT_accuracy=0.71");
    }

    @Test
    void aFailedJobsOutputsFileCarriesItsStatusAndNoValueAGateCouldPassOn() throws Exception {
        Path env = dir.resolve("failed.env");
        var result = cli.run(
                "submit",
                spec("sweep-leg.yaml"),
                "--set",
                "RUN=failed",
                "--set",
                "LR=1e-4",
                "--set",
                "ACCURACY=0.99",
                "--set",
                "EXIT_CODE=3",
                "--set",
                "RUN_SECONDS=0.2",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "--outputs-file",
                env.toString());
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(Files.readAllLines(env)).containsExactly("TRAINJOB_OUT_STATUS=FAILED");
        assertThat(result.err())
                .contains("outputs (worker sweep-failed-master-0): accuracy=0.99")
                .contains("the job ended FAILED: these outputs are what its log printed before it ended");
    }

    @Test
    void withoutThePrefixANameALaterStepReadsIsRefusedBeforeAnythingIsSubmitted() throws Exception {
        Path spec = dir.resolve("path-output.yaml");
        Files.writeString(
                spec,
                Files.readString(Path.of(spec("sweep-leg.yaml"))).replace("  - name: checkpoint", "  - name: PATH"));
        var result = cli.run(
                "submit",
                spec.toString(),
                "--set",
                "RUN=path",
                "--set",
                "LR=1e-4",
                "--set",
                "ACCURACY=0.5",
                "--set",
                "EXIT_CODE=0",
                "--set",
                "RUN_SECONDS=0.2",
                "--wait",
                "completed",
                "--outputs-file",
                dir.resolve("p.env").toString(),
                "--outputs-prefix",
                "");
        result.failsWithOneLine(
                2,
                "outputs[1].name: PATH would be written to the outputs file as PATH",
                "keep the prefix TRAINJOB_OUT_");
        assertThat(sim.jobs()).noneMatch(j -> j.name().equals("sweep-path"));
    }

    @Test
    void anEmptyPrefixWritesTheDeclaredNamesAsTheyAre() throws Exception {
        Path env = dir.resolve("bare.env");
        var result = submit("forged-log-leg.yaml", "bare", "--outputs-file", env.toString(), "--outputs-prefix", "");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(Files.readAllLines(env)).containsExactly("STATUS=SUCCEEDED", "accuracy=0.71");
    }

    /**
     * Security review 2, N3: a CLI given SIGTERM while it read a job's log went on for minutes. Here the
     * log's server hangs (a minute per call); the interrupt comes while the read waits on it, and the read
     * stops at once: the command ends saying so instead of waiting the call out (the minute is not asserted,
     * what was printed is).
     */
    @Test
    void anInterruptStopsTheReadOfTheJobsLog() throws Exception {
        sim.addFault(io.jenkins.plugins.trainingjob.simulator.http.FaultRule.of(
                        io.jenkins.plugins.trainingjob.simulator.http.FaultKind.LATENCY, "GET", "*/pods/*/logs")
                .withLatencyMs(60_000));
        CliHarness.Result[] result = new CliHarness.Result[1];
        // the job's end is printed before its log is read: Ctrl-C right then, as the read begins
        java.util.concurrent.CountDownLatch ended = cli.onErr("SUCCEEDED", null);
        Thread command = new Thread(() -> result[0] = submit("forged-log-leg.yaml", "sigterm"));
        command.start();
        try {
            assertThat(ended.await(30, java.util.concurrent.TimeUnit.SECONDS))
                    .as("the job ended")
                    .isTrue();
            cli.interrupts.fireAsHooks();
            command.join(30_000);
            assertThat(command.isAlive())
                    .as("the command ended after the interrupt")
                    .isFalse();
        } finally {
            sim.clearFaults();
        }
        assertThat(result[0].err())
                .contains("no outputs: the read of the job's log was stopped before it finished (the wait was"
                        + " aborted)");
    }
}

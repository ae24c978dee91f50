package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a finished wait returns besides the state: outputs, the failing worker's log, a report for every end. */
class JobOutputsCliTest extends SimulatorBackedCliTest {

    static final AtomicInteger RUNS = new AtomicInteger();

    /**
     * One sweep leg, waited for until it ends. The tests read what an ended job leaves (outputs, log tail,
     * exit code), not how long it ran: a leg runs 0.2 s, and one that must outlast its --timeout, 600 s.
     */
    CliHarness.Result leg(String accuracy, String exitCode, String runSeconds, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit",
                spec("sweep-leg.yaml"),
                "--set",
                "RUN=o" + RUNS.incrementAndGet(),
                "--set",
                "LR=1e-4",
                "--set",
                "ACCURACY=" + accuracy,
                "--set",
                "EXIT_CODE=" + exitCode,
                "--set",
                "RUN_SECONDS=" + runSeconds,
                "--wait",
                "completed",
                "--poll-interval",
                "50ms"));
        args.addAll(Arrays.asList(more));
        return cli.run(args.toArray(String[]::new));
    }

    /** {@code args}, then the values of sweep-leg.yaml's variables for a leg that succeeds with accuracy 0.93. */
    static String[] withLeg(String run, String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.addAll(List.of(
                "--set",
                "RUN=" + run,
                "--set",
                "LR=1e-4",
                "--set",
                "ACCURACY=0.93",
                "--set",
                "EXIT_CODE=0",
                "--set",
                "RUN_SECONDS=0.2"));
        return all.toArray(String[]::new);
    }

    static JsonSchemaChecker schema() throws Exception {
        return new JsonSchemaChecker(
                Terminal.JSON.readTree(Files.readString(DocsExamplesTest.ROOT.resolve("docs/cli-output.schema.json"))));
    }

    static JsonNode json(CliHarness.Result result) throws Exception {
        return Terminal.JSON.readTree(result.out());
    }

    @Test
    void outputsReachTheJsonDocumentAndTheOutputsFile() throws Exception {
        Path env = dir.resolve("github_output");
        Files.writeString(env, "earlier_step=1\n");
        var result = leg("0.91", "0", "0.2", "-o", "json", "--outputs-file", env.toString());
        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode doc = json(result);
        assertThat(doc.path("outputs").path("STATUS").asText()).isEqualTo("SUCCEEDED");
        assertThat(doc.path("outputs").path("accuracy").asText()).isEqualTo("0.91");
        assertThat(doc.path("outputs").path("checkpoint").asText()).startsWith("bos://ckpt/o");
        assertThat(doc.has("outputsUnavailable")).isFalse();
        assertThat(schema().problems(doc)).isEmpty();
        List<String> lines = Files.readAllLines(env);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo("earlier_step=1");
        assertThat(lines.get(1)).isEqualTo("TRAINJOB_OUT_STATUS=SUCCEEDED");
        assertThat(lines.get(2)).isEqualTo("TRAINJOB_OUT_accuracy=0.91");
        assertThat(lines.get(3)).startsWith("TRAINJOB_OUT_checkpoint=bos://ckpt/o");
        assertThat(result.err()).contains("wrote TRAINJOB_OUT_STATUS=SUCCEEDED and 2 outputs to " + env);
    }

    @Test
    void awaitGivenTheSpecReadsItsDeclaredOutputsAsSubmitDoes() throws Exception {
        // the submit-then-await split of a CI pipeline: the gate's metric is a declared (regex) output
        var submitted = cli.run(withLeg("await1", "submit", spec("sweep-leg.yaml")));
        assertThat(submitted.exitCode()).as(submitted.err()).isZero();
        String id = submitted.out().strip();

        var awaited = cli.run(withLeg(
                "await1",
                "await",
                id,
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "-o",
                "json",
                "--spec",
                spec("sweep-leg.yaml")));

        assertThat(awaited.exitCode()).as(awaited.err()).isZero();
        JsonNode doc = json(awaited);
        assertThat(doc.path("outputs").path("accuracy").asText()).isEqualTo("0.93");
        assertThat(doc.path("outputs").path("checkpoint").asText()).isEqualTo("bos://ckpt/await1");
        assertThat(schema().problems(doc)).isEmpty();
    }

    @Test
    void aDeclaredOutputTheLogDoesNotHoldIsNamed() throws Exception {
        Path spec = dir.resolve("leg-with-loss.yaml");
        Files.writeString(
                spec,
                Files.readString(Path.of(spec("sweep-leg.yaml")))
                        + "  - name: loss\n    regex: 'eval loss: ([0-9.]+)'\n");
        var result = cli.run(withLeg(
                "loss1", "submit", spec.toString(), "--wait", "completed", "--poll-interval", "50ms", "-o", "json"));

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err())
                .contains("outputs: declared output loss not found in worker sweep-loss1-master-0's log");
        assertThat(json(result).path("outputsNotes").toString()).contains("declared output loss not found");
    }

    @Test
    void awaitWithoutTheSpecSaysNoOutputsAreRead() throws Exception {
        var submitted = cli.run(withLeg("await2", "submit", spec("sweep-leg.yaml")));
        Path env = dir.resolve("await.env");

        var awaited = cli.run(
                "await",
                submitted.out().strip(),
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "--outputs-file",
                env.toString());

        assertThat(awaited.exitCode()).as(awaited.err()).isZero();
        assertThat(awaited.err()).contains("without --spec no outputs are read, only STATUS is written");
        assertThat(Files.readAllLines(env)).containsExactly("TRAINJOB_OUT_STATUS=SUCCEEDED");
        assertThat(cli.run("await", "x", "--set", "A=1")
                        .failsWithOneLine(2, "--set: only with --spec")
                        .exitCode())
                .isEqualTo(2);
    }

    @Test
    void textOutputNamesTheOutputsOnStderrAndKeepsTheJobIdOnStdout() {
        var result = leg("0.87", "0", "0.2");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err()).contains("outputs (worker sweep-o").contains("accuracy=0.87, checkpoint=bos://ckpt/o");
        assertThat(result.out().lines().findFirst().orElseThrow()).startsWith("pytorchjob-");
    }

    @Test
    void aSubmitWithAFallbackTargetWritesTheOutputsFileToo() throws Exception {
        Path env = dir.resolve("fallback_output");
        var result =
                leg("0.93", "0", "0.2", "-o", "json", "--outputs-file", env.toString(), "--fallback", "set.LR=1e-3");
        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode doc = json(result);
        assertThat(doc.path("attempts")).hasSize(1);
        assertThat(doc.path("outputs").path("accuracy").asText()).isEqualTo("0.93");
        assertThat(schema().problems(doc)).isEmpty();
        List<String> lines = Files.readAllLines(env);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("TRAINJOB_OUT_STATUS=SUCCEEDED");
        assertThat(lines.get(1)).isEqualTo("TRAINJOB_OUT_accuracy=0.93");
        assertThat(lines.get(2)).startsWith("TRAINJOB_OUT_checkpoint=bos://ckpt/o");
    }

    @Test
    void aRetriedFailureEndsWithItsLogTailInTheReportFile() throws Exception {
        Path report = dir.resolve("retried.md");
        var result = leg(
                "0.2",
                "3",
                "0.2",
                "--retry-limit",
                "1",
                "--retry-on-exit-codes",
                "3",
                "--report-file",
                report.toString());
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(result.err()).contains("  | [sim] error: training script exited with code 3");
        String md = Files.readString(report);
        assertThat(md)
                .contains("- **Exit code**: 3")
                .contains("- **Output accuracy**: 0.2")
                .contains("## Last lines of worker sweep-o");
        // a short heading (a step summary's title), the events and every attempt below it (P14)
        String heading = md.lines().findFirst().orElseThrow();
        assertThat(heading)
                .startsWith("# \\[aihc\\] job sweep-o")
                .endsWith("failed: FAILED, exit code 3 (worker sweep-o" + RUNS.get() + "-a2-master-0)")
                .doesNotContain("last events")
                .hasSizeLessThan(160);
        assertThat(md)
                .contains("## Last events")
                .contains("## Attempts\n\n- attempt 1 (primary): job pytorchjob-")
                .contains("- attempt 2 (primary): job pytorchjob-");
    }

    @Test
    void aFailedJobsDocumentHasItsLogTailAndNoEmptyOrBeanKeys() throws Exception {
        var result = leg("0.2", "3", "0.2", "-o", "json");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        JsonNode doc = json(result);
        assertThat(doc.path("outputs").path("STATUS").asText())
                .as("a failed job's outputs are marked")
                .isEqualTo("FAILED");
        assertThat(doc.path("outputsNotes").toString()).contains("the job ended FAILED");
        assertThat(doc.path("failure").has("empty")).isFalse();
        assertThat(doc.path("failure").path("exitCode").asInt()).isEqualTo(3);
        doc.path("failure").fields().forEachRemaining(f -> assertThat(
                        f.getValue().isTextual() && f.getValue().asText().isEmpty())
                .as("empty failure." + f.getKey())
                .isFalse());
        assertThat(doc.path("failure").path("lastEvents").get(0).has("firstSeen"))
                .isTrue();
        assertThat(doc.path("logTail").path("worker").asText()).endsWith("-master-0");
        assertThat(doc.path("logTail").path("lines").toString())
                .contains("[sim] error: training script exited with code 3");
        assertThat(doc.path("outputs").path("accuracy").asText()).isEqualTo("0.2");
        assertThat(schema().problems(doc)).isEmpty();
    }

    @Test
    void aFailedJobGetsAReportFileWithItsExitCodeAndLogTail() throws Exception {
        Path report = dir.resolve("leg.md");
        var result = leg("0.2", "3", "0.2", "--report-file", report.toString());
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        String md = Files.readString(report);
        assertThat(md)
                .startsWith("# ")
                .contains("- **Outcome**: job_failed")
                .contains("- **Exit code**: 3")
                .contains("## Last events")
                .contains("## Last lines of worker sweep-o")
                .contains("[sim] error: training script exited with code 3");
        assertThat(result.err())
                .contains("wrote the job_failed report to " + report)
                .contains("  | [sim] error: training script exited with code 3");
    }

    @Test
    void aJobStoppedAfterATimeoutSaysSoInItsDocument() throws Exception {
        Path report = dir.resolve("timeout.html");
        var result = leg(
                "0.1",
                "0",
                "600",
                "--timeout",
                "500ms",
                "--cancel-on-failure",
                "-o",
                "json",
                "--report-file",
                report.toString(),
                "--outputs-file",
                dir.resolve("timeout.env").toString());
        assertThat(result.exitCode()).as(result.err()).isEqualTo(4);
        assertThat(Files.readAllLines(dir.resolve("timeout.env")))
                .as("the outcome, even of a job that did not end: the phase read after the stop")
                .singleElement()
                .asString()
                .matches("TRAINJOB_OUT_STATUS=(STOPPED|RUNNING|UNKNOWN)");
        JsonNode doc = json(result);
        assertThat(doc.path("cleanup").path("stopRequested").asBoolean()).isTrue();
        assertThat(doc.path("cleanup").path("message").asText()).startsWith("stopped job ");
        assertThat(doc.path("status").path("phase").asText()).isIn("STOPPING", "STOPPED");
        // the message and the report say what the JSON's status says: the job was stopped (P13)
        assertThat(doc.path("message").asText())
                .startsWith("job sweep-o")
                .contains("timed out: overall timeout of 500ms, still RUNNING; then stopped: "
                        + doc.path("status").path("phase").asText());
        assertThat(doc.has("outputs"))
                .as("a job that did not end has no outputs yet")
                .isFalse();
        assertThat(schema().problems(doc)).isEmpty();
        assertThat(Files.readString(report))
                .contains("<th>Outcome</th><td>timed_out</td>")
                .contains("<th>After the wait</th><td>stopped job ")
                .contains("(read after the stop)</td>")
                .doesNotContain("<th>State</th><td>Running");
    }

    @Test
    void senseCoreSaysItServesNoLogsInsteadOfAnEmptyMap() throws Exception {
        String[] args = {
            "submit",
            spec("sensecore-small-job.yaml"),
            "--wait",
            "completed",
            "--poll-interval",
            "50ms",
            "-o",
            "json",
            "--outputs-file",
            dir.resolve("out.env").toString(),
            "--platform",
            "sensecore",
            "--subscription",
            "sim-sub",
            "--resource-group",
            "default",
            "--zone",
            "cn-sh-01z",
            "--workspace",
            "sim-ws"
        };
        var result = cli.run(args);
        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode doc = json(result);
        assertThat(doc.path("outputs").size()).isEqualTo(1);
        assertThat(doc.path("outputs").path("STATUS").asText()).isEqualTo("SUCCEEDED");
        assertThat(doc.path("outputsUnavailable").asText()).startsWith("SenseCore serves no job logs");
        assertThat(result.err()).contains("no outputs: SenseCore serves no job logs");
        assertThat(Files.readAllLines(dir.resolve("out.env")))
                .as("the outcome, always")
                .containsExactly("TRAINJOB_OUT_STATUS=SUCCEEDED");
    }
}

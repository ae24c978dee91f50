package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code submit --fallback} and {@code --retry-*} on the simulator's documented pool: queue {@code default}
 * has no free node for 8 GPUs (cordoned, tainted and full nodes), queue {@code training} has four free
 * 8-GPU nodes, and no node has a {@code baidu.com/h800_80g_cgpu}.
 */
class FallbackSubmitTest extends SimulatorBackedCliTest {

    static final AtomicInteger RUNS = new AtomicInteger();

    /**
     * A submit of the fallback spec. In queue default its job stays pending (the documented blocked nodes),
     * so a pending timeout of 300 ms leads to the diagnosis and the move as one of minutes would.
     */
    private CliHarness.Result submit(String queue, String gpuKind, String exitCode, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit",
                spec("fallback-job.yaml"),
                "--set",
                "RUN=f" + RUNS.incrementAndGet(),
                "--set",
                "QUEUE=" + queue,
                "--set",
                "GPU_KIND=" + gpuKind,
                "--set",
                "EXIT_CODE=" + exitCode,
                "--poll-interval",
                "50ms",
                "--output-format",
                "json"));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    /**
     * The document, checked against docs/cli-output.schema.json as JsonContractTest checks every command's:
     * the keys only this path prints ({@code attempts}, {@code clientToken}) are part of the contract too.
     */
    private static JsonNode json(CliHarness.Result r) throws Exception {
        return JsonContractTest.conforms("submit", r.exitCode(), r, "submit with --fallback or --retry-*");
    }

    @Test
    void aPrimaryThatNeverFitsIsSkippedAndTheSecondTargetRuns() throws Exception {
        var r = submit(
                "training",
                "baidu.com/h800_80g_cgpu",
                "0",
                "--wait",
                "scheduled",
                "--fallback",
                "set.GPU_KIND=nvidia.com/gpu");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err())
                .contains("target 1 (primary): NEVER_FITS")
                .contains("; skipped")
                .contains("chose target 2 (set.GPU_KIND=nvidia.com/gpu)");
        JsonNode attempts = json(r).get("attempts");
        assertThat(attempts).hasSize(1);
        assertThat(attempts.get(0).get("target").asText()).isEqualTo("set.GPU_KIND=nvidia.com/gpu");
    }

    @Test
    void aBusyPrimaryLosesToAFreeFallbackAtOnce() throws Exception {
        var r = submit(
                "default",
                "nvidia.com/gpu",
                "0",
                "--wait",
                "scheduled",
                "--pending-timeout",
                "10m",
                "--fallback",
                "queue=training");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("chose target 2 (queue=training): it fits now");
        assertThat(json(r).get("attempts")).hasSize(1);
        assertThat(json(r).get("attempts").get(0).get("verdict").asText()).isEqualTo("FITS_NOW");
    }

    @Test
    void inTheGivenOrderTheBusyPrimaryIsStoppedAfterItsPendingTimeoutAndTheJobMoves() throws Exception {
        var r = submit(
                "default",
                "nvidia.com/gpu",
                "0",
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--fallback",
                "queue=training",
                "--fallback-order",
                "given",
                "--cancel-on-failure");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode attempts = json(r).get("attempts");
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).get("outcome").asText()).isEqualTo("unschedulable");
        assertThat(attempts.get(0).get("reason").asText()).contains("stopped, moved to target 2");
        assertThat(attempts.get(1).get("clientToken").asText()).endsWith("-a2");
        String first = attempts.get(0).get("jobId").asText();
        var status = cli.run("status", first, "--output-format", "json");
        assertThat(status.out()).contains("STOPPED");
    }

    @Test
    void theWaitBudgetIsTheWholeSubmitsAndEndsItWithExit8() throws Exception {
        // The busy primary's diagnosis (FITS_LATER) no longer ends the wait: the budget does, and with no
        // basis for an estimate there is no early end, so nothing moves and the submit ends at the deadline.
        var r = submit(
                "default",
                "nvidia.com/gpu",
                "0",
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--max-wait",
                "2s",
                "--fallback",
                "queue=training",
                "--fallback-order",
                "given",
                "--cancel-on-failure");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(8);
        assertThat(r.err()).contains("waiting on within the wait budget");
        assertThat(r.out()).contains("did not start within 2s");
        JsonNode attempts = json(r).get("attempts");
        assertThat(attempts).hasSize(1);
        assertThat(attempts.get(0).get("outcome").asText()).isEqualTo("not_started_in_budget");
    }

    @Test
    void aListedExitCodeIsRetriedAndEveryAttemptIsInTheJson() throws Exception {
        var r = submit(
                "training",
                "nvidia.com/gpu",
                "3",
                "--wait",
                "completed",
                "--retry-limit",
                "1",
                "--retry-on-exit-codes",
                "3");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        JsonNode attempts = json(r).get("attempts");
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).get("reason").asText()).isEqualTo("exit code 3; retry 1 of 1");
        assertThat(attempts.get(1).get("reason").asText()).isEqualTo("exit code 3; no retries left");
    }

    @Test
    void aJobThatNeverFitsIsNotRetried() throws Exception {
        var r = submit(
                "training",
                "baidu.com/h800_80g_cgpu",
                "0",
                "--wait",
                "completed",
                "--retry-limit",
                "3",
                "--retry-on-exit-codes",
                "1-255");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).doesNotContain("client token");
        assertThat(json(r).path("preflight").path("verdict").asText()).isEqualTo("NEVER_FITS");
    }

    @Test
    void aRetryThatIsNotNeededWithoutPreflightLeavesOneAttemptAndTheSubmitsToken() throws Exception {
        var r = submit(
                "training",
                "nvidia.com/gpu",
                "0",
                "--wait",
                "completed",
                "--retry-limit",
                "1",
                "--retry-on-exit-codes",
                "3",
                "--client-token",
                "retry-once-" + RUNS.incrementAndGet(),
                "--preflight",
                "false");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = json(r);
        assertThat(doc.path("outcome").asText()).isEqualTo("completed");
        assertThat(doc.path("clientToken").asText()).startsWith("retry-once-");
        assertThat(doc.path("attempts")).hasSize(1);
        assertThat(doc.path("attempts").get(0).path("clientToken").asText())
                .isEqualTo(doc.path("clientToken").asText());
        assertThat(doc.path("attempts").get(0).path("outcome").asText()).isEqualTo("completed");
        assertThat(doc.path("attempts").get(0).path("verdict").isNull())
                .as("no pre-flight, no verdict: null, as the schema allows")
                .isTrue();
    }

    @Test
    void whenEveryTargetNeverFitsNothingIsCreatedAndTheRefusalIsADocumentOfTheContract() throws Exception {
        var r = submit(
                "training", "baidu.com/h800_80g_cgpu", "0", "--wait", "scheduled", "--fallback", "queue=default");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).doesNotContain("client token");
        JsonNode doc = json(r);
        assertThat(doc.path("preflight").path("verdict").asText()).isEqualTo("NEVER_FITS");
        assertThat(doc.has("job")).as("no job was created").isFalse();
    }

    @Test
    void badFallbackInputIsRefusedBeforeAnythingIsCreated() {
        var r = cli.run(
                "submit",
                spec("fallback-job.yaml"),
                "--set",
                "RUN=bad",
                "--set",
                "QUEUE=training",
                "--set",
                "GPU_KIND=nvidia.com/gpu",
                "--set",
                "EXIT_CODE=0",
                "--wait",
                "scheduled",
                "--fallback",
                "queue=spot",
                "--fallback",
                "zone=b");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--fallback #2 zone").doesNotContain("submitted");
        var noWait = cli.run(
                "submit",
                spec("fallback-job.yaml"),
                "--set",
                "RUN=bad2",
                "--set",
                "QUEUE=training",
                "--set",
                "GPU_KIND=nvidia.com/gpu",
                "--set",
                "EXIT_CODE=0",
                "--fallback",
                "queue=spot");
        assertThat(noWait.exitCode()).isEqualTo(2);
        assertThat(noWait.err()).contains("--fallback: needs --wait");
    }
}

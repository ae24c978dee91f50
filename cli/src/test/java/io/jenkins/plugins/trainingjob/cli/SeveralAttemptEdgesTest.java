package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.http.FaultKind;
import io.jenkins.plugins.trainingjob.simulator.http.FaultRule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 38 on the command line, against the simulator's documented pool (queue {@code default} cannot place
 * 8 GPUs, queue {@code training} can): an interrupt the instant a move's second job is created, a create
 * that fails at attempt 2 or 3 of a retry, a diagnosis that does not come within its timeout.
 */
class SeveralAttemptEdgesTest extends SimulatorBackedCliTest {

    private static final AtomicInteger RUNS = new AtomicInteger();

    @AfterEach
    void clearFaults() {
        sim.clearFaults();
    }

    private List<String> submit(String queue, String exitCode, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit",
                spec("fallback-job.yaml"),
                "--set",
                "RUN=e" + RUNS.incrementAndGet(),
                "--set",
                "QUEUE=" + queue,
                "--set",
                "GPU_KIND=nvidia.com/gpu",
                "--set",
                "EXIT_CODE=" + exitCode,
                "--poll-interval",
                "50ms",
                "--output-format",
                "json"));
        args.addAll(List.of(more));
        return args;
    }

    private JobView job(String id) {
        return sim.jobs().stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow();
    }

    /** The clients record their waits after an uncertain create instead of sleeping them (nothing appears). */
    private void recordWaitsInsteadOfSleeping() {
        cli.connector = settings ->
                AihcClient.builder(settings).time(ManualClock.startingNow()).build();
    }

    @Test
    void ctrlCTheInstantAMovesSecondJobIsCreatedStopsThatJobAndSaysSo() throws Exception {
        cli.onErr("attempt 2 (queue=training): submitted job", () -> cli.interrupts.fireAndAwaitNoted());

        var r = cli.run(submit(
                        "default",
                        "0",
                        "--wait",
                        "scheduled",
                        "--pending-timeout",
                        "300ms",
                        "--fallback",
                        "queue=training",
                        "--fallback-order",
                        "given")
                .toArray(String[]::new));

        JsonNode doc = JsonContractTest.conforms("submit", 130, r, "a submit interrupted after its move");
        JsonNode attempts = doc.get("attempts");
        assertThat(attempts).as(r.out()).hasSize(2);
        for (JsonNode a : attempts) {
            assertThat(job(a.get("jobId").asText()).state())
                    .as("job %s of attempt %s", a.get("jobId").asText(), a.get("number"))
                    .isEqualTo(JobState.STOPPED);
        }
        // the line says it stops the job, and the job is stopped
        assertThat(r.err())
                .contains("interrupted: stopping job "
                        + attempts.get(1).get("jobId").asText());
    }

    /**
     * A job that exits 3, retried twice, whose creates AIHC answers 503 from the moment stderr shows
     * {@code line} (the client retries, then looks for the job by token, then gives up).
     */
    private CliHarness.Result retryWhoseCreatesFailAfter(String line) {
        recordWaitsInsteadOfSleeping();
        cli.onErr(
                line,
                () -> sim.addFault(
                        FaultRule.of(FaultKind.ERROR, "POST", "/api/v1/aijobs").withStatus(503)));
        return cli.run(submit(
                        "training",
                        "3",
                        "--wait",
                        "completed",
                        "--retry-limit",
                        "2",
                        "--retry-on-exit-codes",
                        "3",
                        "--retry-backoff",
                        "1s")
                .toArray(String[]::new));
    }

    @Test
    void aCreateThatFailsAtAttemptTwoKeepsTheFirstAttemptAndTheTokenInTheJson() throws Exception {
        var r = retryWhoseCreatesFailAfter("attempt 1 (primary): submitted job");

        JsonNode doc = JsonContractTest.conforms("submit", 5, r, "a retry whose second create fails");
        JsonNode attempts = doc.get("attempts");
        assertThat(doc.get("clientToken").asText())
                .as("the submit's token, which finds every attempt's job")
                .isEqualTo(attempts.get(0).get("clientToken").asText());
        assertThat(attempts).as(r.out()).hasSize(2);
        assertThat(attempts.get(0).get("jobId").asText()).isNotEmpty();
        assertThat(attempts.get(0).get("end").asText()).isEqualTo("retried");
        assertThat(attempts.get(1).get("jobId").isNull()).isTrue();
        assertThat(attempts.get(1).get("end").asText()).isEqualTo("create_failed");
    }

    @Test
    void aCreateThatFailsAtAttemptThreeKeepsBothEarlierAttemptsInTheJson() throws Exception {
        var r = retryWhoseCreatesFailAfter("attempt 2 (primary): submitted job");

        JsonNode doc = JsonContractTest.conforms("submit", 5, r, "a retry whose third create fails");
        JsonNode attempts = doc.get("attempts");
        assertThat(attempts).as(r.out()).hasSize(3);
        assertThat(attempts.get(0).get("jobId").asText()).isNotEmpty();
        assertThat(attempts.get(1).get("jobId").asText()).isNotEmpty();
        assertThat(attempts.get(2).get("end").asText()).isEqualTo("create_failed");
    }

    @Test
    void aDiagnosisThatDoesNotComeWithinItsTimeoutMovesTheJobToTheNextTarget() throws Exception {
        // a pool whose diagnoses stay "not found" for an hour: longer than the diagnosis timeout
        try (Simulator slow = SimulatedPlatform.startWithDiagnosisLatency(3600)) {
            cli.env.putAll(SimulatedPlatform.environment(slow));
            var r = cli.run(submit(
                            "default",
                            "0",
                            "--wait",
                            "scheduled",
                            "--pending-timeout",
                            "300ms",
                            "--diagnosis-timeout",
                            "500ms",
                            "--fallback",
                            "queue=training",
                            "--fallback-order",
                            "given",
                            "--cancel-on-failure")
                    .toArray(String[]::new));

            JsonNode doc = JsonContractTest.conforms("submit", 0, r, "a move after a diagnosis timeout");
            JsonNode attempts = doc.get("attempts");
            assertThat(attempts).as(r.out()).hasSize(2);
            assertThat(attempts.get(0).get("outcome").asText()).isEqualTo("timed_out");
            assertThat(attempts.get(0).get("end").asText()).isEqualTo("moved");
            String first = attempts.get(0).get("jobId").asText();
            assertThat(slow.jobs().stream()
                            .filter(j -> j.id().equals(first))
                            .findFirst()
                            .orElseThrow()
                            .state())
                    .isEqualTo(JobState.STOPPED);
            assertThat(r.err()).contains("no diagnosis within the diagnosis timeout of 500ms");
        }
    }
}

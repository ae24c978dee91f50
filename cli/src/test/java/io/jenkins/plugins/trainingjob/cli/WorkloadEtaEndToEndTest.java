package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ETA end to end, on the simulator's workload mode: a busy queue with a real trace's history (bundled
 * "workload") and the same trace with a thin history ("workload-thin"), both on a frozen clock, so that what
 * the history reader reads is the replayed history and nothing moves unless a test moves it.
 */
class WorkloadEtaEndToEndTest {

    private static final String POOL = "cce-workload";
    private static final AtomicInteger RUNS = new AtomicInteger();

    static Simulator busy;
    static Simulator thin;

    @TempDir
    Path dir;

    @BeforeAll
    static void startTheWorlds() {
        busy = Simulator.start(Scenario.bundled("workload").withSpeed(0));
        thin = Simulator.start(Scenario.bundled("workload-thin").withSpeed(0));
    }

    @AfterAll
    static void stopTheWorlds() {
        busy.close();
        thin.close();
    }

    private CliHarness cli(Simulator sim) {
        CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
        cli.env.put("TRAINJOB_RESOURCE_POOL", POOL);
        return cli;
    }

    private String spec() {
        return CliHarness.resource(dir, "workload-job.yaml").toString();
    }

    private static String name() {
        return "eta-e2e-" + RUNS.incrementAndGet();
    }

    private static JsonNode json(String text) throws Exception {
        return Terminal.JSON.readTree(text);
    }

    @Test
    void aPendingJobOnTheBusyQueueCarriesItsEtaInTheProgressLineTheJsonAndEveryReportFormat() throws Exception {
        CliHarness cli = cli(busy);
        Path saved = dir.resolve("diagnosis.json");
        var run = cli.run(
                "submit",
                spec(),
                "--set",
                "NAME=" + name(),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "1s",
                "--poll-interval",
                "50ms",
                "--report-file",
                saved.toString(),
                "--cancel-on-failure",
                "-o",
                "json");
        // every GPU is in use: the job waits, the diagnosis says it fits once running jobs end
        assertThat(run.exitCode()).as(run.out()).isEqualTo(6);
        assertThat(OutcomePrinter.unfolded(run.err()))
                .containsPattern(
                        "expected to start in .+ \\(p50 [^)]+\\)(; \\d+ % chance it waits over 30 s)?; \\d+ jobs?"
                                + " ahead need");
        JsonNode doc = json(run.out());
        JsonNode eta = doc.path("eta");
        assertThat(eta.path("kind").asText()).isEqualTo("ESTIMATE");
        assertThat(eta.path("p10").asLong())
                .isPositive()
                .isLessThanOrEqualTo(eta.path("p50").asLong());
        assertThat(eta.path("p50").asLong()).isLessThanOrEqualTo(eta.path("p90").asLong());
        assertThat(eta.path("basis").asText())
                .startsWith("jobs of ")
                .contains(" in the last 7d (")
                .contains(" started ");

        // the saved report carries the range, and every format renders it with its basis
        JsonNode report = json(Files.readString(saved));
        assertThat(report.findValue("eta").path("p50").asLong()).isPositive();
        for (String format : new String[] {"text", "markdown", "html", "json"}) {
            var rendered = cli.run("report", saved.toString(), "--format", format);
            assertThat(rendered.exitCode()).as(format + ": " + rendered.err()).isZero();
            assertThat(rendered.out())
                    .as(format)
                    .contains("expected to start in")
                    .contains("(p50 ")
                    .contains("in the last 7d (");
        }
    }

    /**
     * The plain submit path on a terminal: its live status line carries the watch's estimate while the
     * job waits (the lead's new submit flow routes every submit through this line).
     */
    @Test
    void aPlainSubmitOnATerminalShowsTheEstimateOnItsLiveLine() {
        CliHarness cli = cli(busy);
        cli.interactive = true;
        var run = cli.run(
                "submit",
                spec(),
                "--set",
                "NAME=" + name(),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "3s",
                "--poll-interval",
                "50ms",
                "--cancel-on-failure");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(6);
        // the line is cut to the console's width, so only its start is certain
        assertThat(run.err()).containsPattern("PENDING[^\\r\\n]* · starts in \\d");
    }

    @Test
    void statusAheadListsTheJobsAheadAndTheEtaWithItsBasis() throws Exception {
        CliHarness cli = cli(busy);
        var submitted = cli.run("submit", spec(), "--set", "NAME=" + name());
        assertThat(submitted.exitCode()).as(submitted.err()).isZero();
        String id = submitted.out().strip();
        try {
            var text = cli.run("status", id, "--ahead");
            assertThat(text.exitCode()).as(text.err()).isZero();
            assertThat(text.out())
                    .containsPattern("eta {7}expected to start in .+ \\(p50 ")
                    .containsPattern("basis {5}jobs of .+ in the last 7d \\(")
                    .containsPattern("ahead {5}\\d+ jobs? ")
                    .contains("workload-0");
            assertThat(text.out().lines()).allMatch(l -> l.length() <= 100);

            JsonNode doc = json(cli.run("status", id, "--ahead", "-o", "json").out());
            assertThat(doc.path("eta").path("kind").asText()).isEqualTo("ESTIMATE");
            assertThat(doc.path("eta").path("p90").asLong()).isPositive();
            assertThat(doc.path("ahead").findValuesAsText("name"))
                    .isNotEmpty()
                    .allMatch(n -> n.startsWith("workload-"));
        } finally {
            cli.run("cancel", id);
        }
    }

    @Test
    void aPlainStatusOfAPendingJobShowsItsEtaButNotTheJobsAhead() throws Exception {
        CliHarness cli = cli(busy);
        var submitted = cli.run("submit", spec(), "--set", "NAME=" + name());
        assertThat(submitted.exitCode()).as(submitted.err()).isZero();
        String id = submitted.out().strip();
        try {
            var text = cli.run("status", id);
            assertThat(text.exitCode()).as(text.err()).isZero();
            assertThat(text.out())
                    .containsPattern("eta {7}expected to start in .+ \\(p50 ")
                    .doesNotContain("basis ")
                    .doesNotContain("workload-0");
            assertThat(text.out().lines()).allMatch(l -> l.length() <= 100);

            JsonNode doc = json(cli.run("status", id, "-o", "json").out());
            assertThat(doc.path("eta").path("kind").asText()).isEqualTo("ESTIMATE");
            assertThat(doc.has("ahead")).isFalse();
        } finally {
            cli.run("cancel", id);
        }
    }

    /**
     * The busy queue on a frozen clock: nothing frees, and even the optimistic estimate (p10, tens of seconds
     * here) is past the 3 s budget: the wait ends early, before its deadline, with exit 8 and why.
     */
    @Test
    void maxWaitEndsEarlyWhereTheP10IsProvenPastTheBudget() throws Exception {
        var run = cli(busy)
                .run(
                        "submit",
                        spec(),
                        "--set",
                        "NAME=" + name(),
                        "--wait",
                        "scheduled",
                        "--max-wait",
                        "3s",
                        "--pending-timeout",
                        "10m",
                        "--poll-interval",
                        "50ms",
                        "--cancel-on-failure",
                        "-o",
                        "json");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(8);
        JsonNode doc = json(run.out());
        assertThat(doc.path("outcome").asText()).isEqualTo("not_started_in_budget");
        assertThat(OutcomePrinter.unfolded(run.out()))
                .contains("would not start within 3s: p10 start in")
                .doesNotContain("did not start within");
        assertThat(doc.path("eta").path("p10").asLong()).isGreaterThan(3);
    }

    /**
     * A world in which the early end would be wrong: the thin history gives no basis, yet capacity frees
     * soon. Here the test moves the simulated clock on as soon as the CLI says "no basis": running jobs end
     * and the job starts within its budget. Had a rule ended the wait early on a guess (the history's few
     * long waits, or a missing estimate read as "long"), it would have given up on a job that was about to
     * start; no estimate ends nothing, so the job starts and the submit succeeds.
     */
    @Test
    void maxWaitDoesNotEndEarlyWithoutABasisAndTheJobStartsWhenCapacityFrees() throws Exception {
        try (Simulator world = Simulator.start(Scenario.bundled("workload-thin").withSpeed(0))) {
            CliHarness cli = cli(world);
            cli.onErr("no basis for an estimate", () -> world.advanceClock(java.time.Duration.ofMinutes(30)));
            var run = cli.run(
                    "submit",
                    spec(),
                    "--set",
                    "NAME=" + name(),
                    "--wait",
                    "scheduled",
                    "--max-wait",
                    "2m",
                    "--pending-timeout",
                    "10m",
                    "--poll-interval",
                    "50ms");
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(OutcomePrinter.unfolded(run.err()))
                    .contains("no basis for an estimate (2 finished jobs in 7d)")
                    .doesNotContain("would not start within")
                    .doesNotContain("did not start within");
        }
    }

    /**
     * A world in which a history-only early end would be wrong: one 16-GPU node, and a history of 40 jobs that
     * queued behind each other (each ran 5 min, they came every 100 s, so the later ones waited up to 2h 10m),
     * but at now the last of them has run 4m 50s of its 5 min and nothing waits. The history's waits alone
     * (their p10 is past 10 min) would give up on a 5-minute budget; the estimate reads the running job's
     * elapsed time against the run times, so it should not end the wait, and the job starts when that job ends.
     *
     * <p>It did end it, before the early end needed the running jobs' own bound too: the estimate was "9-109 min
     * (p50 57 min)" for a job that starts in 10 s, and the 5-minute budget ended with exit 8 (EtaEstimator
     * scales each neighbour's wait by (blocking + 10 min) / (its blocking + 10 min), so after a history of long
     * waits no range falls much below 10 min however soon capacity frees). The range is unchanged; the early
     * end now also needs {@code Eta.soonest()} past the budget.
     */
    @Test
    void maxWaitDoesNotEndEarlyOnAHistoryOfLongWaitsWhenTheRunningJobIsAboutToEnd() throws Exception {
        StringBuilder jobs = new StringBuilder();
        for (int k = 0; k < 40; k++) {
            jobs.append("    - {at: ").append(-11990 + 100 * k).append(", pods: 1, gpusPerPod: 8, runSeconds: 300}\n");
        }
        String yaml = "name: long-waits-then-free\n"
                + "credentials: [{accessKey: sim-access-key, secretKey: sim-secret-key}]\n"
                + "timing: {speed: 0, fast: true}\n"
                + "nodes: [{name: n1, allocatable: {cpu: 96, memory: 1024Gi, nvidia.com/gpu: 16}}]\n"
                + "aihc: {resourcePools: [{id: cce-workload, queues: [{name: default}]}]}\n"
                + "workload:\n  pool: cce-workload\n  jobs:\n"
                + jobs.toString().replace("gpusPerPod: 8", "gpusPerPod: 16");
        try (Simulator world = Simulator.start(Scenario.parse(yaml, "long-waits-then-free"))) {
            CliHarness cli = cli(world);
            cli.onErr("expected to start in", () -> world.advanceClock(java.time.Duration.ofMinutes(1)));
            var run = cli.run(
                    "submit",
                    spec(),
                    "--set",
                    "NAME=" + name(),
                    "--wait",
                    "scheduled",
                    "--max-wait",
                    "5m",
                    "--pending-timeout",
                    "10m",
                    "--poll-interval",
                    "50ms");
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(OutcomePrinter.unfolded(run.err()))
                    .contains("expected to start in")
                    .doesNotContain("would not start within");
        }
    }

    @Test
    void onTheThinHistoryEveryPlaceSaysNoBasisInsteadOfANumber() throws Exception {
        CliHarness cli = cli(thin);
        var submitted = cli.run("submit", spec(), "--set", "NAME=" + name());
        assertThat(submitted.exitCode()).as(submitted.err()).isZero();
        String id = submitted.out().strip();
        try {
            var text = cli.run("status", id, "--ahead");
            assertThat(text.out()).contains("eta       no basis for an estimate (2 finished jobs in 7d)");
            JsonNode doc = json(cli.run("status", id, "--ahead", "-o", "json").out());
            assertThat(doc.path("eta").path("kind").asText()).isEqualTo("NO_BASIS");
            assertThat(doc.path("eta").has("p50")).isFalse();
            assertThat(doc.path("ahead").size()).isPositive();
        } finally {
            cli.run("cancel", id);
        }
    }
}

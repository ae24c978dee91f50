package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every command against the embedded simulator, run in-process as a shell would run it, ending with
 * each documented exit code.
 */
class TrainJobEndToEndTest extends SimulatorBackedCliTest {

    static final java.util.concurrent.atomic.AtomicInteger JOBS = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * The documented 8-GPU job under a name of its own (the platform refuses a duplicate name). It stays
     * pending (no node of its queue takes it): a timeout or pending timeout of 300 ms ends its wait as one of
     * minutes would.
     */
    String gpu8() {
        try {
            Path original = CliHarness.resource(dir, "gpu8-job.yaml");
            int n = JOBS.incrementAndGet();
            Path copy = dir.resolve("gpu8-job-" + n + ".yaml");
            Files.writeString(
                    copy,
                    Files.readString(original)
                            .replace(
                                    "name: sulingang-diagnose-node-taint", "name: sulingang-diagnose-node-taint-" + n));
            return copy.toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    String submitted(String... args) {
        var result = cli.run(args);
        assertThat(result.exitCode()).as(result.err()).isZero();
        return result.out().strip();
    }

    @Test
    void submitWithoutWaitingPrintsOnlyTheJobIdOnStdout() {
        var result = cli.run("submit", spec("small-job.yaml"), "--set", "RUN=1", "--set", "RUN_SECONDS=1");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out().strip()).matches("pytorchjob-[0-9a-f-]+");
        assertThat(result.err()).contains("submitted job " + result.out().strip());
    }

    @Test
    void submitWaitCompletedFollowsTheJobAndExits0() {
        var result = cli.run(
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=2",
                "--set",
                "RUN_SECONDS=1",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(OutcomePrinter.unfolded(result.out())).contains("completed successfully: SUCCEEDED");
        assertThat(result.err()).contains("is RUNNING");
    }

    @Test
    void senseCoreJobsRunThroughTheSameCommands() {
        var result = cli.run(
                "submit",
                spec("sensecore-small-job.yaml"),
                "--platform",
                "sensecore",
                "--subscription",
                "sim-sub",
                "--resource-group",
                "default",
                "--zone",
                "cn-sh-01z",
                "--workspace",
                "sim-ws",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("[sensecore] job").contains("completed successfully");
    }

    @Test
    void aJobThatFailsExits1() {
        var result = cli.run("submit", spec("failing-job.yaml"), "--wait", "completed", "--poll-interval", "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(result.out()).contains("failed: FAILED");
        result.withoutStackTrace();
    }

    @Test
    void aJobThatStaysPendingIsDiagnosedAndExits6WithTheReportWhenItFitsLater() throws Exception {
        Path html = dir.resolve("out/diagnosis.html");
        var result = cli.run(
                "submit",
                gpu8(),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--poll-interval",
                "50ms",
                "--report-file",
                html.toString());
        assertThat(result.exitCode()).as(result.err()).isEqualTo(6);
        assertThat(result.out())
                .contains("cannot be scheduled")
                .contains("fake-node-a800-[01-04]")
                .contains("10.3.0.[122-123]")
                .contains("10.3.0.118");
        assertThat(OutcomePrinter.unfolded(result.err())).contains("pending too long; schedule diagnosis");
        assertThat(Files.readString(html)).contains("<html").contains("fake-node-a800-");
    }

    @Test
    void theWholeOutcomeIsOneJsonDocumentWhenAskedFor() throws Exception {
        var result = cli.run(
                "submit",
                gpu8(),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--poll-interval",
                "50ms",
                "--output-format",
                "json");
        assertThat(result.exitCode()).isEqualTo(6);
        JsonNode doc = Terminal.JSON.readTree(result.out());
        assertThat(doc.path("outcome").asText()).isEqualTo("unschedulable");
        assertThat(doc.path("exitCode").asInt()).isEqualTo(6);
        assertThat(doc.path("report").path("verdict").asText()).isEqualTo("FITS_LATER");
        assertThat(doc.path("job").path("id").asText()).startsWith("pytorchjob-");
        assertThat(doc.path("report").path("schemaVersion").asInt()).isEqualTo(1);
    }

    @Test
    void waitingLongerThanTheTimeoutExits4() {
        var result = cli.run(
                "submit",
                gpu8(),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "10m",
                "--timeout",
                "300ms",
                "--poll-interval",
                "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(4);
        assertThat(OutcomePrinter.unfolded(result.out())).contains("timed out");
    }

    @Test
    void refusedCredentialsArePlatformErrorsExit5() {
        cli.env.put("TRAINJOB_SECRET_KEY", "wrong-secret");
        cli.run("status", "pytorchjob-0").failsWithOneLine(5, "Baidu AIHC");
    }

    @Test
    void anUnreachableEndpointIsAPlatformErrorExit5() {
        cli.env.put("TRAINJOB_ENDPOINT", "http://127.0.0.1:1");
        // A refused connection is retried with back-off until the call timeout; a short one ends the retries
        // after the first back-off instead of seconds of them. The exit code does not depend on how many.
        cli.env.put("TRAINJOB_CALL_TIMEOUT", "300ms");
        cli.run("status", "pytorchjob-0").failsWithOneLine(5);
    }

    @Test
    void statusShowsTheStateAndTheWorkers() throws Exception {
        String id = submitted(
                        "submit",
                        spec("small-job.yaml"),
                        "--set",
                        "RUN=3",
                        "--set",
                        "RUN_SECONDS=600",
                        "--wait",
                        "scheduled",
                        "--poll-interval",
                        "50ms")
                .lines()
                .findFirst()
                .orElseThrow();
        var result = cli.run("status", id);
        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .contains("job       " + id)
                .contains("state     RUNNING")
                .contains("gpu-node-");
        JsonNode json = Terminal.JSON.readTree(
                cli.run("status", id, "--output-format", "json").out());
        assertThat(json.path("status").path("phase").asText()).isEqualTo("RUNNING");
        assertThat(json.path("job").path("id").asText()).isEqualTo(id);
    }

    @Test
    void cancelStopsTheJob() {
        String id = submitted("submit", spec("small-job.yaml"), "--set", "RUN=4", "--set", "RUN_SECONDS=600");
        var result = cli.run("cancel", id);
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("stopped job " + id);
        assertThat(cli.run("status", id).out()).contains("STOPPED");
    }

    @Test
    void awaitFollowsAJobSubmittedEarlier() {
        String id = submitted("submit", gpu8());
        var result = cli.run("await", id, "--pending-timeout", "1s", "--poll-interval", "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(6);
        assertThat(result.out())
                .contains("fake-node-a800-[01-04]")
                .as("the job's name, not its id (P9)")
                .startsWith("Job sulingang-diagnose-node-taint-")
                .doesNotContain("Job " + id);
    }

    @Test
    void diagnoseLaunchesADiagnosisAndItCanBeFetchedAgainById() throws Exception {
        String id = submitted("submit", gpu8());
        var result = cli.run("diagnose", id, "--poll-interval", "50ms", "--format", "json");
        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode report = Terminal.JSON.readTree(result.out());
        String diagnosisId = report.path("diagnosisId").asText();
        assertThat(diagnosisId).isNotEmpty();
        assertThat(result.err()).contains("diagnosis " + diagnosisId + " launched");

        var again = cli.run("diagnose", id, "--id", diagnosisId, "--format", "markdown");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("fake-node-a800-\\[01-04\\]");
        // a fetch by id waits a minute by default, not the five a launch may need: a typo fails fast (P23)
        assertThat(again.err()).contains("fetching diagnosis " + diagnosisId + " for up to 1m (--diagnosis-timeout)");

        // Without the job, the diagnosis id stands for it (core's rule, the same in Jenkins).
        var byIdOnly = cli.run("diagnose", "--id", diagnosisId, "--format", "json");
        assertThat(byIdOnly.exitCode()).as(byIdOnly.err()).isZero();
        assertThat(Terminal.JSON.readTree(byIdOnly.out()).path("job").path("id").asText())
                .isEqualTo(diagnosisId);

        // The query takes only the diagnosis id: no resource pool is needed to fetch it.
        cli.env.remove("TRAINJOB_RESOURCE_POOL");
        var noPool = cli.run("diagnose", "--id", diagnosisId, "--format", "markdown");
        assertThat(noPool.exitCode()).as(noPool.err()).isZero();
        assertThat(noPool.out()).contains("fake-node-a800-\\[01-04\\]");
        // launching one still names the pool
        cli.run("diagnose", id).failsWithOneLine(2, "resourcePool: required");
    }

    @Test
    void diagnoseNeedsAJobOrADiagnosisId() {
        cli.run("diagnose").failsWithOneLine(2, "JOB_ID", "--id");
    }

    @Test
    void anUnknownJobIdIsInvalidInputNotAnOutage() {
        cli.run("status", "pytorchjob-does-not-exist").failsWithOneLine(2, "pytorchjob-does-not-exist");
        cli.run("cancel", "pytorchjob-does-not-exist").failsWithOneLine(2, "pytorchjob-does-not-exist");
        // await reports it as the error line every command ends with (B17), not as a progress line.
        cli.run("await", "pytorchjob-does-not-exist", "--poll-interval", "50ms")
                .failsWithOneLine(2, "pytorchjob-does-not-exist");
    }

    @Test
    void ctrlCWhileWaitingStopsTheRemoteJobAndSaysSo() throws Exception {
        String spec = gpu8();
        java.util.concurrent.CountDownLatch waiting = cli.onErr("waiting until job", null);
        CompletableFuture<CliHarness.Result> run = CompletableFuture.supplyAsync(() ->
                cli.run("submit", spec, "--wait", "scheduled", "--pending-timeout", "10m", "--poll-interval", "50ms"));
        assertThat(waiting.await(30, TimeUnit.SECONDS))
                .as("the command is waiting")
                .isTrue();
        cli.interrupts.fire();
        CliHarness.Result result = run.get(30, TimeUnit.SECONDS);

        assertThat(result.exitCode()).isEqualTo(130);
        assertThat(result.err()).contains("interrupted: stopping job pytorchjob-");
        assertThat(OutcomePrinter.unfolded(result.out())).contains("watch cancelled");
        String id = result.out().lines().findFirst().orElseThrow();
        assertThat(cli.run("status", id).out()).contains("STOPPED");
    }

    @Test
    void ctrlCWithoutCancelOnInterruptLeavesTheJobQueued() throws Exception {
        String spec = gpu8();
        java.util.concurrent.CountDownLatch waiting = cli.onErr("waiting until job", null);
        CompletableFuture<CliHarness.Result> run = CompletableFuture.supplyAsync(() -> cli.run(
                "submit",
                spec,
                "--wait",
                "scheduled",
                "--pending-timeout",
                "10m",
                "--poll-interval",
                "50ms",
                "--no-cancel-on-interrupt"));
        assertThat(waiting.await(30, TimeUnit.SECONDS))
                .as("the command is waiting")
                .isTrue();
        cli.interrupts.fire();
        CliHarness.Result result = run.get(30, TimeUnit.SECONDS);

        assertThat(result.exitCode()).isEqualTo(130);
        String id = result.out().lines().findFirst().orElseThrow();
        assertThat(result.err()).contains("keeps running (stop it with: trainjob cancel " + id + ")");
        assertThat(cli.run("status", id).out()).contains("PENDING");
    }

    @Test
    void reportRendersTheAihcResponseAsTheApiReturnsIt() throws Exception {
        String file = spec("aihc-schedule-diagnosis-query.json");
        var text = cli.run("report", file);
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("fake-node-a800-[01-04]")
                .contains("10.3.0.[122-123]")
                .contains("10.3.0.118");

        Path junit = dir.resolve("TEST-diagnosis.xml");
        var written = cli.run("report", file, "--format", "junit", "--output", junit.toString());
        assertThat(written.exitCode()).isZero();
        assertThat(written.out()).isEmpty();
        assertThat(Files.readString(junit)).contains("<testsuite").contains("<failure");
    }

    @Test
    void reportReadsBackItsOwnJson() throws Exception {
        Path json = dir.resolve("report.json");
        assertThat(cli.run(
                                "report",
                                spec("aihc-schedule-diagnosis-query.json"),
                                "--format",
                                "json",
                                "--output",
                                json.toString())
                        .exitCode())
                .isZero();
        var again = cli.run("report", json.toString(), "--format", "markdown");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("fake-node-a800-\\[01-04\\]");
    }

    @Test
    void reportRefusesAFileThatIsNeitherFormat() throws Exception {
        Path other = Files.writeString(dir.resolve("other.json"), "{\"hello\": 1}");
        cli.run("report", other.toString()).failsWithOneLine(2, "neither an AIHC diagnosis response");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"result\": [");
        cli.run("report", broken.toString()).failsWithOneLine(2, "not a JSON document");
    }

    @Test
    void theSimulatorCommandRunsUntilCtrlC() throws Exception {
        CompletableFuture<CliHarness.Result> run = CompletableFuture.supplyAsync(() -> cli.run("simulator"));
        cli.interrupts.pressWhenArmed();
        CliHarness.Result result = run.get(30, TimeUnit.SECONDS);
        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .contains("listening on http://127.0.0.1:")
                .contains("export TRAINJOB_ACCESS_KEY=sim-access-key")
                .contains("export TRAINJOB_PLATFORM=aihc")
                .contains("export TRAINJOB_RESOURCE_POOL=cce-sim00001");
        assertThat(result.err()).contains("simulator stopped");
    }

    @Test
    void anUnknownScenarioIsInvalidInput() {
        cli.run("simulator", "--scenario", "no-such-scenario.yaml")
                .failsWithOneLine(2, "no-such-scenario.yaml", "seed-taint-and-gpu");
    }

    /** A demo run's lines, folds joined, with what differs between runs (port, speed, heartbeat time) masked. */
    static List<String> demoLines(String text) {
        return ConsoleText.logicalLines(text)
                .lines()
                .map(l -> l.replaceAll("http://127\\.0\\.0\\.1:\\d+", "http://127.0.0.1:PORT")
                        .replaceAll("time x\\d+", "time xN")
                        .replaceAll("after \\d+m( \\d+s)?$", "after T")
                        .replaceAll("\\S*/trainjob/demo-start\\.json", "FILE")
                        .replaceAll("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, started after [^)]*\\)", "WHEN)"))
                .filter(l -> !l.isBlank() && !l.equals("..."))
                .toList();
    }

    @Test
    void theDemoShowsBothJobsLiveAndEndsWithTheReport() throws IOException {
        var result = cli.run("demo", "--speed", "300");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(OutcomePrinter.unfolded(result.err()))
                .contains("submitted demo-small-train")
                .contains("submitted sulingang-diagnose-node-taint")
                .contains("is RUNNING")
                .contains("pending too long; schedule diagnosis");
        assertThat(OutcomePrinter.unfolded(result.out()))
                .contains("demo-small-train")
                .contains("completed successfully")
                .contains("cannot be scheduled")
                .contains("fake-node-a800-[01-04]")
                .contains("10.3.0.[122-123]");
        assertThat(result.out().lines().filter(l -> l.contains("cannot be scheduled")))
                .as("one headline (P8)")
                .hasSize(1);
        // one word for the verdict wherever the demo says it, the prose after it (P12)
        assertThat(result.err())
                .contains("1 worker x 8 GPUs in queue 'default'; pre-flight: FITS_LATER\n")
                .contains("1 worker x 2 GPUs in queue 'training'; pre-flight: FITS_NOW\n");
        assertThat(result.out())
                .contains("Verdict: FITS_LATER — fits after a change")
                .contains("Nodes short");
        // README.md shows this run: every line of its sample is a line the demo prints (D2), the port, the
        // speed and the times of the heartbeat aside, and the "report not ready" step, which only a slower
        // clock meets
        String readme = Files.readString(DocsExamplesTest.ROOT.resolve("README.md"));
        String sample = readme.substring(readme.indexOf("$ ./trainjob demo\n") + 18);
        sample = sample.substring(0, sample.indexOf("```"));
        List<String> printed = demoLines(result.err() + "\n" + result.out());
        assertThat(demoLines(sample))
                .filteredOn(l -> !l.contains("diagnosis waiting: the report is not ready yet"))
                .isNotEmpty()
                .allSatisfy(l -> assertThat(printed).contains(l));
    }

    /**
     * Run twice, the demo's report says what changed since its job last started: the first run ends by
     * uncordoning a node the report names and keeps the job's start snapshot; the second, in a fresh
     * simulator with the node cordoned again, compares with it. README.md shows the second run's report.
     */
    @Test
    void theDemoRunTwiceSaysWhatChangedSinceTheJobLastStarted() throws IOException {
        var first = cli.run("demo", "--speed", "300");
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).doesNotContain("Since it last started");
        Path kept = dir.resolve("home/.local/state/trainjob/demo-start.json");
        assertThat(OutcomePrinter.unfolded(first.err()))
                .contains("uncordoned 10.3.0.118")
                .containsOnlyOnce("start snapshot written to " + kept)
                .contains("run the demo again");

        var second = cli.run("demo", "--speed", "300");

        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(second.out())
                .contains("Since it last started (the last demo run, ")
                .contains("  Since the last demo run, 10.3.0.118 was cordoned: 8 of the 8 GPUs this job needs\n");
        String readme = Files.readString(DocsExamplesTest.ROOT.resolve("README.md"));
        String sample = readme.substring(readme.indexOf("$ ./trainjob demo      # again\n"));
        sample = sample.substring(sample.indexOf('\n') + 1, sample.indexOf("```"));
        List<String> printed = demoLines(second.err() + "\n" + second.out());
        assertThat(demoLines(sample))
                .contains("  Since the last demo run, 10.3.0.118 was cordoned: 8 of the 8 GPUs this job needs")
                .allSatisfy(l -> assertThat(printed).contains(l));
    }
}

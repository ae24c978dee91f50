package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The commands people reach for after a submit: list, logs, status --watch, check-connection, and what a
 * failed job says (B14), against the embedded simulator.
 */
class TrainJobFollowingCommandsTest extends SimulatorBackedCliTest {

    static final AtomicInteger RUNS = new AtomicInteger();
    static final String[] SENSECORE = {
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

    /** Submits a job of {@code spec} under a fresh run number and returns its id. */
    String submit(String spec, String runSeconds, String... more) {
        String[] args = new String[] {
            "submit", spec(spec), "--set", "RUN=f" + RUNS.incrementAndGet(), "--set", "RUN_SECONDS=" + runSeconds
        };
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(more))
                .toArray(String[]::new);
        var result = cli.run(all);
        assertThat(result.exitCode()).as(result.err()).isZero();
        return result.out().lines().findFirst().orElseThrow().strip();
    }

    JsonNode json(String text) throws Exception {
        return Terminal.JSON.readTree(text);
    }

    @Test
    void aFailedJobSaysTheExitCodeTheFailingWorkerAndTheLastEvents() {
        var result = cli.run(
                "submit",
                spec("failing-job-run.yaml"),
                "--set",
                "RUN=" + RUNS.incrementAndGet(),
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(OutcomePrinter.unfolded(result.out()))
                .contains("failed: FAILED, exit code 3 (worker cli-failing-")
                .contains("last events:")
                .contains("ExitedWithCode: Pod: default.cli-failing-")
                .contains("Warning JobFailed: PyTorchJob cli-failing-");
        // not a terminal: one line for the outcome, one for the list's heading, one per event
        assertThat(result.out().lines().skip(1)).hasSize(5).element(1).isEqualTo("  last events:");
    }

    @Test
    void aFailedJobsJsonCarriesTheFailureAsFieldsAndAOneLineMessage() throws Exception {
        var result = cli.run(
                "submit",
                spec("failing-job-run.yaml"),
                "--set",
                "RUN=" + RUNS.incrementAndGet(),
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "-o",
                "json");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        JsonNode doc = json(result.out());
        assertThat(doc.path("failure").path("exitCode").asInt()).isEqualTo(3);
        assertThat(doc.path("failure").path("worker").asText()).endsWith("-master-0");
        assertThat(doc.path("failure").path("lastEvents")).isNotEmpty();
        // a sentence with its subject, one line, the events in failure.lastEvents instead (P14, P15)
        assertThat(doc.path("message").asText())
                .doesNotContain("\n")
                .matches("job cli-failing-\\d+ \\(pytorchjob-[0-9a-f-]+\\) failed: FAILED, exit code 3 \\(worker "
                        + "cli-failing-\\d+-master-0\\)");
        assertThat(doc.path("job").path("platform").asText()).isEqualTo("aihc");
    }

    @Test
    void aFailedSenseCoreJobSaysTheLastEventsTooWithoutInventingAnExitCode() {
        var result = cli.run(concat(
                new String[] {
                    "submit", spec("sensecore-failing-job.yaml"), "--wait", "completed", "--poll-interval", "50ms"
                },
                SENSECORE));
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(result.out())
                .contains("[sensecore] job")
                .contains("failed: FAILED")
                .contains("last events:")
                .doesNotContain("exit code");
    }

    @Test
    void listShowsJobsNewestFirstWithFullIdsAndFiltersByStateAndName() throws Exception {
        String done = submit("small-job.yaml", "0");
        String running = submit("small-job.yaml", "600");
        var table = cli.run("list");
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out().lines().findFirst().orElseThrow())
                .startsWith("STATE")
                .contains("NAME")
                .endsWith("ID");
        assertThat(table.out()).contains(done).contains(running);
        assertThat(table.out().indexOf(running)).isLessThan(table.out().indexOf(done));
        assertThat(table.out().lines()).allMatch(l -> l.length() <= 100);

        var runningOnly =
                json(cli.run("list", "--state", "running", "-o", "json").out());
        assertThat(runningOnly.path("jobs").findValuesAsText("id"))
                .contains(running)
                .doesNotContain(done);
        assertThat(runningOnly.path("exitCode").asInt()).isZero();

        String name = cli.run("status", running, "-o", "json").out();
        String runningName = json(name).path("job").path("name").asText();
        var byName = json(cli.run("list", "--name", runningName.toUpperCase(), "-o", "json")
                .out());
        assertThat(byName.path("jobs").findValuesAsText("id")).containsExactly(running);
        cli.run("cancel", running);
    }

    @Test
    void historyPrintsThePerSizeTableWithAHistogramAndTheSameFiguresAsJsonAndCsv() throws Exception {
        submit("small-job.yaml", "0");
        submit("small-job.yaml", "0");
        var table = cli.run("history");
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out()).contains("SIZE", "JOBS", "WAIT p50", "RUN p90", "Waits of the", "< 1 min");
        assertThat(table.out().lines()).allMatch(l -> l.length() <= 100);

        var doc = json(cli.run("history", "--since", "2d", "-o", "json").out()).path("history");
        assertThat(doc.path("windowSeconds").asLong()).isEqualTo(2 * 86_400);
        var classes = doc.path("classes");
        assertThat(classes.get(classes.size() - 1).path("size").asText()).isEqualTo("all");
        assertThat(classes.get(classes.size() - 1).path("jobs").asInt()).isGreaterThanOrEqualTo(2);
        // the simulator echoes each job's replicas and GPUs in its list, so jobs fall into size classes
        assertThat(classes.findValuesAsText("size")).anyMatch(size -> size.endsWith("GPUs"));

        var csv = cli.run("history", "--format", "csv");
        assertThat(csv.out().lines().findFirst().orElseThrow()).startsWith("size,jobs,started,finished,wait_p50_s");
        cli.run("history", "--format", "xml").failsWithOneLine(2, "--format", "table or csv");
    }

    @Test
    void listMineKeepsOnlyJobsCarryingTheClientTokenLabel() throws Exception {
        String ours = submit("small-job.yaml", "0");
        var mine = json(cli.run("list", "--mine", "-o", "json").out());
        assertThat(mine.path("jobs").findValuesAsText("id")).contains(ours);
        // Jobs the simulator's scenario seeded were not submitted by trainjob: they carry no token label.
        var all = json(cli.run("list", "-o", "json").out());
        assertThat(all.path("jobs").size())
                .isGreaterThanOrEqualTo(mine.path("jobs").size());
        assertThat(mine.path("jobs").findValuesAsText("id"))
                .allMatch(id -> all.path("jobs").findValuesAsText("id").contains(id));
    }

    @Test
    void listMineIsRefusedOnSenseCoreWithTheReason() {
        cli.run(concat(new String[] {"list", "--mine"}, SENSECORE))
                .failsWithOneLine(2, "--mine", "carry no mark", "--name");
    }

    @Test
    void logsPrintTheChosenWorkersLinesAndTheFailedWorkerByDefault() {
        var failed = cli.run(
                "submit",
                spec("failing-job-run.yaml"),
                "--set",
                "RUN=" + RUNS.incrementAndGet(),
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        String id = failed.out().lines().findFirst().orElseThrow().strip();
        var logs = cli.run("logs", id);
        assertThat(logs.exitCode()).as(logs.err()).isZero();
        assertThat(logs.out()).contains("started on node").endsWith("exited with code 3\n");
        var byIndex = cli.run("logs", id, "--worker", "0");
        assertThat(byIndex.out()).isEqualTo(logs.out());
        cli.run("logs", id, "--worker", "5").failsWithOneLine(2, "--worker", "has 1 worker (0), not 5");
        cli.run("logs", id, "--worker", "nope").failsWithOneLine(2, "--worker", "no worker nope");
    }

    @Test
    void logsFollowPrintsUntilTheJobHasEnded() {
        String id = submit("small-job.yaml", "2");
        var logs = cli.run("logs", id, "-f", "--poll-interval", "100ms");
        assertThat(logs.exitCode()).as(logs.err()).isZero();
        assertThat(logs.out()).contains("started on node").endsWith("[sim] training finished\n");
        assertThat(logs.out().lines().filter(l -> l.contains("training finished")))
                .hasSize(1);
    }

    @Test
    void logsOnSenseCoreSayClearlyThatItsApiDoesNotServeThem() {
        cli.run(concat(new String[] {"logs", "cli-sc-x"}, SENSECORE))
                .failsWithOneLine(2, "SenseCore", "monitoring service", "sco acp jobs stream-logs cli-sc-x");
    }

    @Test
    void statusWatchPrintsEachChangeAndEndsWithTheFinalStatus() {
        String id = submit("small-job.yaml", "1");
        var watch = cli.run("status", id, "--watch", "--poll-interval", "100ms");
        assertThat(watch.exitCode()).as(watch.err()).isZero();
        assertThat(watch.err()).contains("[aihc] job cli-small-").contains("SUCCEEDED");
        assertThat(watch.out()).contains("state     SUCCEEDED (Succeeded)");
    }

    @Test
    void statusWatchEndsOnCtrlCWithExit130() throws Exception {
        String id = submit("small-job.yaml", "600");
        var run = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> cli.run("status", id, "--watch", "--poll-interval", "100ms"));
        cli.interrupts.pressWhenArmed();
        var watch = run.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(watch.exitCode()).isEqualTo(130);
        assertThat(watch.err()).contains("interrupted: no longer watching job " + id);
        cli.run("cancel", id);
    }

    @Test
    void checkConnectionListsOneJobAndSaysOk() throws Exception {
        var ok = cli.run("check-connection");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(ok.out()).startsWith("ok: Baidu AIHC at " + sim.baseUrl()).contains("resource pool cce-sim00001");
        var sc = json(cli.run(concat(new String[] {"check-connection", "-o", "json"}, SENSECORE))
                .out());
        assertThat(sc.path("connection").path("ok").asBoolean()).isTrue();
        assertThat(sc.path("platform").asText()).isEqualTo("sensecore");
    }

    @Test
    void checkConnectionWithARefusedSecretExits5() {
        cli.env.put("TRAINJOB_SECRET_KEY", "wrong-secret");
        cli.run("check-connection").failsWithOneLine(5, "Baidu AIHC");
    }

    @Test
    void quietLeavesOutProgressButKeepsTheResult() {
        var result = cli.run(
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=q" + RUNS.incrementAndGet(),
                "--set",
                "RUN_SECONDS=0",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms",
                "-q");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).contains("completed successfully");
    }

    @Test
    void statusAheadListsTheWaitingJobsCreatedEarlierAndGivesNoEtaOnAThinHistory() throws Exception {
        Path spec = CliHarness.resource(dir, "gpu8-job.yaml");
        java.nio.file.Files.writeString(
                spec,
                java.nio.file.Files.readString(spec)
                        .replace("name: sulingang-diagnose-node-taint", "name: ahead-first-" + RUNS.incrementAndGet()));
        String first = cli.run("submit", spec.toString()).out().strip();
        java.nio.file.Files.writeString(
                spec,
                java.nio.file.Files.readString(spec)
                        .replaceAll("name: ahead-first-\\d+", "name: ahead-second-" + RUNS.incrementAndGet()));
        String second = cli.run("submit", spec.toString()).out().strip();

        var text = cli.run("status", second, "--ahead");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out())
                .containsPattern("eta       no basis for an estimate \\(\\d+ finished jobs? in 7d\\)")
                .contains(first)
                .contains("8g");
        assertThat(text.out().lines()).allMatch(l -> l.length() <= 100);

        var doc = json(cli.run("status", second, "--ahead", "-o", "json").out());
        assertThat(doc.path("eta").path("kind").asText()).isEqualTo("NO_BASIS");
        assertThat(doc.path("ahead").findValuesAsText("id")).contains(first).doesNotContain(second);
        // the first job has nobody of these two ahead of it
        var firstDoc = json(cli.run("status", first, "--ahead", "-o", "json").out());
        assertThat(firstDoc.path("ahead").findValuesAsText("id")).doesNotContain(second);
        cli.run("cancel", first);
        cli.run("cancel", second);
    }

    @Test
    void awaitsReportCallsTheJobByItsNameAndTheHeadlineIsOnStdoutOnce() throws Exception {
        Path spec = CliHarness.resource(dir, "gpu8-job.yaml");
        java.nio.file.Files.writeString(
                spec,
                java.nio.file.Files.readString(spec)
                        .replace("name: sulingang-diagnose-node-taint", "name: await-named-" + RUNS.incrementAndGet()));
        var submitted = cli.run("submit", spec.toString());
        String id = submitted.out().strip();
        // it stays pending: 300 ms of pending timeout lead to the diagnosis as minutes would
        var result = cli.run("await", id, "--pending-timeout", "300ms", "--poll-interval", "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(6);
        assertThat(result.out()).startsWith("Job await-named-").doesNotContain("Job " + id);
        assertThat(result.out().lines().filter(l -> l.contains("cannot be scheduled")))
                .hasSize(1);
        cli.run("cancel", id);
    }

    @Test
    void b13_submitAndCancelDocumentsCarryAnExitCodeAndOnlyWhatIsKnown() throws Exception {
        var submitted = json(cli.run(
                        "submit",
                        spec("small-job.yaml"),
                        "--set",
                        "RUN=j" + RUNS.incrementAndGet(),
                        "--set",
                        "RUN_SECONDS=600",
                        "-o",
                        "json")
                .out());
        assertThat(submitted.path("exitCode").asInt()).isZero();
        assertThat(submitted.path("job").path("platform").asText()).isEqualTo("aihc");
        String id = submitted.path("job").path("id").asText();
        var cancelled = json(cli.run("cancel", id, "-o", "json").out());
        assertThat(cancelled.path("exitCode").asInt()).isZero();
        assertThat(cancelled.path("cancel").path("stopped").asBoolean()).isTrue();
        assertThat(cancelled.path("job").path("id").asText()).isEqualTo(id);
        assertThat(cancelled.path("job").path("name").asText())
                .as("read from the status")
                .startsWith("cli-small-j");
    }

    @Test
    void statusOfAPendingJobShowsTheSchedulersEventsAsKubectlDescribeDoes() throws Exception {
        Path spec = CliHarness.resource(dir, "gpu8-job.yaml");
        java.nio.file.Files.writeString(
                spec,
                java.nio.file.Files.readString(spec)
                        .replace(
                                "name: sulingang-diagnose-node-taint",
                                "name: status-events-" + RUNS.incrementAndGet()));
        String id = cli.run("submit", spec.toString()).out().strip();
        var status = cli.run("status", id);
        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(status.out()).contains("\nevents\n  Warning FailedScheduling: 0/");
        cli.run("cancel", id);
    }

    static String[] concat(String[] a, String[] b) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(b))
                .toArray(String[]::new);
    }
}

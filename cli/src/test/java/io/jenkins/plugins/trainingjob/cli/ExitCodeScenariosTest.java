package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The exit-code table of docs/cli.md, row by row, each on a real simulator scenario, so a pipeline that
 * branches on a code (retry on 6, page the administrator on 7, fix the job on 2 or 3) gets what the table
 * promises; 143 (SIGTERM) is a JVM signal exit that an in-process run cannot send.
 */
class ExitCodeScenariosTest extends SimulatorBackedCliTest {

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

    CliHarness.Result run(String... args) {
        return cli.run(args);
    }

    String[] small(String runSeconds, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=x" + RUNS.incrementAndGet(),
                "--set",
                "RUN_SECONDS=" + runSeconds));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * An AIHC spec of {@code perPod} nvidia.com/gpu in queue default (the documented blocked nodes). Such a
     * job stays pending: a timeout, pending timeout or budget of a few hundred milliseconds ends its wait
     * the way one of minutes would.
     */
    String blocked(int perPod) throws Exception {
        Path file = dir.resolve("blocked-" + RUNS.incrementAndGet() + ".yaml");
        Files.writeString(
                file,
                Files.readString(Path.of(spec("gpu8-job.yaml")))
                        .replace("name: sulingang-diagnose-node-taint", "name: blocked-" + RUNS.get())
                        .replace("quantity: 8", "quantity: " + perPod));
        return file.toString();
    }

    /** The SenseCore spec with {@code replicas} workers of the 8-GPU spec, {@code name}d. */
    String senseCore8(int replicas, String name, String runSeconds) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(
                file,
                Files.readString(Path.of(spec("sensecore-small-job.yaml")))
                        .replace("N6lS.Iu.I80.1", "N6lS.Iu.I80.8")
                        .replace("total_replicas: 1", "total_replicas: " + replicas)
                        .replace("cli-sc-small", name)
                        .replace("value: \"1\"", "value: \"" + runSeconds + "\""));
        return file.toString();
    }

    static String[] with(String[] args, String... more) {
        String[] out = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, out, args.length, more.length);
        return out;
    }

    @Test
    void row0SuccessAnd1TheJobFailed() {
        assertThat(run(small("0.2", "--wait", "completed", "--poll-interval", "50ms"))
                        .exitCode())
                .isEqualTo(0);
        var failed = run(
                "submit",
                spec("failing-job-run.yaml"),
                "--set",
                "RUN=x" + RUNS.incrementAndGet(),
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        assertThat(failed.exitCode()).as(failed.err()).isEqualTo(1);
    }

    @Test
    void row2BadInputAnd5APlatformThatRefusesTheKey() {
        assertThat(run("submit", spec("invalid-job.yaml")).withoutStackTrace().exitCode())
                .isEqualTo(2);
        cli.env.put("TRAINJOB_SECRET_KEY", "not-the-secret");
        run("status", "pytorchjob-x").failsWithOneLine(5);
    }

    @Test
    void row3NeverFitsAtPreflightAndInTheDiagnosis() throws Exception {
        var preflight = run("submit", blocked(16), "--wait", "scheduled");
        assertThat(preflight.exitCode()).as(preflight.err()).isEqualTo(3);
        assertThat(preflight.err()).doesNotContain("submitted job");

        // Past pre-flight (--preflight false), the diagnosis after the pending timeout says the same.
        var diagnosed = run(
                "submit",
                blocked(9),
                "--preflight",
                "false",
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--poll-interval",
                "50ms");
        assertThat(diagnosed.exitCode()).as(diagnosed.err()).isEqualTo(3);
        assertThat(diagnosed.out()).contains("Verdict: NEVER_FITS — never fits");
    }

    @Test
    void row4TimedOut() throws Exception {
        var result = run(
                "submit",
                blocked(8),
                "--wait",
                "scheduled",
                "--timeout",
                "300ms",
                "--pending-timeout",
                "10m",
                "--poll-interval",
                "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(4);
    }

    /**
     * The simulator's queue has almost no finished jobs: no basis for an estimate, so nothing ends the wait
     * early, and the deadline does, with the last estimate (its absence, and why) in the JSON.
     */
    @Test
    void row8TheWaitBudgetRanOutWithoutABasisForAnEstimate() throws Exception {
        var result = run(
                "submit",
                blocked(8),
                "--wait",
                "scheduled",
                "--max-wait",
                "1s",
                "--pending-timeout",
                "10m",
                "--poll-interval",
                "50ms",
                "-o",
                "json");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(8);
        assertThat(result.err()).containsPattern("no basis for an estimate \\(\\d+ finished jobs? in 7d\\)");
        assertThat(result.out())
                .contains("\"outcome\" : \"not_started_in_budget\"")
                .contains("did not start within 1s")
                .contains("\"kind\" : \"NO_BASIS\"");
    }

    /** With a budget, a FITS_LATER diagnosis waits on; the budget ends it, and the report is still written. */
    @Test
    void row8AFitsLaterJobWaitsOnWithinItsBudgetAndTheReportIsWritten() throws Exception {
        Path md = dir.resolve("budget.md");
        var result = run(
                "submit",
                blocked(8),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--max-wait",
                "2s",
                "--poll-interval",
                "50ms",
                "--report-file",
                md.toString(),
                "--cancel-on-failure");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(8);
        assertThat(result.err())
                .contains("fits once running jobs end;")
                .contains("waiting on within the wait budget")
                .contains("did not start within 2s")
                .contains("stopped");
        assertThat(Files.readString(md)).contains("fits after a change");
    }

    @Test
    void row6StillPendingAndDiagnosedFitsLater() throws Exception {
        var result = run(
                "submit", blocked(8), "--wait", "scheduled", "--pending-timeout", "300ms", "--poll-interval", "50ms");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(6);
        assertThat(result.out()).contains("Verdict: FITS_LATER — fits after a change");
        assertThat(result.err()).contains("stop it with: trainjob cancel");
    }

    @Test
    void row2AnHttpsEndpointThatSpeaksPlainHttpIsNamedInOneLineWithTheUrlToUse() {
        // the simulator over https://: its HTTP server reads the ClientHello and never answers (P21: 120 s)
        String http = sim.baseUrl().toString().replaceAll("/$", "");
        String https = http.replaceFirst("^http:", "https:");
        cli.env.put("TRAINJOB_ENDPOINT", https);

        run("status", "pytorchjob-x").failsWithOneLine(2, https + " speaks plain HTTP, not TLS", "use " + http);
    }

    @Test
    void aDiagnosedJobStoppedAfterTheWaitSaysSoInItsReportAsInItsJson() throws Exception {
        Path html = dir.resolve("stopped.html");
        var result = run(
                "submit",
                blocked(8),
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--poll-interval",
                "50ms",
                "--cancel-on-failure",
                "-o",
                "json",
                "--report-file",
                html.toString());

        assertThat(result.exitCode()).as(result.err()).isEqualTo(6);
        JsonNode doc = Terminal.JSON.readTree(result.out());
        assertThat(doc.path("cleanup").path("stopRequested").asBoolean()).isTrue();
        assertThat(doc.path("message").asText()).contains("; then stopped: ");
        assertThat(doc.at("/report/headline").asText()).contains("; after the wait: stopped job ");
        assertThat(Files.readString(html))
                .containsPattern("<h1>[^<]*; after the wait: stopped job [^<]*\\(--cancel-on-failure\\)</h1>");
    }

    @Test
    void aSenseCoreQuotaRefusalIs7WhenTheJobAloneExceedsTheReservationElse6() throws Exception {
        // 3 x 8 GPUs = 24 > the workspace's 16 reserved: only an administrator helps.
        var alone =
                run(with(new String[] {"submit", senseCore8(3, "sc-too-big", "1"), "--preflight", "false"}, SENSECORE));
        assertThat(alone.exitCode()).as(alone.err()).isEqualTo(7);
        assertThat(alone.err()).contains("MEMBER_QUOTA_EXCEEDED").contains("the job alone needs more than");

        // A running 8-GPU job holds half of the quota; 2 x 8 = 16 fits the reservation alone: retry later.
        var holder = run(with(
                new String[] {
                    "submit", senseCore8(1, "sc-holder", "600"), "--wait", "scheduled", "--poll-interval", "50ms"
                },
                SENSECORE));
        assertThat(holder.exitCode()).as(holder.err()).isZero();
        var later = run(with(
                new String[] {"submit", senseCore8(2, "sc-later", "1"), "--preflight", "false", "-o", "json"},
                SENSECORE));
        assertThat(later.exitCode()).as(later.err()).isEqualTo(6);
        assertThat(later.err()).contains("MEMBER_QUOTA_EXCEEDED").contains("running jobs hold the quota");
        assertThat(later.out()).contains("\"exitCode\" : 6").contains("\"platform\" : \"sensecore\"");
        run(with(new String[] {"cancel", "sc-holder"}, SENSECORE));
    }

    /** The newcomer's P2 world: 2 x 8 GPUs on SenseCore, within quota, short of capacity. */
    @Test
    void row6OnSenseCoreWithTheSuggestionWholeInEveryFormat() throws Exception {
        Path md = dir.resolve("sc.md");
        var result = run(with(
                new String[] {
                    "submit",
                    senseCore8(2, "sc-waits", "1"),
                    "--wait",
                    "scheduled",
                    "--pending-timeout",
                    "300ms",
                    "--poll-interval",
                    "50ms",
                    "--report-file",
                    md.toString()
                },
                SENSECORE));
        assertThat(result.exitCode()).as(result.err()).isEqualTo(6);
        assertThat(result.out().replaceAll("\\s+", " "))
                .contains("or use a spec with fewer nvidia.com/gpu per worker (and more workers).")
                .contains("job total vs reserved quota of pool sim-pool")
                // table cells fold onto continuation lines: each part is whole, the columns interleave
                .contains("per worker vs free per node")
                .contains("(FailedScheduling event)");
        assertThat(result.out()).doesNotContain("…");
        assertThat(result.out().lines()).allMatch(l -> l.length() <= 100);
        assertThat(Files.readString(md)).doesNotContain("…");
        assertThat(Files.readString(md).replaceAll("\\s+", " "))
                .contains("fewer nvidia.com/gpu per worker (and more workers).");
        run(with(new String[] {"cancel", "sc-waits"}, SENSECORE));
    }

    @Test
    void row9AJobDeletedWhileWatchedVanishedAndATypoIsStill2() {
        String id = run(small("600")).out().strip();
        cli.onErr("RUNNING", () -> assertThat(sim.deleteJob(id)).isTrue());
        var watched = run("await", id, "--wait", "completed", "--poll-interval", "50ms");
        assertThat(watched.exitCode()).as(watched.err()).isEqualTo(9);
        assertThat(watched.err())
                .contains("job " + id + " vanished from Baidu AIHC while watched")
                .contains("deleted by someone else");

        var typo = run("await", "pytorchjob-never-was", "--poll-interval", "50ms");
        assertThat(typo.exitCode()).as(typo.err()).isEqualTo(2);
    }

    @Test
    void row130Interrupted() throws Exception {
        AtomicReference<CliHarness.Result> result = new AtomicReference<>();
        Thread command =
                new Thread(() -> result.set(run(small("600", "--wait", "completed", "--poll-interval", "50ms"))));
        command.start();
        cli.interrupts.pressWhenArmed();
        command.join(30_000);
        assertThat(result.get().exitCode()).as(result.get().err()).isEqualTo(130);
    }
}

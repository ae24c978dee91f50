package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code trainjob check} and the pre-flight step of {@code trainjob submit}, against two simulated worlds at
 * their realistic timing (10 min pending timeout, 5 min pre-check: a job that got as far as a diagnosis would
 * take 15 minutes). Each NEVER_FITS rule, on each world where it can occur: {@code check} exits 3 with the
 * report; {@code submit} exits 3 with the same report and creates nothing. A job only the pool administrator
 * can unblock is submitted after a warning line, and refused (exit 7) under {@code strict}.
 */
class TrainJobPreflightTest {

    @TempDir
    Path dir;

    static Stream<Arguments> neverFits() {
        return Stream.of(
                Arguments.of(
                        "seed",
                        "default",
                        "baidu.com/a800_80g_cgpu",
                        8,
                        1,
                        "baidu.com/a800_80g_cgpu exists on no node of queue default"),
                Arguments.of(
                        "seed",
                        "default",
                        "nvidia.com/gpu",
                        9,
                        1,
                        "one pod asks for 9 nvidia.com/gpu; the largest node of queue default has 8"),
                Arguments.of(
                        "seed",
                        "training",
                        "nvidia.com/gpu",
                        8,
                        4,
                        "the job needs 32 nvidia.com/gpu in total; the capability of queue training is 24"),
                Arguments.of(
                        "world",
                        "default",
                        "nvidia.com/gpu",
                        1,
                        1,
                        "nvidia.com/gpu exists on no node of queue default"),
                Arguments.of(
                        "world",
                        "default",
                        "baidu.com/a800_80g_cgpu",
                        16,
                        1,
                        "one pod asks for 16 baidu.com/a800_80g_cgpu; the largest node of queue default has 8"),
                Arguments.of(
                        "world",
                        "default",
                        "baidu.com/a800_80g_cgpu",
                        8,
                        2,
                        "the job needs 16 baidu.com/a800_80g_cgpu in total; the capability of queue default is 8"));
    }

    static Stream<Arguments> needsAdmin() {
        return Stream.of(
                Arguments.of("seed", "default", "nvidia.com/gpu", 8, 3, "uncordon 10.3.0.118"),
                Arguments.of("world", "closed", "baidu.com/a800_80g_cgpu", 1, 1, "reopen queue closed"),
                Arguments.of("world", "blocked", "baidu.com/a800_80g_cgpu", 8, 1, "uncordon h-3"));
    }

    @ParameterizedTest(name = "{0}: {5}")
    @MethodSource("needsAdmin")
    void aJobOnlyTheAdministratorCanUnblockIsSubmittedAfterAWarningAndStrictRefusesIt(
            String world, String queue, String resource, int perPod, int replicas, String action) throws Exception {
        try (Simulator sim = start(world)) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            String spec = spec(queue, resource, perPod, replicas);

            var check = cli.run("check", spec);
            assertThat(check.exitCode()).as(check.err()).isZero();
            assertThat(oneLine(check.out()))
                    .contains("Verdict: NEEDS_ADMIN — needs the administrator")
                    .contains(action);
            var strictCheck = cli.run("check", spec, "--preflight", "strict");
            assertThat(strictCheck.exitCode()).as(strictCheck.err()).isEqualTo(7);
            var json = cli.run("check", spec, "--output-format", "json");
            JsonNode doc = Terminal.JSON.readTree(json.out());
            assertThat(doc.path("preflight").path("verdict").asText()).isEqualTo("NEEDS_ADMIN");
            assertThat(doc.path("report").toString()).contains("NEEDS_ADMIN").contains(action);

            var strict = cli.run("submit", spec, "--preflight", "strict");
            assertThat(strict.exitCode()).as(strict.err()).isEqualTo(7);
            assertThat(jobs(sim)).isZero();

            var submit = cli.run("submit", spec);
            assertThat(submit.exitCode()).as(submit.err()).isZero();
            assertThat(oneLine(submit.err()))
                    .contains("warning: pre-flight: NEEDS_ADMIN — needs the administrator")
                    .contains(action)
                    .contains("strict refuses it")
                    .contains("submitted job");
            assertThat(jobs(sim)).isEqualTo(1);
        }
    }

    /**
     * A retry-only submit has one target, so there is no other target to prefer: the pre-flight mode decides,
     * as for a plain submit, not the fallback choice's skip of NEEDS_ADMIN. The job never starts (its only
     * node is cordoned), so the wait ends at a 2 s budget.
     */
    @Test
    void aRetryOnlySubmitFollowsThePreflightModeForAJobOnlyTheAdministratorCanUnblock() throws Exception {
        try (Simulator sim = start("world")) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            String[] submit = {
                "submit",
                spec("blocked", "baidu.com/a800_80g_cgpu", 8, 1),
                "--wait",
                "completed",
                "--retry-limit",
                "1",
                "--retry-on-exit-codes",
                "3",
                "--max-wait",
                "2s",
                "--poll-interval",
                "100ms"
            };

            var strict = cli.run(concat(submit, new String[] {"--preflight", "strict"}));
            assertThat(strict.exitCode()).as(strict.err()).isEqualTo(7);
            assertThat(strict.err()).doesNotContain("client token");
            assertThat(jobs(sim)).isZero();

            var warned = cli.run(submit);
            assertThat(oneLine(warned.err()))
                    .contains("needs the administrator")
                    .contains("uncordon h-3")
                    .contains("attempt 1 (primary): client token");
            assertThat(warned.exitCode()).as(warned.err()).isEqualTo(8);
            assertThat(jobs(sim)).isEqualTo(1);
        }
    }

    @Test
    void aSubmitToAQueueWhoseOnlyNodeIsCordonedIsCreatedWatchedAndDiagnosed() throws Exception {
        Scenario world = Scenario.load(CliHarness.resource(dir, "preflight-world.yaml"));
        try (Simulator sim = Simulator.start(new Scenario(
                world.name(),
                world.seed(),
                world.credentials(),
                new Scenario.Timing(1.0, true, null, null, null, null),
                world.nodes(),
                world.aihc(),
                world.sensecore(),
                world.faults()))) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            var submit = cli.run(
                    "submit",
                    spec("blocked", "baidu.com/a800_80g_cgpu", 8, 1),
                    "--wait",
                    "scheduled",
                    "--pending-timeout",
                    "300ms", // h-3 stays cordoned: the job never starts, whatever the timeout
                    "--poll-interval",
                    "100ms");
            String err = oneLine(submit.err());
            assertThat(err)
                    .contains("warning: pre-flight: NEEDS_ADMIN — needs the administrator")
                    .contains("uncordon h-3")
                    .contains("submitted job")
                    .contains("will not start until someone acts: uncordon h-3");
            assertThat(err.indexOf("will not start until someone acts")).isLessThan(err.indexOf("waiting until job"));
            assertThat(jobs(sim)).isEqualTo(1);
            // the wait ends at the pending timeout with the platform's diagnosis, not with pre-flight's refusal
            assertThat(submit.exitCode()).as(submit.err()).isNotZero();
            assertThat(oneLine(submit.out())).contains("h-3").doesNotContain("can never run");
        }
    }

    @ParameterizedTest(name = "{0}: {5}")
    @MethodSource("neverFits")
    void aJobThatCanNeverFitIsRefusedBeforeItIsCreated(
            String world, String queue, String resource, int perPod, int replicas, String rule) throws Exception {
        try (Simulator sim = start(world)) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            String spec = spec(queue, resource, perPod, replicas);

            var check = cli.run("check", spec);
            assertThat(check.exitCode()).as(check.err()).isEqualTo(3);
            assertThat(oneLine(check.out()))
                    .contains("Verdict: NEVER_FITS — never fits as configured")
                    .contains(rule);

            var submit = cli.run("submit", spec, "--wait", "scheduled");
            assertThat(submit.exitCode()).as(submit.err()).isEqualTo(3);
            assertThat(oneLine(submit.out()))
                    .contains("can never run in " + queue)
                    .contains(rule);
            assertThat(submit.err()).doesNotContain("submitted job");
            assertThat(jobs(sim)).isZero();
        }
    }

    @Test
    void aJobThatFitsPassesTheCheckAndIsSubmitted() throws Exception {
        try (Simulator sim = start("seed")) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            String spec = spec("training", "nvidia.com/gpu", 8, 2);

            var check = cli.run("check", spec);
            assertThat(check.exitCode()).as(check.err()).isZero();
            assertThat(check.out())
                    .contains("Verdict: FITS_NOW — fits now: the free capacity of queue training holds all 2 pods");
            assertThat(jobs(sim)).isZero();

            var submit = cli.run("submit", spec);
            assertThat(submit.exitCode()).as(submit.err()).isZero();
            assertThat(submit.err()).contains("pre-flight: FITS_NOW — fits now").contains("submitted job");
            assertThat(jobs(sim)).isEqualTo(1);
        }
    }

    @Test
    void warnSubmitsANeverFittingJobAndFalseSkipsTheCheck() throws Exception {
        try (Simulator sim = start("seed")) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            var warned = cli.run("submit", spec("default", "nvidia.com/gpu", 9, 1), "--preflight", "warn");
            assertThat(warned.exitCode()).as(warned.err()).isZero();
            assertThat(warned.err())
                    .contains("pre-flight: NEVER_FITS — never fits")
                    .contains("submitted anyway");

            var skipped = cli.run("submit", spec("default", "nvidia.com/gpu", 10, 1), "--preflight", "false");
            assertThat(skipped.exitCode()).as(skipped.err()).isZero();
            assertThat(skipped.err()).doesNotContain("pre-flight");
            assertThat(jobs(sim)).isEqualTo(2);

            var bad = cli.run("submit", spec("default", "nvidia.com/gpu", 1, 1), "--preflight", "maybe");
            assertThat(bad.exitCode()).isEqualTo(2);
            assertThat(bad.err()).contains("--preflight: must be true, strict, warn or false, was 'maybe'");
        }
    }

    @Test
    void diagnoseJoinsTheInventoryIntoItsReport() throws Exception {
        try (Simulator sim = SimulatedPlatform.start()) { // fast mode: no 5-minute pre-check
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            var submit =
                    cli.run("submit", CliHarness.resource(dir, "gpu8-job.yaml").toString());
            assertThat(submit.exitCode()).as(submit.err()).isZero();
            assertThat(submit.err()).contains("pre-flight: FITS_LATER — fits later");

            var diagnose = cli.run("diagnose", submit.out().strip(), "--poll-interval", "50ms");
            assertThat(diagnose.exitCode()).as(diagnose.err()).isZero();
            assertThat(oneLine(diagnose.out()))
                    .contains("best change: removing the taint kwok.x-k8s.io/node: fake from "
                            + "fake-node-a800-[01-04]: the pod fits")
                    .contains("Verdict: FITS_LATER — fits after a change")
                    .doesNotContain("tolerations:");
        }
    }

    @Test
    void senseCoreReportsSpecsAndReservedQuotaWithoutRefusing() throws Exception {
        try (Simulator sim = start("seed")) {
            CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
            String[] where = {
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
            String small = CliHarness.resource(dir, "sensecore-small-job.yaml").toString();
            Path big = dir.resolve("sc-big.yaml");
            Files.writeString(
                    big,
                    Files.readString(Path.of(small))
                            .replace("N6lS.Iu.I80.1", "N6lS.Iu.I80.8")
                            .replace("total_replicas: 1", "total_replicas: 3"));
            Path unknown = dir.resolve("sc-unknown.yaml");
            Files.writeString(unknown, Files.readString(Path.of(small)).replace("N6lS.Iu.I80.1", "N9.Nope"));

            // reserved quota as a hard cap and a possibly paged spec list prove nothing: reported, not refused
            var quota = cli.run(concat(new String[] {"check", big.toString()}, where));
            assertThat(quota.exitCode()).as(quota.err()).isZero();
            assertThat(oneLine(quota.out()))
                    .contains(
                            "the job needs 24 devices and the workspace's reserved quota in" + " pool sim-pool is 16");
            var spec = cli.run(concat(new String[] {"check", unknown.toString()}, where));
            assertThat(spec.exitCode()).as(spec.err()).isZero();
            assertThat(oneLine(spec.out())).contains("resource spec N9.Nope is not among the");
            var fits = cli.run(concat(new String[] {"check", small}, where));
            assertThat(fits.exitCode()).as(fits.err()).isZero();
            assertThat(oneLine(fits.out())).contains("SenseCore lists no nodes");
            assertThat(jobs(sim)).isZero();
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The report as one line: the text renderer folds long lines at 100 columns. */
    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\n\\s*", " ");
    }

    private Simulator start(String world) throws IOException {
        if (world.equals("seed")) {
            return Simulator.start(Scenario.bundled("seed-taint-and-gpu"));
        }
        return Simulator.start(Scenario.load(CliHarness.resource(dir, "preflight-world.yaml")));
    }

    private static int counter;

    private String spec(String queue, String resource, int perPod, int replicas) throws IOException {
        Path file = dir.resolve("job-" + (++counter) + ".yaml");
        Files.writeString(
                file,
                "platform: aihc\nname: preflight-" + counter + "\nqueue: " + queue
                        + "\njobFramework: PyTorchJob\njobSpec:\n  image: registry.example.com/train:1\n"
                        + "  command: python train.py\n  replicas: " + replicas + "\n  resources:\n    - name: "
                        + resource
                        + "\n      quantity: " + perPod + "\n");
        return file.toString();
    }

    private static int jobs(Simulator sim) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(sim.baseUrl().toString().replaceAll("/$", "") + "/_sim/state"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        JsonNode state = Terminal.JSON.readTree(r.body());
        return state.path("jobs").size();
    }
}

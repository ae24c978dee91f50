package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.command.SpecInput;
import io.jenkins.plugins.trainingjob.cli.command.TrainJob;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows of the newcomer trial about arguments and outputs that need no platform: each test names its
 * row. Nothing here connects anywhere, so a test that got past the argument checks would fail loudly
 * (the endpoint is an unroutable documentation address).
 */
class TrainJobArgumentsTest {

    static final AtomicInteger CONNECTS = new AtomicInteger();

    @TempDir
    Path dir;

    CliHarness cli;

    @BeforeEach
    void setUp() {
        cli = new CliHarness(dir.resolve("home"));
        cli.env.put("TRAINJOB_PLATFORM", "aihc");
        cli.env.put("TRAINJOB_ENDPOINT", "https://aihc.bj.baidubce.com");
        cli.env.put("TRAINJOB_RESOURCE_POOL", "cce-abc");
        cli.env.put("TRAINJOB_ACCESS_KEY", "ak");
        cli.env.put("TRAINJOB_SECRET_KEY", "sk");
        cli.connector = settings -> {
            CONNECTS.incrementAndGet();
            throw new AssertionError("the command connected although its arguments are bad");
        };
    }

    @AfterEach
    void restoreStdin() {
        SpecInput.stdin = () -> System.in;
    }

    String spec(String name) {
        return CliHarness.resource(dir, name).toString();
    }

    @Test
    void b1_aReportFileWithAnUnknownExtensionIsRefusedBeforeTheSubmit() {
        cli.run(
                        "submit",
                        spec("small-job.yaml"),
                        "--set",
                        "RUN=1",
                        "--set",
                        "RUN_SECONDS=1",
                        "--wait",
                        "scheduled",
                        "--report-file",
                        dir.resolve("diag.log").toString())
                .failsWithOneLine(2, "diag.log: unknown report extension");
    }

    @Test
    void b1_anUnwritableReportFileIsRefusedBeforeTheWaitWithTheReason() throws Exception {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        cli.run(
                        "await",
                        "pytorchjob-1",
                        "--report-file",
                        file.resolve("diag.md").toString())
                .failsWithOneLine(2, "cannot write", "is not a directory");
        cli.run("await", "pytorchjob-1", "--report-file", dir.toString() + "/")
                .failsWithOneLine(2, "unknown report extension");
    }

    @Test
    void b6_argumentErrorsPrintAJsonErrorDocumentWithOutputFormatJson() throws Exception {
        for (String[] args : new String[][] {
            {"--output-format", "json", "submit", "x.yaml", "--pending-timeout", "10"},
            {"-o", "json", "submit", "x.yaml", "--bogus-flag"},
            {"--output-format=json", "status"},
            {"-o", "json", "nosuchcommand"}
        }) {
            var result = cli.run(args);
            assertThat(result.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            JsonNode doc = Terminal.JSON.readTree(result.out());
            assertThat(doc.path("exitCode").asInt()).isEqualTo(2);
            assertThat(doc.path("message").asText()).isNotBlank();
            assertThat(doc.path("error").path("problems").get(0).asText())
                    .isEqualTo(doc.path("message").asText());
        }
    }

    @Test
    void b7_reportOutputFollowsTheExtensionUnlessAFormatIsGiven() throws Exception {
        String saved = spec("aihc-schedule-diagnosis-query.json");
        Path html = dir.resolve("r.html");
        assertThat(cli.run("report", saved, "--output", html.toString()).exitCode())
                .isZero();
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>");
        Path forced = dir.resolve("r2.html");
        assertThat(cli.run("report", saved, "--output", forced.toString(), "--format", "markdown")
                        .exitCode())
                .isZero();
        assertThat(Files.readString(forced)).doesNotStartWith("<!DOCTYPE");
        cli.run("report", saved, "--output", dir.resolve("r.log").toString())
                .failsWithOneLine(2, "r.log: unknown report extension");
    }

    @Test
    void b10_helpTextHasNoNullPlaceholderNoRootParagraphAndNoDoubledWords() {
        var submit = cli.run("submit", "--help");
        assertThat(submit.out()).contains("A value for ${KEY} in the spec").doesNotContain("null");
        for (String command : new String[] {"status", "cancel", "validate"}) {
            assertThat(cli.run(command, "--help").out()).as(command).doesNotContain("Credentials come from");
        }
        assertThat(cli.run("status", "--help").out()).doesNotContain("the spec's 'platform', then");
        var completion = cli.run("generate-completion", "--help").out();
        // -o json is offered (P1: every command answers a JSON document); --quiet means nothing there.
        assertThat(completion)
                .doesNotContain("Generate bash/zsh")
                .contains("--output-format")
                .doesNotContain("--quiet");
        cli.run("submit", "x.yaml", "--set", "FOO").failsWithOneLine(2, "--set");
        assertThat(cli.run("submit", "x.yaml", "--set", "FOO").err()).doesNotContain("option option");
    }

    @Test
    void b19_pollAndHeartbeatIntervalsHaveFloorsForARemotePlatform() {
        cli.run("await", "pytorchjob-1", "--poll-interval", "1ms")
                .failsWithOneLine(2, "--poll-interval: must be at least 1s");
        cli.run("await", "pytorchjob-1", "--heartbeat", "1ms").failsWithOneLine(2, "--heartbeat: must be at least 10s");
        cli.run("status", "pytorchjob-1", "--watch", "--poll-interval", "100ms")
                .failsWithOneLine(2, "--poll-interval: must be at least 1s");
        cli.run("logs", "pytorchjob-1", "--follow", "--poll-interval", "100ms")
                .failsWithOneLine(2, "--poll-interval: must be at least 1s");
    }

    @Test
    void statusAndLogsShareOnePollIntervalOptionWithTheirOwnDefaults() {
        for (String command : new String[] {"status", "logs"}) {
            assertThat(cli.run(command, "--help").out())
                    .as(command)
                    .contains("--poll-interval=DURATION")
                    .contains("(default: 5s for status, 2s for logs)");
        }
    }

    @Test
    void b19_aLoopbackEndpointIsExemptFromTheFloors() {
        cli.env.put("TRAINJOB_ENDPOINT", "http://127.0.0.1:9");
        cli.connector = settings -> {
            CONNECTS.incrementAndGet();
            throw new IllegalStateException("no platform in this test");
        };
        int before = CONNECTS.get();
        var result = cli.run("await", "pytorchjob-1", "--poll-interval", "1ms");
        // Past the checks it connects (and the test connector refuses): the floor did not stop it.
        assertThat(CONNECTS.get()).isEqualTo(before + 1);
        assertThat(result.err()).doesNotContain("must be at least");
    }

    @Test
    void b21_aMistypedCommandOrOptionGetsADidYouMean() {
        cli.run("sumbit", "x.yaml").failsWithOneLine(2, "unknown command 'sumbit'; did you mean submit?");
        cli.run("submit", "x.yaml", "--pending-timout", "5m")
                .failsWithOneLine(2, "unknown option '--pending-timout'; did you mean --pending-timeout?");
    }

    @Test
    void b23_aSetWithAnInvalidVariableNameIsRefused() {
        cli.run("validate", spec("small-job.yaml"), "--set", "1BAD=x")
                .failsWithOneLine(2, "--set 1BAD", "letters, digits and '_'");
    }

    @Test
    void aSpecCanComeFromStandardInput() throws Exception {
        String yaml = Files.readString(Path.of(spec("small-job.yaml")));
        SpecInput.stdin = () -> new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8));
        var result = cli.run("validate", "-", "--set", "RUN=3", "--set", "RUN_SECONDS=1", "-o", "json");
        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode doc = Terminal.JSON.readTree(result.out());
        assertThat(doc.path("spec").path("name").asText()).isEqualTo("cli-small-3");
        assertThat(doc.path("spec").path("file").asText())
                .as("one name for stdin (P12)")
                .isEqualTo("<stdin>");
        assertThat(cli.run("validate", "-", "--set", "RUN=3", "--set", "RUN_SECONDS=1")
                        .out())
                .startsWith("<stdin>: valid Baidu AIHC job spec 'cli-small-3'");
        SpecInput.stdin = () -> new ByteArrayInputStream("platform: [".getBytes(StandardCharsets.UTF_8));
        cli.run("validate", "-").failsWithOneLine(2, "<stdin>");
    }

    @Test
    void completionCoversDotSlashTrainjobAndOffersLowerCaseValues() {
        var script = cli.run("generate-completion").out();
        assertThat(script).contains("complete -F _complete_trainjob -o default trainjob ./trainjob");
        assertThat(script).contains("(\"scheduled\" \"completed\" \"none\")").doesNotContain("\"SCHEDULED\"");
        assertThat(script).contains("(\"aihc\" \"sensecore\")");
    }

    @Test
    void b13_jsonPlatformsAreLowerCaseAsOnEveryFlag() throws Exception {
        var doc = Terminal.JSON.readTree(
                Terminal.JSON.writeValueAsString(new io.jenkins.plugins.trainingjob.core.platform.JobRef(
                        io.jenkins.plugins.trainingjob.core.spec.PlatformKind.SENSECORE, "x", null)));
        assertThat(doc.path("platform").asText()).isEqualTo("sensecore");
        var worker = Terminal.JSON.writeValueAsString(
                new io.jenkins.plugins.trainingjob.core.platform.WorkerStatus("w", "n", "Running", ""));
        assertThat(worker.replaceAll("\\s", ""))
                .isEqualTo("{\"name\":\"w\",\"nodeName\":\"n\",\"phase\":\"Running\",\"placed\":true,\"reason\":\"\"}");
    }

    @Test
    void b20_messagesSayWhatIsWrongWithoutTheLibrariesWords() throws Exception {
        Path multi = dir.resolve("multi.yaml");
        Files.writeString(multi, "platform: aihc\nname: a\n---\nplatform: aihc\n");
        cli.run("validate", multi.toString()).failsWithOneLine(2, "more than one document");
        assertThat(cli.run("validate", multi.toString()).err())
                .doesNotContain("DeserializationFeature")
                .doesNotContain("JsonNode");
        Path deep = dir.resolve("deep.json");
        Files.writeString(deep, "{\"a\":".repeat(1200) + "1" + "}".repeat(1200));
        cli.run("validate", deep.toString()).failsWithOneLine(2, "nested too deeply");
        assertThat(cli.run("validate", deep.toString()).err()).doesNotContain("StreamReadConstraints");
        cli.run("report", spec("small-job.yaml")).failsWithOneLine(2, "this looks like a job spec");
        cli.run("simulator", "--scenario", "nope")
                .failsWithOneLine(2, "--scenario nope", "no such file or directory", "seed-taint-and-gpu");
    }

    @Test
    void b16_aConfigFileNamedByTrainjobConfigMustExist() {
        cli.env.put("TRAINJOB_CONFIG", dir.resolve("missing.yaml").toString());
        cli.env.remove("TRAINJOB_PLATFORM");
        cli.run("status", "x").failsWithOneLine(2, "TRAINJOB_CONFIG names", "missing.yaml", "no such file");
    }

    @Test
    void b20_aMistypedProfileKeyGetsADidYouMeanAndYamlErrorsALine() throws Exception {
        Path config = dir.resolve("config.yaml");
        Files.writeString(config, "resourcepool: x\n");
        Files.setPosixFilePermissions(config, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        cli.env.put("TRAINJOB_CONFIG", config.toString());
        cli.run("status", "x").failsWithOneLine(2, "resourcepool: unknown setting (did you mean 'resourcePool'?");
        Files.writeString(config, "a: [\n");
        cli.run("status", "x").failsWithOneLine(2, "not valid YAML (line 1");
    }

    @Test
    void p14_aVariableSetTwiceIsRefusedNotSilentlyOverwritten() {
        cli.run("validate", spec("small-job.yaml"), "--set", "RUN=2", "--set", "RUN=3", "--set", "RUN_SECONDS=1")
                .failsWithOneLine(2, "--set RUN: given twice; a variable may appear once");
    }

    @Test
    void p18_aCommandFarFromEveryNameGetsNoSuggestionWhileATypoStillDoes() {
        var far = cli.run("nosuchcmd").failsWithOneLine(2, "unknown command 'nosuchcmd'");
        assertThat(far.err()).doesNotContain("did you mean");
        cli.run("sumbit").failsWithOneLine(2, "did you mean submit?");
        cli.run("stauts").failsWithOneLine(2, "did you mean status?");
    }

    @Test
    void p13_aMalformedScenarioIsOneLineInTheSpecReadersWords() throws Exception {
        Path scenario = Files.writeString(dir.resolve("badscen.yaml"), "name: bad\nnodes: [\n");
        var result = cli.run("simulator", "--scenario", scenario.toString())
                .failsWithOneLine(2, "malformed YAML at line 3, column 1");
        assertThat(result.err()).doesNotContain("in 'reader'").doesNotContain("^");
    }

    @Test
    void p12_standardInputHasTheFilesSizeLimitAndWords() {
        SpecInput.stdin = () -> new ByteArrayInputStream(new byte[(1 << 20) + 10]);
        cli.run("validate", "-").failsWithOneLine(2, "<stdin>: the file is larger than 1048576 bytes");
    }

    @Test
    void p7_homeIsTheHomeVariableAsInEveryShellToolElseJavasUserHome() {
        assertThat(TrainJob.home("/ci/home", "/root")).isEqualTo(Path.of("/ci/home"));
        assertThat(TrainJob.home(null, "/root")).isEqualTo(Path.of("/root"));
        assertThat(TrainJob.home("relative", "/root")).isEqualTo(Path.of("/root"));
    }
}

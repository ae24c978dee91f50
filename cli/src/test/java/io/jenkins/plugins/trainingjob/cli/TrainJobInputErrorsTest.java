package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.command.TrainJob;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Bad input ends in one error line per problem and exit code 2, never a stack trace. */
class TrainJobInputErrorsTest {

    @TempDir
    Path dir;

    CliHarness cli;

    @BeforeEach
    void setUp() {
        cli = new CliHarness(dir.resolve("home"));
    }

    @Test
    void aMissingSpecFileIsInvalidInput() {
        cli.run("submit", dir.resolve("nope.yaml").toString(), "--platform", "aihc")
                .failsWithOneLine(2, "nope.yaml", "no such file");
    }

    @Test
    void anInvalidSpecListsEveryProblemOnItsOwnLine() {
        Path spec = CliHarness.resource(dir, "invalid-job.yaml");
        var result = cli.run("submit", spec.toString()).withoutStackTrace();
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines()).allMatch(l -> l.startsWith("trainjob: error: " + spec + ": "));
        assertThat(result.err()).contains("jobSpec.replics", "jobSpec.replicas", "jobFramework", "name");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void validateReportsAllProblemsAtOnceWithExitCode2() {
        Path spec = CliHarness.resource(dir, "invalid-job.yaml");
        var result = cli.run("validate", spec.toString()).withoutStackTrace();
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines().count()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void validateAcceptsAValidSpecWithItsVariablesSet() {
        Path spec = CliHarness.resource(dir, "small-job.yaml");
        var result = cli.run("validate", spec.toString(), "--set", "RUN=7", "--set", "RUN_SECONDS=1");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("valid Baidu AIHC job spec 'cli-small-7'");
    }

    @Test
    void validateNamesAnUndefinedVariable() {
        Path spec = CliHarness.resource(dir, "small-job.yaml");
        var result = cli.run("validate", spec.toString()).withoutStackTrace();
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("RUN");
    }

    @Test
    void validateSpeaksJsonForMachines() throws Exception {
        Path spec = CliHarness.resource(dir, "invalid-job.yaml");
        var result = cli.run("validate", spec.toString(), "--output-format", "json");
        JsonNode doc = Terminal.JSON.readTree(result.out());
        assertThat(doc.path("exitCode").asInt()).isEqualTo(2);
        assertThat(doc.path("error").path("problems")).isNotEmpty();
        assertThat(doc.path("error").path("fields").get(0).has("path")).isTrue();
    }

    /** The review's transcript (code-quality b.7): this used to print "unexpected IllegalArgumentException", exit 5. */
    @Test
    void aClientTokenBreakingCoresRuleIsInvalidInputNamingTheOption() {
        Path spec = CliHarness.resource(dir, "small-job.yaml");
        var result = cli.run(
                "submit",
                spec.toString(),
                "--set",
                "RUN=1",
                "--set",
                "RUN_SECONDS=5",
                "--resource-pool",
                "cce-sim00001",
                "--client-token",
                "bad token!");
        result.failsWithOneLine(
                2,
                "trainjob: error: --client-token: must be 1-63 letters, digits, '-', '_' or '.', "
                        + "starting and ending with a letter or digit");
        assertThat(result.err()).doesNotContain("unexpected");
    }

    @Test
    void anUnknownPlatformIsInvalidInput() {
        cli.run("status", "job-1", "--platform", "azure").failsWithOneLine(2, "unknown platform 'azure'");
    }

    @Test
    void missingCredentialsNameWhereToPutThem() {
        cli.run("status", "job-1", "--platform", "aihc", "--region", "bj", "--resource-pool", "p")
                .failsWithOneLine(2, "no credentials", "TRAINJOB_ACCESS_KEY", "BCE_ACCESS_KEY_ID");
    }

    @Test
    void halfACredentialPairIsRefusedRatherThanMixedWithAnotherSource() {
        cli.env.put("TRAINJOB_ACCESS_KEY", "ak");
        cli.run("status", "job-1", "--platform", "aihc", "--region", "bj", "--resource-pool", "p")
                .failsWithOneLine(2, "TRAINJOB_ACCESS_KEY is set but TRAINJOB_SECRET_KEY is not");
    }

    @Test
    void aProfileFileOthersCanReadIsRefusedWithTheFix() throws Exception {
        Path config =
                Files.createDirectories(cli.home.resolve(".config/trainjob")).resolve("config.yaml");
        Files.writeString(config, "platform: aihc\nregion: bj\naccessKey: ak\nsecretKey: sk\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));
        cli.run("status", "job-1").failsWithOneLine(2, "readable by group or others", "chmod 600 " + config);
    }

    /** Security review S7: whoever can write the profile can point the user's keys at their own host. */
    @Test
    void aProfileFileOthersCanWriteIsRefusedWithTheFix() throws Exception {
        Path config =
                Files.createDirectories(cli.home.resolve(".config/trainjob")).resolve("config.yaml");
        Files.writeString(config, "platform: aihc\nregion: bj\naccessKey: ak\nsecretKey: sk\n");
        for (String mode : List.of("rw--w----", "rw-----w-")) {
            Files.setPosixFilePermissions(config, PosixFilePermissions.fromString(mode));
            cli.run("status", "job-1").failsWithOneLine(2, "writable by group or others", "chmod 600 " + config);
        }
    }

    @Test
    void aProfileFileOwnedByAnotherUserIsRefusedWithTheFix() throws Exception {
        Path config =
                Files.createDirectories(cli.home.resolve(".config/trainjob")).resolve("config.yaml");
        Files.writeString(config, "platform: aihc\nregion: bj\naccessKey: ak\nsecretKey: sk\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        // Without root the file cannot be given away, so the CLI is run as another (existing) user instead.
        String owner = Files.getOwner(config).getName();
        String other = owner.equals("root") ? "nobody" : "root";
        String me = System.getProperty("user.name");
        System.setProperty("user.name", other);
        try {
            cli.run("status", "job-1").failsWithOneLine(2, "is owned by " + owner, "chown " + other + " " + config);
        } finally {
            System.setProperty("user.name", me);
        }
    }

    @Test
    void aProfileFileInADirectoryOthersCanWriteIsRefusedWithTheFix() throws Exception {
        Path dir = Files.createDirectories(cli.home.resolve(".config/trainjob"));
        Path config = dir.resolve("config.yaml");
        Files.writeString(config, "platform: aihc\nregion: bj\naccessKey: ak\nsecretKey: sk\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        cli.run("status", "job-1").failsWithOneLine(2, "writable by group or others", "chmod go-w " + dir);
    }

    /** Security review S3: plain http beyond loopback only with --insecure-http, and then with a warning. */
    @Test
    void plainHttpToAHostThatIsNotLoopbackIsRefusedBeforeAnyCallUnlessAllowedExplicitly() {
        List<ConnectionSettings> connected = new ArrayList<>();
        cli.connector = settings -> {
            connected.add(settings);
            throw new IllegalStateException("no platform in this test");
        };
        cli.env.put("TRAINJOB_ACCESS_KEY", "ak");
        cli.env.put("TRAINJOB_SECRET_KEY", "sk");
        String[] args = {
            "status", "job-1", "--platform", "aihc", "--endpoint", "http://10.0.0.5:8500", "--resource-pool", "p"
        };

        cli.run(args).failsWithOneLine(2, "'http://10.0.0.5:8500' is plain http", "use https");
        assertThat(connected).isEmpty();

        String[] allowed = java.util.stream.Stream.concat(
                        java.util.Arrays.stream(args), java.util.stream.Stream.of("--insecure-http"))
                .toArray(String[]::new);
        var result = cli.run(allowed);
        assertThat(result.err()).contains("trainjob: warning: 'http://10.0.0.5:8500' is plain http");
        assertThat(connected).singleElement().satisfies(s -> assertThat(s.insecureHttp())
                .isTrue());
    }

    /**
     * Security review S2: request-bound SenseCore signatures unless date-only is asked for by name; without
     * a setting the client may fall back to date-only once (review 2), with one it never does.
     */
    @Test
    void senseCoreSignaturesAreRequestBoundUnlessDateOnlyIsAskedFor() {
        List<ConnectionSettings> connected = new ArrayList<>();
        cli.connector = settings -> {
            connected.add(settings);
            throw new IllegalStateException("no platform in this test");
        };
        cli.env.put("TRAINJOB_ACCESS_KEY", "ak");
        cli.env.put("TRAINJOB_SECRET_KEY", "sk");
        String[] args = {
            "status",
            "job-1",
            "--platform",
            "sensecore",
            "--region",
            "cn-sh-01",
            "--subscription",
            "s",
            "--resource-group",
            "r",
            "--workspace",
            "w"
        };

        cli.run(args);
        cli.env.put("TRAINJOB_SENSECORE_SIGNATURE", "date-only");
        cli.run(args);
        cli.env.put("TRAINJOB_SENSECORE_SIGNATURE", "request");
        cli.run(args);
        cli.env.put("TRAINJOB_SENSECORE_SIGNATURE", "dateonly");
        cli.run(args).failsWithOneLine(2, "'dateonly' is not one of request, date-only");

        // Not chosen: request-bound, with the one date-only fallback a 401 allows; chosen: never another.
        assertThat(connected)
                .extracting(ConnectionSettings::senseCoreSignature)
                .containsExactly(null, SenseCoreSignature.DATE_ONLY, SenseCoreSignature.REQUEST);
    }

    @Test
    void anIncompleteConnectionListsEveryMissingSettingOnItsOwnLineWithExitCode2() {
        var result = cli.run(
                "status",
                "job-1",
                "--platform",
                "sensecore",
                "--endpoint",
                "ftp://h",
                "--subscription",
                "sub",
                "--zone",
                "cn-sh-01z");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines())
                .containsExactly(
                        "trainjob: error: connection endpoint: 'ftp://h' is not an http(s) URL with a host, e.g. "
                                + "https://aihc.bj.baidubce.com (--endpoint, TRAINJOB_ENDPOINT or endpoint: in the profile)",
                        "trainjob: error: connection resourceGroup: required for SenseCore ACP "
                                + "(--resource-group, TRAINJOB_RESOURCE_GROUP or resourceGroup: in the profile)",
                        "trainjob: error: connection workspace: required for SenseCore ACP "
                                + "(--workspace, TRAINJOB_WORKSPACE or workspace: in the profile)");
    }

    @Test
    void anInvalidDurationNamesTheOptionAndSaysHowToWriteOne() {
        var result = cli.run("await", "job-1", "--pending-timeout", "ten minutes")
                .failsWithOneLine(2, "trainjob await --help");
        assertThat(result.err().lines())
                .containsExactly("trainjob: error: --pending-timeout: 'ten minutes' is not"
                        + " a duration: write a number and a unit (ms, s, m, h, d) such as 90s, 10m or 1h30m,"
                        + " or ISO-8601 such as PT10M (see: trainjob await --help)");
    }

    @Test
    void aDurationWithoutAUnitIsRefusedRatherThanGuessed() {
        var result = cli.run("submit", "x.yaml", "--poll-interval", "10");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines())
                .containsExactly(
                        "trainjob: error: --poll-interval: '10' has no unit: write 10m or 10s (see: trainjob submit --help)");
    }

    @Test
    void aDurationBeyondThirtyDaysNamesTheMaximum() {
        cli.run("diagnose", "job-1", "--diagnosis-timeout", "31d")
                .failsWithOneLine(2, "--diagnosis-timeout: '31d' is longer than the maximum of 30 days");
    }

    @Test
    void anUnknownOptionPointsAtTheCommandsHelp() {
        cli.run("submit", "x.yaml", "--frobnicate").failsWithOneLine(2, "--frobnicate", "trainjob submit --help");
    }

    @Test
    void noCommandPrintsUsageAndExits2() {
        var result = cli.run();
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("Usage: trainjob");
    }

    @Test
    void errorsAreAlsoJsonDocumentsWhenAskedFor() throws Exception {
        var result = cli.run(
                "--output-format",
                "json",
                "status",
                "job-1",
                "--platform",
                "aihc",
                "--region",
                "bj",
                "--resource-pool",
                "p");
        assertThat(result.exitCode()).isEqualTo(2);
        JsonNode doc = Terminal.JSON.readTree(result.out());
        assertThat(doc.path("exitCode").asInt()).isEqualTo(2);
        assertThat(doc.path("message").asText()).contains("no credentials");
        assertThat(doc.path("error").path("problems").get(0).asText()).contains("no credentials");
    }

    @Test
    void theOutputFormatMayFollowTheSubcommand() throws Exception {
        var result = cli.run(
                "status",
                "job-1",
                "--platform",
                "aihc",
                "--region",
                "bj",
                "--resource-pool",
                "p",
                "--output-format",
                "json");
        assertThat(Terminal.JSON.readTree(result.out()).path("exitCode").asInt())
                .isEqualTo(2);
    }

    @Test
    void debugShowsTheStackTraceThatIsOtherwiseHidden() {
        var result = cli.run("--debug", "report", dir.resolve("missing.json").toString());
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("\tat ");
    }

    @Test
    void everyCommandHasHelpWithExamples() {
        CommandLine cl = TrainJob.commandLine(new CliEnvironment(
                cli.env,
                cli.home,
                new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(new java.io.StringWriter()),
                false,
                cli.interrupts,
                cli.connector,
                io.jenkins.plugins.trainingjob.core.time.TimeSource.system()));
        for (String name : cl.getSubcommands().keySet()) {
            if (name.equals("help")) {
                continue;
            }
            var result = cli.run(name, "--help");
            assertThat(result.exitCode()).as(name).isZero();
            assertThat(result.out())
                    .as(name)
                    .contains("Usage: trainjob " + name)
                    .contains("Examples:");
        }
    }

    @Test
    void noColorKeepsATerminalFreeOfEscapeSequences() {
        cli.interactive = true;
        assertThat(cli.run("status", "job-1", "--platform", "azure").err()).contains("\u001b[31m");
        cli.env.put("NO_COLOR", "1");
        assertThat(cli.run("status", "job-1", "--platform", "azure").err()).doesNotContain("\u001b");
        assertThat(cli.run("--help").out()).doesNotContain("\u001b");
    }

    @Test
    void aPipeGetsNoColourEvenWithoutNoColor() {
        assertThat(cli.run("status", "job-1", "--platform", "azure").err()).doesNotContain("\u001b");
    }

    @Test
    void versionNamesTheBuild() {
        var result = cli.run("--version");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("trainjob ").doesNotContain("unknown");
    }

    @Test
    void completionScriptIsGenerated() {
        var result = cli.run("generate-completion");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("complete -F").contains("submit").contains("diagnose");
    }
}

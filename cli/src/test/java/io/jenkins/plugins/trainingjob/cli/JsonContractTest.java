package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * docs/cli-output.schema.json is the contract of {@code -o json}: every command, in success and in failure,
 * against the embedded simulator, prints exactly one document on stdout that conforms to the schema, has
 * its keys sorted in every object, spells every platform in lower case, and carries the process's own
 * exit code.
 */
class JsonContractTest extends SimulatorBackedCliTest {

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

    private static JsonSchemaChecker schema;

    /** The schema, read once: other tests (FallbackSubmitTest) check their documents with {@link #conforms}. */
    static synchronized JsonSchemaChecker schema() throws Exception {
        if (schema == null) {
            schema = new JsonSchemaChecker(Terminal.JSON.readTree(
                    Files.readString(DocsExamplesTest.ROOT.resolve("docs/cli-output.schema.json"))));
        }
        return schema;
    }

    /** Runs {@code args} with {@code -o json}, checks the document against the contract and returns it. */
    JsonNode document(String command, int exitCode, String... args) throws Exception {
        String[] all = java.util.stream.Stream.concat(
                        java.util.Arrays.stream(args), java.util.stream.Stream.of("-o", "json"))
                .toArray(String[]::new);
        CliHarness.Result result = cli.run(all);
        return conforms(command, exitCode, result, String.join(" ", args));
    }

    static JsonNode conforms(String command, int exitCode, CliHarness.Result result, String what) throws Exception {
        assertThat(result.exitCode())
                .as("%s exit code; stderr:%n%s", what, result.err())
                .isEqualTo(exitCode);
        var parser = Terminal.JSON.getFactory().createParser(result.out());
        JsonNode doc = Terminal.JSON.readTree(parser);
        assertThat(parser.nextToken())
                .as("%s: exactly one document on stdout:%n%s", what, result.out())
                .isNull();
        assertThat(schema().problems(doc))
                .as("%s conforms to the schema:%n%s", what, result.out())
                .isEmpty();
        assertThat(doc.path("command").asText()).as(what).isEqualTo(command);
        assertThat(doc.path("exitCode").asInt()).as(what).isEqualTo(exitCode);
        assertThat(doc.path("message").asText()).as(what).isNotBlank();
        if (doc.has("outcome")
                && doc.path("job").has("name")
                && !doc.path("message").asText().startsWith("Job ")) {
            // an outcome's sentence names its job, read alone in a CI log (P15: "is scheduled: RUNNING ...")
            assertThat(doc.path("message").asText())
                    .as("%s: the message names the job", what)
                    .startsWith("job " + doc.path("job").path("name").asText());
        }
        List<String> unsorted = new ArrayList<>();
        List<String> upperPlatforms = new ArrayList<>();
        walk(doc, "$", unsorted, upperPlatforms);
        assertThat(unsorted).as("%s: objects whose keys are not sorted", what).isEmpty();
        assertThat(upperPlatforms).as("%s: platforms not in lower case", what).isEmpty();
        if (exitCode == ExitCode.INVALID_INPUT || exitCode == ExitCode.PLATFORM_ERROR) {
            assertThat(doc.has("error"))
                    .as("%s: a failure says what failed under 'error'", what)
                    .isTrue();
        }
        return doc;
    }

    private static void walk(JsonNode node, String path, List<String> unsorted, List<String> upperPlatforms) {
        if (node.isObject()) {
            String previous = null;
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (previous != null && previous.compareTo(key) > 0) {
                    unsorted.add(path + ": " + previous + " before " + key);
                }
                previous = key;
                JsonNode value = node.get(key);
                if (key.equals("platform")
                        && value.isTextual()
                        && !value.asText().equals(value.asText().toLowerCase(java.util.Locale.ROOT))) {
                    upperPlatforms.add(path + ".platform = " + value.asText());
                }
                walk(value, path + "." + key, unsorted, upperPlatforms);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "[" + i + "]", unsorted, upperPlatforms);
            }
        }
    }

    String submitted(String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit", spec("small-job.yaml"), "--set", "RUN=j" + RUNS.incrementAndGet(), "--set", "RUN_SECONDS=1"));
        args.addAll(List.of(more));
        var result = cli.run(args.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.err()).isZero();
        return result.out().strip();
    }

    @Test
    void theRootVersionHelpAndArgumentErrors() throws Exception {
        assertThat(document("trainjob", 0, "--version")
                        .path("version")
                        .path("trainjob")
                        .asText())
                .isNotEmpty();
        assertThat(document("submit", 0, "submit", "--help").path("help").asText())
                .contains("--pending-timeout");
        assertThat(document("help", 0, "help", "status").path("help").asText()).contains("--watch");
        JsonNode unknown = document("trainjob", 2, "nosuchcmd");
        assertThat(unknown.path("error").path("kind").asText()).isEqualTo("arguments");
        assertThat(document("submit", 2, "submit", spec("small-job.yaml"), "--pending-timeout", "10")
                        .path("message")
                        .asText())
                .contains("--pending-timeout");
        assertThat(document("status", 2, "status")
                        .path("error")
                        .path("problems")
                        .get(0)
                        .asText())
                .contains("JOB_ID");
    }

    @Test
    void submitAndCheck() throws Exception {
        JsonNode sub = document(
                "submit",
                0,
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=j" + RUNS.incrementAndGet(),
                "--set",
                "RUN_SECONDS=1");
        assertThat(sub.path("platform").asText()).isEqualTo("aihc");
        assertThat(sub.path("job").path("id").asText()).isNotEmpty();
        assertThat(sub.path("submission").path("alreadySubmitted").asBoolean()).isFalse();
        JsonNode waited = document(
                "submit",
                0,
                "submit",
                spec("small-job.yaml"),
                "--set",
                "RUN=j" + RUNS.incrementAndGet(),
                "--set",
                "RUN_SECONDS=1",
                "--wait",
                "completed",
                "--poll-interval",
                "50ms");
        assertThat(waited.path("outcome").asText()).isEqualTo("completed");

        JsonNode invalid = document("submit", 2, "submit", spec("invalid-job.yaml"));
        assertThat(invalid.path("error").path("kind").asText()).isEqualTo("spec");
        assertThat(invalid.path("error").path("problems")).isNotEmpty();

        Path never = Files.writeString(
                dir.resolve("never.yaml"),
                Files.readString(Path.of(spec("gpu8-job.yaml"))).replace("quantity: 8", "quantity: 16"));
        JsonNode refused = document("submit", 3, "submit", never.toString(), "--wait", "scheduled");
        assertThat(refused.path("preflight").path("verdict").asText()).isEqualTo("NEVER_FITS");
        assertThat(refused.path("report").path("job").path("platform").asText()).isEqualTo("aihc");
        assertThat(refused.path("report").path("schemaVersion").asInt()).isEqualTo(1);

        JsonNode fits =
                document("check", 0, "check", spec("small-job.yaml"), "--set", "RUN=c", "--set", "RUN_SECONDS=1");
        assertThat(fits.path("preflight").path("refused").asBoolean()).isFalse();
        assertThat(document("check", 3, "check", never.toString())
                        .path("report")
                        .path("verdict")
                        .asText())
                .isEqualTo("NEVER_FITS");
    }

    @Test
    void awaitStatusCancelLogsAndList() throws Exception {
        String id = submitted();
        JsonNode await = document("await", 0, "await", id, "--wait", "completed", "--poll-interval", "50ms");
        assertThat(await.path("job").path("name").asText())
                .as("the name, not the id")
                .startsWith("cli-small-j");
        assertThat(document("await", 2, "await", "pytorchjob-nope")
                        .path("error")
                        .path("kind")
                        .asText())
                .isEqualTo("invalid_input");

        JsonNode status = document("status", 0, "status", id);
        assertThat(status.path("status").path("phase").asText()).isEqualTo("SUCCEEDED");
        document("status", 2, "status", "pytorchjob-nope");

        JsonNode ended = document("cancel", 0, "cancel", id);
        assertThat(ended.path("cancel").path("alreadyEnded").asBoolean()).isTrue();
        assertThat(ended.path("message").asText()).contains("already ended (SUCCEEDED); nothing to stop");
        document("cancel", 2, "cancel", "pytorchjob-nope");

        JsonNode logs = document("logs", 0, "logs", id);
        assertThat(logs.path("worker").asText()).isNotEmpty();
        document("logs", 2, "logs", "pytorchjob-nope");

        assertThat(document("list", 0, "list").path("jobs")).isNotEmpty();
        assertThat(document("history", 0, "history").path("history").path("classes"))
                .isNotEmpty();
        document("list", 2, "list", "--state", "bogus");
    }

    @Test
    void diagnoseAndReport() throws Exception {
        var pending = cli.run("submit", spec("gpu8-job.yaml"));
        assertThat(pending.exitCode()).as(pending.err()).isZero();
        JsonNode diagnosis = document("diagnose", 0, "diagnose", pending.out().strip(), "--poll-interval", "50ms");
        assertThat(diagnosis.path("report").path("job").path("name").asText())
                .isEqualTo("sulingang-diagnose-node-taint");
        document("diagnose", 2, "diagnose");

        Path saved = CliHarness.resource(dir, "aihc-schedule-diagnosis-query.json");
        assertThat(document("report", 0, "report", saved.toString())
                        .path("report")
                        .path("verdict")
                        .asText())
                .isNotEmpty();
        JsonNode written = document(
                "report",
                0,
                "report",
                saved.toString(),
                "--output",
                dir.resolve("r.html").toString());
        assertThat(written.path("file").path("format").asText()).isEqualTo("html");
        assertThat(document("report", 0, "report", saved.toString(), "--format", "markdown")
                        .path("rendered")
                        .path("text")
                        .asText())
                .startsWith("#");
        document("report", 2, "report", dir.resolve("missing.json").toString());
    }

    @Test
    void validateCheckConnectionAndCompletion() throws Exception {
        assertThat(document(
                                "validate",
                                0,
                                "validate",
                                spec("small-job.yaml"),
                                "--set",
                                "RUN=v",
                                "--set",
                                "RUN_SECONDS=1")
                        .path("spec")
                        .path("valid")
                        .asBoolean())
                .isTrue();
        document("validate", 2, "validate", spec("invalid-job.yaml"));

        assertThat(document("check-connection", 0, "check-connection")
                        .path("connection")
                        .path("ok")
                        .asBoolean())
                .isTrue();
        cli.env.put("TRAINJOB_SECRET_KEY", "wrong-secret");
        JsonNode refused = document("check-connection", 5, "check-connection");
        assertThat(refused.path("error").path("kind").asText()).isEqualTo("platform_error");
        assertThat(refused.path("platform").asText()).isEqualTo("aihc");
        assertThat(refused.toString()).doesNotContain("wrong-secret");

        assertThat(document("generate-completion", 0, "generate-completion")
                        .path("completion")
                        .path("script")
                        .asText())
                .contains("trainjob");
        document("generate-completion", 2, "generate-completion", "extra");
    }

    @Test
    void senseCoreSpeaksTheSameEnvelope() throws Exception {
        List<String> args = new ArrayList<>(List.of("submit", spec("sensecore-small-job.yaml")));
        args.addAll(List.of(SENSECORE));
        JsonNode doc = document("submit", 0, args.toArray(String[]::new));
        assertThat(doc.path("platform").asText()).isEqualTo("sensecore");
    }

    @Test
    void theSimulatorAndTheDemo() throws Exception {
        CompletableFuture<CliHarness.Result> run =
                CompletableFuture.supplyAsync(() -> cli.run("simulator", "-o", "json"));
        cli.interrupts.pressWhenArmed();
        JsonNode sim = conforms("simulator", 0, run.get(30, TimeUnit.SECONDS), "simulator");
        assertThat(sim.path("simulator").path("endpoint").asText()).startsWith("http://127.0.0.1:");
        document("simulator", 2, "simulator", "--scenario", "no-such-scenario.yaml");

        JsonNode demo = document("demo", 0, "demo", "--speed", "300");
        assertThat(demo.path("asIntended").asBoolean()).isTrue();
        assertThat(demo.path("jobs")).hasSize(2);
        document("demo", 2, "demo", "--speed", "0");
    }
}

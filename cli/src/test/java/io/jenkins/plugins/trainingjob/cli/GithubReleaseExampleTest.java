package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code docs/examples/github-release.yml} as GitHub would, against the simulator: every leg of the
 * sweep's matrix with the train step's own command line (its {@code ${{ }}} expressions filled in), then
 * the gate job's own script in bash with the legs' outputs files. What differs, as in
 * {@link DocsExamplesTest}: the connection comes from the simulator instead of the secrets, the simulator
 * runs forty times faster (a leg's 5 s run takes 125 ms) and the command polls every 100 ms.
 */
class GithubReleaseExampleTest {

    static final Path WORKFLOW = DocsExamplesTest.ROOT.resolve("docs/examples/github-release.yml");
    static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{\\s*([a-z_.-]+)\\s*}}");

    static Simulator sim;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSimulator() {
        sim = SimulatedPlatform.start(40.0);
    }

    @AfterAll
    static void stopSimulator() {
        sim.close();
    }

    static JsonNode workflow() throws IOException {
        return new YAMLMapper().readTree(Files.readString(WORKFLOW));
    }

    /** A {@code ${{ name }}} expression's value for leg {@code index} of the matrix. */
    static String fill(String text, JsonNode leg, int index) {
        Matcher m = EXPRESSION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String value =
                    switch (name) {
                        case "github.run_id" -> "4201";
                        case "github.run_attempt" -> "1";
                        case "github.sha" -> "abc123";
                        case "strategy.job-index" -> Integer.toString(index);
                        default ->
                            name.startsWith("matrix.")
                                    ? leg.path(name.substring("matrix.".length()))
                                            .asText()
                                    : name.startsWith("secrets.") ? "" : null;
                    };
            assertThat(value).as("a value for ${{ %s }}", name).isNotNull();
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    /** Shell words of one command line: blanks split, double quotes group. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return words;
    }

    /** Runs one leg's train step in-process; returns the exit code. */
    int runLeg(JsonNode train, JsonNode leg, int index) {
        CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
        train.path("env").fields().forEachRemaining(e -> {
            // the simulator's connection replaces the secrets and the region (the header comment says so)
            if (!e.getKey().startsWith("BCE_") && !e.getKey().startsWith("TRAINJOB_")) {
                cli.env.put(e.getKey(), fill(e.getValue().asText(), leg, index));
            }
        });
        String run = train.path("steps").get(1).path("run").asText().strip();
        assertThat(run)
                .as("the train step execs trainjob, so a cancelled run stops the job")
                .startsWith("exec ./trainjob ");
        List<String> args = new ArrayList<>();
        for (String w : words(fill(run.substring("exec ./trainjob ".length()), leg, index))) {
            boolean file = w.endsWith(".env") || w.endsWith(".md");
            args.add(
                    w.startsWith("docs/")
                            ? DocsExamplesTest.ROOT.resolve(w).toString()
                            : file ? dir.resolve(w).toString() : w);
        }
        args.addAll(List.of("--poll-interval", "100ms"));
        CliHarness.Result result = cli.run(args.toArray(String[]::new));
        assertThat(result.err()).as("leg %s", leg).contains("outputs (worker ");
        return result.withoutStackTrace().exitCode();
    }

    /** The gate job's script in bash, in the directory holding the legs' files; returns $GITHUB_OUTPUT. */
    String runGate(JsonNode gate, String minAccuracy) throws Exception {
        JsonNode step = gate.path("steps").get(1);
        Path githubOutput = dir.resolve("github_output_" + minAccuracy);
        ProcessBuilder pb = new ProcessBuilder("bash", "-euc", step.path("run").asText())
                .directory(dir.toFile())
                .redirectErrorStream(true);
        pb.environment().put("MIN_ACCURACY", minAccuracy);
        pb.environment().put("GITHUB_OUTPUT", githubOutput.toString());
        Process p = pb.start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        return Files.readString(githubOutput);
    }

    @Test
    void theSweepsOutputsDecideTheGateAsTheWorkflowIsWritten() throws Exception {
        JsonNode jobs = workflow().path("jobs");
        JsonNode train = jobs.path("train");
        JsonNode legs = train.path("strategy").path("matrix").path("include");
        assertThat(legs).hasSize(3);
        for (int i = 0; i < legs.size(); i++) {
            assertThat(runLeg(train, legs.get(i), i)).as("leg %s", legs.get(i)).isZero();
        }
        assertThat(Files.readAllLines(dir.resolve("leg-3e-4.env")))
                .containsExactly("accuracy=0.86", "checkpoint=bos://ml-ckpt/4201/lr3e-4");
        assertThat(Files.readString(dir.resolve("leg-1e-3.md"))).contains("- **Output accuracy**: 0.78");

        JsonNode gate = jobs.path("gate");
        String passing = runGate(
                gate, gate.path("steps").get(1).path("env").path("MIN_ACCURACY").asText());
        assertThat(passing.lines())
                .containsExactly("passed=true", "best_lr=3e-4", "checkpoint=bos://ml-ckpt/4201/lr3e-4");
        // the same legs against a bar none of them reaches: the gate says no, promote would not run
        assertThat(runGate(gate, "0.9").lines()).contains("passed=false", "best_lr=3e-4");
        assertThat(jobs.path("promote").path("if").asText()).contains("needs.gate.outputs.passed == 'true'");
    }

    @Test
    void everyTrainjobStepOfTheWorkflowExecsIt() throws Exception {
        List<String> runs = new ArrayList<>();
        workflow().path("jobs").forEach(job -> job.path("steps").forEach(s -> {
            if (s.path("run").asText().contains("trainjob ")) {
                runs.add(s.path("run").asText().strip());
            }
        }));
        assertThat(runs).isNotEmpty().allMatch(r -> r.startsWith("exec ./trainjob "));
    }
}

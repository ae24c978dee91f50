package io.jenkins.plugins.trainingjob.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Runs the steps of a GitHub Actions job or composite action here, as the runner does, so the shipped
 * workflow and action are tested as written: each {@code run:} step in {@code bash --noprofile --norc -eo
 * pipefail <script>} in the workspace, with its {@code env:} ({@code ${{ }}} filled in), a fresh
 * {@code $GITHUB_OUTPUT} file read back as the step's outputs, the job's {@code $GITHUB_STEP_SUMMARY}; steps
 * run when their {@code if:} says so ({@link GithubExpression}: a failed step skips the ones after it unless
 * they ask for {@code always()}, {@code failure()} or {@code cancelled()}). A local composite action
 * ({@code uses: ./path}) runs its own steps with {@code inputs} and {@code $GITHUB_ACTION_PATH}; other
 * {@code uses:} steps are what the test says they are ({@link #uses}): a checkout is the workspace the test
 * prepared, setup-java the JDK the tests run on, artifacts a map. What the runner does on a cancel is the
 * test's to do to the step's process ({@link Cancel}); the run then reads as cancelled.
 */
final class GithubRunner {

    static final YAMLMapper YAML = new YAMLMapper();

    /** One step's end. */
    record StepRun(String id, boolean ran, int exitCode, Map<String, String> outputs, String log) {}

    /** How a job or an action's steps ended. */
    record Run(List<StepRun> steps, Map<String, String> outputs, boolean failed, boolean cancelled) {
        StepRun step(String id) {
            return steps.stream()
                    .filter(s -> id.equals(s.id()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no step " + id + " in " + steps));
        }

        String log() {
            StringBuilder b = new StringBuilder();
            steps.forEach(s -> b.append("--- step ")
                    .append(s.id())
                    .append(s.ran() ? " exit " + s.exitCode() : " skipped")
                    .append('\n')
                    .append(s.log()));
            return b.toString();
        }
    }

    /**
     * What the runner does to a step's process while it runs (a cancel: signals, a kill). Returns whether the
     * run is cancelled from then on.
     */
    interface Cancel {
        boolean during(String stepId, Process step) throws Exception;

        Cancel NONE = (id, step) -> false;
    }

    /** A {@code uses:} step other than a local action: what it does in the test's world. */
    interface Uses {
        void run(String action, Map<String, String> with, Path workspace) throws IOException;
    }

    final Path workspace;
    final Path summary;
    final Map<String, String> env = new LinkedHashMap<>();
    /** {@code github.*}, {@code matrix.*}, {@code strategy.*}, {@code needs.*}: filled by the test. */
    final Map<String, Object> context = new HashMap<>();

    Uses uses = (action, with, ws) -> {
        throw new AssertionError("uses: " + action + " is not modelled by this test");
    };

    Cancel cancel = Cancel.NONE;

    /**
     * What the test points elsewhere, over every step's own {@code env:}: the simulator's endpoint and keys
     * instead of a region and the secrets; {@code null} removes a variable.
     */
    final Map<String, String> envOverride = new LinkedHashMap<>();

    /** What the test changes in a local action's inputs (a shorter poll interval), else nothing. */
    UnaryOperator<Map<String, String>> actionInputs = UnaryOperator.identity();

    private boolean cancelled;
    private int stepNumber;

    GithubRunner(Path workspace) throws IOException {
        this.workspace = Files.createDirectories(workspace);
        this.summary = workspace.resolveSibling(workspace.getFileName() + ".summary.md");
        Files.writeString(summary, "");
        Map<String, Object> github = new HashMap<>();
        github.put("run_id", "4201");
        github.put("run_attempt", "1");
        github.put("sha", "abc123");
        github.put("ref", "refs/heads/main");
        github.put("job", "train");
        context.put("github", github);
        context.put("secrets", Map.of());
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> github() {
        return (Map<String, Object>) context.get("github");
    }

    /** The steps of a workflow job, then its {@code outputs:}. */
    Run runJob(JsonNode job) throws Exception {
        Map<String, Object> ctx = new HashMap<>(context);
        Run run = runSteps(job.path("steps"), ctx, null);
        Map<String, String> outputs = new LinkedHashMap<>();
        job.path("outputs")
                .fields()
                .forEachRemaining(e -> outputs.put(
                        e.getKey(), GithubExpression.interpolate(e.getValue().asText(), resolver(ctx))));
        return new Run(run.steps(), outputs, run.failed(), run.cancelled());
    }

    /** A composite action's steps with {@code with} as its inputs, then its {@code outputs:}. */
    Run runAction(Path actionDir, Map<String, String> with, Map<String, String> stepEnv) throws Exception {
        JsonNode action = YAML.readTree(actionDir.resolve("action.yml").toFile());
        Map<String, Object> inputs = new HashMap<>();
        action.path("inputs")
                .fields()
                .forEachRemaining(
                        e -> inputs.put(e.getKey(), e.getValue().path("default").asText("")));
        with.forEach((k, v) -> {
            if (!inputs.containsKey(k)) {
                return;
            }
            inputs.put(k, v);
        });
        action.path("inputs").fields().forEachRemaining(e -> {
            if (e.getValue().path("required").asBoolean()
                    && inputs.get(e.getKey()).toString().isEmpty()) {
                throw new AssertionError("input " + e.getKey() + " is required");
            }
        });
        Map<String, Object> ctx = new HashMap<>(context);
        ctx.put("inputs", inputs);
        Map<String, Object> github = new HashMap<>(github());
        github.put("action_path", actionDir.toString());
        ctx.put("github", github);
        Map<String, String> saved = new LinkedHashMap<>(env);
        env.putAll(stepEnv);
        env.put("GITHUB_ACTION_PATH", actionDir.toString());
        try {
            Run run = runSteps(action.at("/runs/steps"), ctx, actionDir);
            Map<String, String> outputs = new LinkedHashMap<>();
            action.path("outputs")
                    .fields()
                    .forEachRemaining(e -> outputs.put(
                            e.getKey(),
                            GithubExpression.interpolate(
                                    e.getValue().path("value").asText(), resolver(ctx))));
            return new Run(run.steps(), outputs, run.failed(), run.cancelled());
        } finally {
            env.clear();
            env.putAll(saved);
        }
    }

    private Run runSteps(JsonNode steps, Map<String, Object> ctx, Path actionDir) throws Exception {
        Map<String, Object> stepsContext = new HashMap<>();
        ctx.put("steps", stepsContext);
        List<StepRun> runs = new ArrayList<>();
        boolean failed = false;
        for (JsonNode step : steps) {
            String id = step.path("id").asText("step" + (++stepNumber));
            Function<String, Object> resolve = resolver(ctx);
            boolean due = GithubExpression.condition(
                    step.path("if").asText(null), resolve, new GithubExpression.Status(cancelled, failed));
            if (!due) {
                runs.add(new StepRun(id, false, 0, Map.of(), ""));
                continue;
            }
            Map<String, String> stepEnv = new LinkedHashMap<>();
            step.path("env")
                    .fields()
                    .forEachRemaining(e -> stepEnv.put(
                            e.getKey(),
                            GithubExpression.interpolate(e.getValue().asText(), resolve)));
            StepRun run;
            if (step.has("run")) {
                run = runScript(
                        id, GithubExpression.interpolate(step.path("run").asText(), resolve), stepEnv);
            } else {
                String action = step.path("uses").asText();
                Map<String, String> with = new LinkedHashMap<>();
                step.path("with")
                        .fields()
                        .forEachRemaining(e -> with.put(
                                e.getKey(),
                                GithubExpression.interpolate(e.getValue().asText(), resolve)));
                if (action.startsWith("./")) {
                    Run inner = runAction(workspace.resolve(action).normalize(), actionInputs.apply(with), stepEnv);
                    run = new StepRun(id, true, inner.failed() ? 1 : 0, inner.outputs(), inner.log());
                } else {
                    uses.run(action, with, workspace);
                    run = new StepRun(id, true, 0, Map.of(), "(uses " + action + ")\n");
                }
            }
            runs.add(run);
            stepsContext.put(
                    id, Map.of("outputs", run.outputs(), "outcome", run.exitCode() == 0 ? "success" : "failure"));
            failed |= run.exitCode() != 0;
        }
        return new Run(runs, Map.of(), failed, cancelled);
    }

    private StepRun runScript(String id, String script, Map<String, String> stepEnv) throws Exception {
        Path dir = Files.createDirectories(workspace.resolveSibling(workspace.getFileName() + ".runner"));
        int n = ++stepNumber;
        Path file = dir.resolve(n + ".sh");
        Path output = dir.resolve(n + ".output");
        Path log = dir.resolve(n + ".log");
        Files.writeString(file, script);
        Files.writeString(output, "");
        ProcessBuilder pb = new ProcessBuilder("bash", "--noprofile", "--norc", "-eo", "pipefail", file.toString())
                .directory(workspace.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> processEnv = pb.environment();
        processEnv.putAll(env);
        processEnv.putAll(stepEnv);
        envOverride.forEach((k, v) -> {
            if (v == null) {
                processEnv.remove(k);
            } else {
                processEnv.put(k, v);
            }
        });
        processEnv.put("GITHUB_OUTPUT", output.toString());
        processEnv.put("GITHUB_STEP_SUMMARY", summary.toString());
        processEnv.put("GITHUB_WORKSPACE", workspace.toString());
        processEnv.put("GITHUB_RUN_ID", String.valueOf(github().get("run_id")));
        processEnv.put("GITHUB_RUN_ATTEMPT", String.valueOf(github().get("run_attempt")));
        processEnv.put("GITHUB_JOB", String.valueOf(github().get("job")));
        Process p = pb.start();
        try {
            if (!cancelled && cancel.during(id, p)) {
                cancelled = true;
            }
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                throw new AssertionError("step " + id + " still runs after 180 s: " + Files.readString(log));
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        return new StepRun(id, true, p.exitValue(), outputs(Files.readString(output)), Files.readString(log));
    }

    /** {@code $GITHUB_OUTPUT} as the runner reads it: {@code NAME=value} lines and {@code NAME<<DELIM} blocks. */
    static Map<String, String> outputs(String file) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> lines = file.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int eq = line.indexOf('=');
            int heredoc = line.indexOf("<<");
            if (heredoc > 0 && (eq < 0 || heredoc < eq)) {
                String delimiter = line.substring(heredoc + 2);
                StringBuilder value = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).equals(delimiter); i++) {
                    value.append(value.length() > 0 ? "\n" : "").append(lines.get(i));
                }
                out.put(line.substring(0, heredoc), value.toString());
            } else if (eq > 0) {
                out.put(line.substring(0, eq), line.substring(eq + 1));
            } else if (!line.isEmpty()) {
                throw new AssertionError("the runner refuses this $GITHUB_OUTPUT line: " + line);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Function<String, Object> resolver(Map<String, Object> ctx) {
        return path -> {
            Object node = ctx;
            for (String part : path.split("\\.")) {
                if (!(node instanceof Map<?, ?> map)) {
                    return null;
                }
                node = ((Map<String, Object>) map).get(part);
            }
            return node;
        };
    }

    static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/ci/gitlab-trainjob.yml} run as GitLab's runner runs a job (its {@code script} lines in one
 * shell, then its {@code after_script} in another, with the job's variables in the environment): options one
 * word per line with no word splitting, one quoted executable (security-2 N6), timeouts that leave the
 * after_script time to stop the job when the job times out, and that after_script stopping a job whose script
 * was killed (review newcomer-release-3 P7, D7).
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class GitlabTemplateTest {

    static final Path TEMPLATE = DocsExamplesTest.ROOT.resolve("docs/ci/gitlab-trainjob.yml");

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

    static JsonNode job() throws Exception {
        return GithubRunner.YAML.readTree(TEMPLATE.toFile()).path(".trainjob");
    }

    /** The job's variables, as GitLab sets them (its own ${CI_*} already expanded). */
    Map<String, String> variables(Map<String, String> overrides) throws Exception {
        Map<String, String> vars = new HashMap<>();
        job().path("variables")
                .fields()
                .forEachRemaining(e -> vars.put(e.getKey(), e.getValue().asText()));
        vars.put("TRAINJOB_CLIENT_TOKEN", "gl-77-901");
        vars.putAll(overrides);
        return vars;
    }

    /** One section (script or after_script) in {@code shell}; returns the process, running. */
    Process start(String shell, String section, Map<String, String> vars, Path log) throws Exception {
        StringBuilder script = new StringBuilder();
        job().path(section).forEach(line -> script.append(line.asText()).append('\n'));
        Path file = Files.createTempFile(dir, section, ".sh");
        Files.writeString(file, script);
        ProcessBuilder pb = new ProcessBuilder(shell, "-e", file.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().putAll(vars);
        return pb.start();
    }

    String run(String shell, String section, Map<String, String> vars) throws Exception {
        Path log = Files.createTempFile(dir, section, ".log");
        Process p = start(shell, section, vars, log);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return "exit " + p.exitValue() + "\n" + Files.readString(log, StandardCharsets.UTF_8);
    }

    @Test
    void optionsAreOneWordPerLineAndTheExecutableOneQuotedPath() throws Exception {
        Path recorder = TestLaunchers.executable(
                dir.resolve("tools dir/trainjob"),
                "#!/bin/sh\nfor a in \"$@\"; do printf '<%s>\\n' \"$a\"; done > \"$WORDS\"\n");
        for (String shell : List.of("bash", "sh")) {
            Path words = dir.resolve(shell + ".words");
            String out = run(
                    shell,
                    "script",
                    variables(Map.of(
                            "TRAINJOB",
                            recorder.toString(),
                            "WORDS",
                            words.toString(),
                            "TRAINJOB_SPEC",
                            "ci/my spec.yaml",
                            "TRAINJOB_ARGS",
                            "--set=NOTE=a  b *\n  --pending-timeout\n15m\n\n")));

            assertThat(out).as(shell).startsWith("exit 0");
            assertThat(Files.readAllLines(words))
                    .as(shell)
                    .containsExactly(
                            "<submit>",
                            "<ci/my spec.yaml>",
                            "<--client-token>",
                            "<gl-77-901>",
                            "<--wait>",
                            "<completed>",
                            "<--timeout>",
                            "<7h30m>",
                            "<--cancel-on-failure>",
                            "<--set=NOTE=a  b *>",
                            "<--pending-timeout>",
                            "<15m>");
        }
    }

    @Test
    void anArgsLineHoldingAnOptionAndItsValueApartIsRefusedWithTheFormToUse() throws Exception {
        Path recorder = TestLaunchers.executable(dir.resolve("trainjob"), "#!/bin/sh\nexit 0\n");
        String out = run(
                "sh",
                "script",
                variables(Map.of("TRAINJOB", recorder.toString(), "TRAINJOB_ARGS", "--set NOTE=x y\n")));

        assertThat(out)
                .startsWith("exit 2")
                .contains("TRAINJOB_ARGS line '--set NOTE=x y': one argument per line; write --set=VALUE");
    }

    @Test
    void theTimeoutsLeaveTheAfterScriptTimeToStopTheJobAndTheHeaderSaysTheNumbers() throws Exception {
        JsonNode job = job();
        Duration jobTimeout =
                new DurationConverter().convert(job.path("timeout").asText());
        Duration trainjob = new DurationConverter()
                .convert(job.at("/variables/TRAINJOB_TIMEOUT").asText());
        Duration script = new DurationConverter()
                .convert(job.at("/variables/RUNNER_SCRIPT_TIMEOUT").asText());
        Duration afterScript = new DurationConverter()
                .convert(job.at("/variables/RUNNER_AFTER_SCRIPT_TIMEOUT").asText());

        // trainjob stops the job itself first; should it not, the runner ends the script with time left for
        // the after_script, and both fit in the job's timeout with room for the clone and the build
        assertThat(trainjob).isLessThan(script);
        assertThat(script.plus(afterScript).plusMinutes(10)).isLessThanOrEqualTo(jobTimeout);
        String header = Files.readString(TEMPLATE);
        for (Duration d : List.of(jobTimeout, trainjob, script, afterScript)) {
            assertThat(header).contains(DurationText.format(d).replace(" ", ""));
        }
        assertThat(job.path("script").get(0).asText()).contains("--timeout \"$TRAINJOB_TIMEOUT\" --cancel-on-failure");
    }

    @Test
    void afterAScriptKilledOnItsTimeoutTheAfterScriptStopsTheJob() throws Exception {
        Path trainjob = TestLaunchers.script(dir.resolve("bin/trainjob"));
        Files.copy(CliHarness.resource(dir, "small-job.yaml"), dir.resolve("train.yaml"));
        Map<String, String> vars = variables(Map.of(
                "TRAINJOB", trainjob.toString(),
                "TRAINJOB_ARGS", "--poll-interval=200ms",
                "TRAINJOB_CLIENT_TOKEN", "gl-timeout-1",
                "RUN", "gl-timeout",
                "RUN_SECONDS", "600",
                "HOME", dir.toString()));
        vars.putAll(SimulatedPlatform.environment(sim));

        Process script = start("bash", "script", vars, dir.resolve("script.log"));
        try {
            awaitRunning("cli-small-gl-timeout", script);
        } finally {
            // RUNNER_SCRIPT_TIMEOUT: the runner kills the script, and nothing in it outlives that
            script.descendants().forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
            script.waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(find("cli-small-gl-timeout"))
                .hasValueSatisfying(j -> assertThat(j.state()).isEqualTo(JobState.RUNNING));
        vars.put("CI_JOB_STATUS", "failed");

        String after = run("bash", "after_script", vars);

        assertThat(after).startsWith("exit 0").contains("stopped job");
        assertThat(find("cli-small-gl-timeout"))
                .hasValueSatisfying(j -> assertThat(j.state()).isEqualTo(JobState.STOPPED));
    }

    private static void awaitRunning(String name, Process script) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (find(name).filter(j -> j.state() == JobState.RUNNING).isPresent()) {
                return;
            }
            if (!script.isAlive()) {
                throw new AssertionError("the script ended before " + name + " ran: exit " + script.exitValue());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no RUNNING job " + name);
    }

    private static Optional<JobView> find(String name) {
        return sim.jobs().stream().filter(j -> j.name().equals(name)).findFirst();
    }
}

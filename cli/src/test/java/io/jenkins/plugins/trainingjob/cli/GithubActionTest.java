package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The composite action {@code .github/actions/trainjob} run as the runner runs it ({@link GithubRunner}):
 * its steps in bash, its inputs, outputs and step summary, the real CLI in a JVM of its own against the
 * simulator (review newcomer-release-3 P5, P6, P17; security-2 N6; issue 35 item 3). Where only what the
 * action hands the CLI matters, a stand-in executable records its arguments instead of starting a JVM.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class GithubActionTest {

    static final Path ACTION = DocsExamplesTest.ROOT.resolve(".github/actions/trainjob");

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

    /** A runner for one job of a workflow run, its trainjob pointed at the simulator. */
    GithubRunner runner(String name) throws IOException {
        GithubRunner runner = new GithubRunner(dir.resolve(name));
        runner.env.put("PATH", Path.of(TestLaunchers.java()).getParent() + ":" + System.getenv("PATH"));
        runner.env.put("HOME", dir.toString());
        runner.env.putAll(SimulatedPlatform.environment(sim));
        Files.copy(CliHarness.resource(dir, "small-job.yaml"), runner.workspace.resolve("job.yaml"));
        return runner;
    }

    /** The spec's two variables, as a workflow's step env gives them. */
    static Map<String, String> leg(String run, String seconds) {
        return Map.of("RUN", run, "RUN_SECONDS", seconds);
    }

    @Test
    void everyMatrixLegWithoutAClientTokenGetsAJobOfItsOwn() throws Exception {
        Path jar = TestLaunchers.jar(dir.resolve("cli"));
        GithubRunner.Run[] legs = new GithubRunner.Run[2];
        for (int i = 0; i < 2; i++) {
            // the same run, attempt and job for both legs: all a default made of them can tell apart is nothing
            GithubRunner runner = runner("leg" + i);
            legs[i] = runner.runAction(
                    ACTION,
                    Map.of(
                            "spec",
                            "job.yaml",
                            "trainjob",
                            jar.toString(),
                            "java-version",
                            "",
                            "args",
                            "--poll-interval=100ms"),
                    leg("matrix-" + i, "1"));
            assertThat(legs[i].failed()).as(legs[i].log()).isFalse();
            assertThat(legs[i].outputs())
                    .containsEntry("outcome", "completed")
                    .hasEntrySatisfying("client-token", t -> assertThat(t).matches("gh-4201-1-[0-9a-f]{12}"));
            assertThat(GithubRunner.read(runner.summary))
                    .as("the report reaches the step summary")
                    .contains("cli-small-matrix-" + i)
                    .contains("SUCCEEDED");
        }
        assertThat(legs[0].outputs().get("client-token"))
                .isNotEqualTo(legs[1].outputs().get("client-token"));
        assertThat(legs[0].outputs().get("job-id"))
                .isNotEqualTo(legs[1].outputs().get("job-id"));
        assertThat(List.of(legs[0].outputs().get("job-id"), legs[1].outputs().get("job-id")))
                .allSatisfy(id -> assertThat(job(id))
                        .hasValueSatisfying(j -> assertThat(j.state()).isEqualTo(JobState.SUCCEEDED)));
    }

    @Test
    void optionsTakeTheEqualsFormAndValuesWithBlanks() throws Exception {
        GithubRunner runner = runner("args");
        Files.writeString(
                runner.workspace.resolve("job.yaml"),
                Files.readString(runner.workspace.resolve("job.yaml"))
                        .replace("RUN_SECONDS}\"", "RUN_SECONDS}\"\n    - name: NOTE\n      value: \"${NOTE}\""));
        GithubRunner.Run run = runner.runAction(
                ACTION,
                Map.of(
                        "spec", "job.yaml",
                        "trainjob", TestLaunchers.jar(dir.resolve("cli")).toString(),
                        "java-version", "",
                        "args", "--wait=completed\n  --set=NOTE=nightly run, all legs  \n--poll-interval\n100ms\n"),
                leg("args", "1"));

        assertThat(run.failed()).as(run.log()).isFalse();
        assertThat(run.outputs()).containsEntry("outcome", "completed");
        JobView job = job(run.outputs().get("job-id")).orElseThrow();
        assertThat(job.spec().toString()).contains("\"value\":\"nightly run, all legs\"");
    }

    @Test
    void whatTheActionHandsTheCliIsOneWordPerArgsLine() throws Exception {
        GithubRunner runner = runner("words");
        Path recorder = TestLaunchers.executable(
                dir.resolve("bin/trainjob"),
                "#!/bin/sh\nfor a in \"$@\"; do printf '<%s>\\n' \"$a\"; done > \"$WORDS\"\necho '{}'\n");
        runner.env.put("WORDS", dir.resolve("words.txt").toString());

        GithubRunner.Run run = runner.runAction(
                ACTION,
                Map.of(
                        "spec", "my spec.yaml",
                        "trainjob", recorder.toString(),
                        "java-version", "",
                        "client-token", "tok-1",
                        "args", "--set=NOTE=a  b *\n--timeout\n6h\n"),
                Map.of());

        assertThat(run.failed()).as(run.log()).isFalse();
        assertThat(Files.readAllLines(dir.resolve("words.txt")))
                .containsExactly(
                        "<submit>",
                        "<my spec.yaml>",
                        "<--wait>",
                        "<completed>",
                        "<--client-token>",
                        "<tok-1>",
                        "<--reuse>",
                        "<never>",
                        "<--report-file>",
                        "<trainjob-report.md>",
                        "<--outputs-file>",
                        "<trainjob-outputs.env>",
                        "<-o>",
                        "<json>",
                        "<--set=NOTE=a  b *>",
                        "<--timeout>",
                        "<6h>");
    }

    @Test
    void anArgsLineHoldingAnOptionAndItsValueApartIsRefusedWithTheFormToUse() throws Exception {
        GithubRunner runner = runner("refused");
        Path recorder = TestLaunchers.executable(dir.resolve("bin/trainjob"), "#!/bin/sh\necho '{}'\n");
        for (String[] line : new String[][] {
            {"--wait completed --timeout 6h", "write --wait=VALUE, or the value on the next line"},
            {"--set NOTE=x", "write --set=VALUE"},
            {"--client-token=x", "set it with the action's input instead"},
            {"-o json", "write -o=VALUE"}
        }) {
            GithubRunner.Run run = runner.runAction(
                    ACTION,
                    Map.of("spec", "job.yaml", "trainjob", recorder.toString(), "java-version", "", "args", line[0]),
                    Map.of());
            assertThat(run.step("submit").exitCode()).as(run.log()).isEqualTo(2);
            assertThat(run.step("submit").log())
                    .contains("args line '" + line[0] + "'")
                    .contains(line[1]);
        }
    }

    @Test
    void usedFromAnotherRepositoryItRunsTheLauncherOfItsOwnRepository() throws Exception {
        // the runner unpacks owner/repo@ref whole and runs the action in the caller's workspace, where
        // ./trainjob is not
        Path actionRepo = dir.resolve("_actions/owner/trainjob/v1");
        Path copy = Files.createDirectories(actionRepo.resolve(".github/actions/trainjob"));
        for (String file : List.of("action.yml", "trainjob.sh")) {
            Files.copy(ACTION.resolve(file), copy.resolve(file));
        }
        TestLaunchers.script(actionRepo.resolve("trainjob"));
        GithubRunner runner = runner("caller");
        assertThat(runner.workspace.resolve("trainjob")).doesNotExist();

        GithubRunner.Run run = runner.runAction(
                copy,
                Map.of("spec", "job.yaml", "java-version", "", "args", "--poll-interval=100ms"),
                leg("remote", "1"));

        assertThat(run.failed()).as(run.log()).isFalse();
        assertThat(run.outputs()).containsEntry("outcome", "completed");
    }

    @Test
    void theJobIdReachesTheOutputsOnlyInTheShapeOfAnId() throws Exception {
        GithubRunner runner = runner("hostile");
        for (String[] id :
                new String[][] {{"pytorchjob-1b2c\\nevil=1", ""}, {"pytorchjob-1b2c:7.x_y", "pytorchjob-1b2c:7.x_y"}}) {
            Path platformSays = TestLaunchers.executable(
                    dir.resolve("bin/trainjob"),
                    "#!/bin/sh\ncat <<'EOF'\n{\"job\": {\"id\": \"" + id[0]
                            + "\"}, \"outcome\": \"completed\"}\nEOF\n");
            GithubRunner.Run run = runner.runAction(
                    ACTION,
                    Map.of("spec", "job.yaml", "trainjob", platformSays.toString(), "java-version", ""),
                    Map.of());

            assertThat(run.step("result").outputs()).as(run.log()).containsOnlyKeys("job-id", "outcome");
            assertThat(run.outputs()).containsEntry("job-id", id[1]).containsEntry("outcome", "completed");
        }
    }

    @Test
    void aSubmitKilledBeforeItCouldStopTheJobIsStoppedByTheCancelStepWithTheTokenWrittenBeforeIt() throws Exception {
        // a lost runner, an OOM kill: nothing of trainjob's own cleanup runs
        GithubRunner.Run run = cancelledRun("killed", process -> {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        });

        assertThat(run.cancelled()).isTrue();
        assertThat(run.outputs().get("client-token")).matches("gh-4201-1-[0-9a-f]{12}");
        assertThat(run.steps().get(run.steps().size() - 1).log()).as(run.log()).contains("stopped job");
        assertThat(find("cli-small-killed"))
                .hasValueSatisfying(j -> assertThat(j.state()).isEqualTo(JobState.STOPPED));
    }

    @Test
    void githubsCancelSequenceReachesTheExecdCliWhichStopsTheJob() throws Exception {
        GithubRunner.Run run = cancelledRun("sigint", CiCancelSequenceTest::cancelSequence);

        assertThat(run.step("submit").log()).as(run.log()).contains("interrupted: stopping job");
        assertThat(find("cli-small-sigint"))
                .hasValueSatisfying(j -> assertThat(j.state()).isEqualTo(JobState.STOPPED));
        assertThat(run.steps().get(run.steps().size() - 1).ran())
                .as("the cancel step runs after a cancel, by the token written before the submit")
                .isTrue();
    }

    /** What the runner does to the submit step's process once its job runs. */
    interface ToTheSubmit {
        void apply(Process submit) throws Exception;
    }

    /** The action with a ten-minute job ({@code cli-small-<run>}), {@code cancel} done to its submit step once the job runs. */
    private GithubRunner.Run cancelledRun(String run, ToTheSubmit cancel) throws Exception {
        GithubRunner runner = runner(run);
        runner.cancel = (step, process) -> {
            if (!step.equals("submit")) {
                return false;
            }
            running("cli-small-" + run, process);
            cancel.apply(process);
            return true;
        };
        return runner.runAction(
                ACTION,
                Map.of(
                        "spec",
                        "job.yaml",
                        "trainjob",
                        TestLaunchers.jar(dir.resolve("cli")).toString(),
                        "java-version",
                        ""),
                leg(run, "600"));
    }

    /** Waits until the job named {@code name} runs, or fails with the step's state. */
    private static void running(String name, Process step) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (find(name).filter(j -> j.state() == JobState.RUNNING).isPresent()) {
                return;
            }
            if (!step.isAlive()) {
                throw new AssertionError("the submit step ended before " + name + " ran: exit " + step.exitValue());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no RUNNING job " + name);
    }

    private static Optional<JobView> find(String name) {
        return sim.jobs().stream().filter(j -> j.name().equals(name)).findFirst();
    }

    private static Optional<JobView> job(String id) {
        return sim.jobs().stream().filter(j -> j.id().equals(id)).findFirst();
    }
}

package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --reuse} against the simulator, in the worlds where a careless rule would be wrong: a job of the
 * same name but another spec, a SUCCEEDED job deleted since, a job that failed. The scenario accepts
 * repeated AIHC names, so only the spec's digest can tell the jobs apart.
 */
class SubmitReuseTest {

    private static final AtomicInteger RUNS = new AtomicInteger();
    static Simulator sim;

    @TempDir
    Path dir;

    CliHarness cli;

    @BeforeAll
    static void startSimulator() {
        Scenario s = Scenario.bundled("seed-taint-and-gpu");
        sim = Simulator.start(new Scenario(
                s.name(),
                s.seed(),
                s.credentials(),
                new Scenario.Timing(1.0, true, null, null, null, null),
                s.nodes(),
                new Scenario.AihcDecl(s.aihc().resourcePools(), true),
                s.sensecore(),
                s.faults()));
    }

    @AfterAll
    static void stopSimulator() {
        sim.close();
    }

    @BeforeEach
    void setUp() {
        cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
    }

    /**
     * The small 1-GPU job under a name of its own, running 0.2 s and exiting with {@code exitCode}: the tests
     * wait for it to end (how long it runs is not what they check).
     */
    private String spec(String name, String image, int exitCode) throws Exception {
        Path p = dir.resolve(name + "-" + RUNS.incrementAndGet() + ".yaml");
        Files.writeString(
                p,
                Files.readString(CliHarness.resource(dir, "small-job.yaml"))
                        .replace("name: cli-small-${RUN}", "name: " + name)
                        .replace("registry.example.com/train:1.0", image)
                        .replace(
                                "      value: \"${RUN_SECONDS}\"",
                                "      value: \"0.2\"\n    - name: SIM_EXIT_CODE\n" + "      value: \"" + exitCode
                                        + "\""));
        return p.toString();
    }

    private static List<JobView> jobsNamed(String name) {
        return sim.jobs().stream().filter(j -> j.name().equals(name)).toList();
    }

    private CliHarness.Result submit(String spec, String... more) {
        List<String> args =
                new java.util.ArrayList<>(List.of("submit", spec, "--wait", "completed", "--poll-interval", "50ms"));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    void succeededReturnsTheSucceededJobOfAnIdenticalSpecAndSaysSoInTheJson() throws Exception {
        String name = "reuse-" + RUNS.incrementAndGet();
        String spec = spec(name, "registry.example.com/train:1.0", 0);
        CliHarness.Result first = submit(spec, "--reuse", "succeeded", "--set", "LR=1e-4");
        assertThat(first.exitCode()).as(first.err()).isZero();
        String id = first.out().lines().findFirst().orElseThrow();

        CliHarness.Result again = cli.run("submit", spec, "--reuse", "succeeded", "--set", "LR=1e-4", "-o", "json");

        assertThat(again.exitCode()).as(again.err()).isZero();
        // "just now" under a second after it ended, else "3s ago" (P26)
        assertThat(again.err())
                .contains("reused job " + id + " (" + name + "), SUCCEEDED")
                .containsPattern("SUCCEEDED (just now|\\S.* ago) \\(client token ");
        JsonNode doc = JsonContractTest.conforms("submit", 0, again, "submit --reuse succeeded");
        assertThat(doc.at("/submission/reused/jobId").asText()).isEqualTo(id);
        assertThat(doc.at("/submission/reused/phase").asText()).isEqualTo("SUCCEEDED");
        assertThat(doc.at("/submission/alreadySubmitted").asBoolean()).isTrue();
        assertThat(jobsNamed(name)).hasSize(1);
    }

    @Test
    void aChangedVariableTheSpecUsesIsAnotherSpecAndSubmits() throws Exception {
        String name = "reuse-" + RUNS.incrementAndGet();
        String spec = spec(name, "registry.example.com/train:${LR}", 0);
        assertThat(submit(spec, "--reuse", "succeeded", "--set", "LR=1e-4").exitCode())
                .isZero();

        CliHarness.Result changed = submit(spec, "--reuse", "succeeded", "--set", "LR=3e-4");

        assertThat(changed.exitCode()).as(changed.err()).isZero();
        assertThat(changed.err()).doesNotContain("reused job");
        assertThat(jobsNamed(name)).hasSize(2);
    }

    /**
     * The rendered spec is what a job runs, and the key to the spec's jobs under other tokens (issue 35 P8):
     * a variable the spec does not use changes nothing the job would run, so its SUCCEEDED job is reused.
     */
    @Test
    void aVariableTheSpecDoesNotUseChangesNothingTheJobRunsAndItsJobIsReused() throws Exception {
        String name = "reuse-" + RUNS.incrementAndGet();
        String spec = spec(name, "registry.example.com/train:1.0", 0);
        String id = submit(spec, "--reuse", "succeeded", "--set", "LR=1e-4")
                .out()
                .lines()
                .findFirst()
                .orElseThrow();

        CliHarness.Result again = submit(spec, "--reuse", "succeeded", "--set", "LR=3e-4");

        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.err()).contains("reused job " + id + " (" + name + "), SUCCEEDED");
        assertThat(jobsNamed(name)).hasSize(1);
    }

    @Test
    void aJobOfTheSameNameButAnotherSpecIsNotReused() throws Exception {
        String name = "reuse-" + RUNS.incrementAndGet();
        assertThat(submit(spec(name, "registry.example.com/train:1.0", 0), "--reuse", "succeeded")
                        .exitCode())
                .isZero();

        CliHarness.Result other = submit(spec(name, "registry.example.com/train:2.0", 0), "--reuse", "succeeded");

        assertThat(other.err()).doesNotContain("reused job");
        assertThat(jobsNamed(name)).hasSize(2);
    }

    @Test
    void aSucceededJobDeletedSinceIsNotReusedAndTheSpecIsSubmittedAgain() throws Exception {
        String name = "reuse-" + RUNS.incrementAndGet();
        String spec = spec(name, "registry.example.com/train:1.0", 0);
        String id =
                submit(spec, "--reuse", "succeeded").out().lines().findFirst().orElseThrow();
        assertThat(sim.deleteJob(id)).isTrue();

        CliHarness.Result again = submit(spec, "--reuse", "succeeded");

        assertThat(again.exitCode()).as(again.err()).isZero();
        // the look-up read every job of the queue (a few): it has nothing it did not check to report (P16)
        assertThat(again.err()).doesNotContain("reused job").doesNotContain("not checked");
        assertThat(jobsNamed(name)).hasSize(1).allSatisfy(j -> assertThat(j.id())
                .isNotEqualTo(id));
    }

    @Test
    void aFailedJobIsNotReusedUnderSucceededButIsUnderAny() throws Exception {
        String name = "reuse-" + RUNS.incrementAndGet();
        String spec = spec(name, "registry.example.com/train:1.0", 3);
        String failed =
                submit(spec, "--reuse", "succeeded").out().lines().findFirst().orElseThrow();

        CliHarness.Result retried = submit(spec, "--reuse", "succeeded");
        String second = retried.out().lines().findFirst().orElseThrow();
        CliHarness.Result any = cli.run("submit", spec, "--reuse", "any");

        assertThat(retried.err()).doesNotContain("reused job");
        assertThat(second).isNotEqualTo(failed);
        // The second job is attempt 2 of the spec's reuse family, named for it: the platform takes the name.
        assertThat(jobsNamed(name)).hasSize(1);
        assertThat(jobsNamed(name + "-a2")).hasSize(1);
        assertThat(any.exitCode()).as(any.err()).isZero();
        assertThat(any.err()).contains("reused job " + second + " (" + name + "-a2), FAILED");
        assertThat(jobsNamed(name)).hasSize(1);
        assertThat(jobsNamed(name + "-a2")).hasSize(1);
    }

    @Test
    void reuseWithAClientTokenIsRefusedNamingBoth() throws Exception {
        cli.run(
                        "submit",
                        spec("reuse-x", "registry.example.com/train:1.0", 0),
                        "--reuse",
                        "any",
                        "--client-token",
                        "t-1")
                .failsWithOneLine(2, "--client-token: not with --reuse any");
        cli.run("submit", spec("reuse-y", "registry.example.com/train:1.0", 0), "--reuse", "always")
                .failsWithOneLine(2, "--reuse", "must be never, succeeded or any");
    }
}

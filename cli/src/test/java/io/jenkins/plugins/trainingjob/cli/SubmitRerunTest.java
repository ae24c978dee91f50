package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Re-runs that make a new job, as a user runs them against the simulator's documented scenario, where both
 * platforms refuse a second job of a name (AIHC {@code JobNameAlreadyExists}, SenseCore
 * {@code tjAlreadyExists}): a {@code --reuse succeeded} after a FAILED job (review newcomer-release-3 P1,
 * issue 38 item 2), a re-run under a new client token such as GitHub's {@code run_attempt} 2 (P2), a reuse
 * of a job an explicit token created (P8) and what a reuse miss says (P16). The rule: a new job keeps the
 * spec's name while it is free and otherwise gets the name plus 8 hex digits of its token's SHA-256; its
 * token, never its name, finds it again.
 */
class SubmitRerunTest extends SimulatorBackedCliTest {

    static final AtomicInteger RUNS = new AtomicInteger();

    /** An AIHC spec named {@code name} that runs 0.2 s and exits {@code exitCode}. */
    String aihc(String name, int exitCode) throws Exception {
        Path p = dir.resolve(name + "-" + RUNS.incrementAndGet() + ".yaml");
        Files.writeString(
                p,
                Files.readString(Path.of(spec("small-job.yaml")))
                        .replace("name: cli-small-${RUN}", "name: " + name)
                        .replace(
                                "      value: \"${RUN_SECONDS}\"",
                                "      value: \"0.2\"\n    - name: SIM_EXIT_CODE\n      value: \"" + exitCode + "\""));
        return p.toString();
    }

    /** A SenseCore spec named {@code name} that runs 0.2 s and exits {@code exitCode}. */
    String senseCore(String name, int exitCode) throws Exception {
        Path p = dir.resolve(name + "-" + RUNS.incrementAndGet() + ".yaml");
        Files.writeString(
                p,
                Files.readString(Path.of(spec("sensecore-small-job.yaml")))
                        .replace("cli-sc-small", name)
                        .replace(
                                "    value: \"1\"",
                                "    value: \"0.2\"\n  - key: SIM_EXIT_CODE\n    value: \"" + exitCode + "\""));
        return p.toString();
    }

    /** The platforms a re-run is tried on. */
    enum Platform {
        AIHC("aihc", false),
        SENSECORE("sc", true);

        final String id;
        final boolean senseCore;

        Platform(String id, boolean senseCore) {
            this.id = id;
            this.senseCore = senseCore;
        }
    }

    /** A spec file of {@code on}'s, named uniquely after {@code prefix}, whose job exits {@code exitCode}. */
    record Spec(String name, String file, boolean senseCore) {}

    Spec spec(Platform on, String prefix, int exitCode) throws Exception {
        String name = unique(prefix + "-" + on.id);
        return new Spec(name, on.senseCore ? senseCore(name, exitCode) : aihc(name, exitCode), on.senseCore);
    }

    CliHarness.Result submit(Spec job, String... more) {
        return submit(job.senseCore(), job.file(), more);
    }

    static String unique(String prefix) {
        return prefix + "-" + RUNS.incrementAndGet();
    }

    CliHarness.Result submit(boolean senseCore, String spec, String... more) {
        List<String> args = new ArrayList<>(List.of("submit", spec, "--wait", "completed", "--poll-interval", "50ms"));
        args.addAll(List.of(more));
        if (senseCore) {
            args.addAll(SimulatedPlatform.SENSECORE);
        }
        return cli.run(args.toArray(String[]::new));
    }

    /** The simulator's jobs whose name is {@code name} or starts with {@code name-}, oldest first. */
    List<JobView> jobsOf(String name) {
        return sim.jobs().stream()
                .filter(j -> j.name().equals(name) || j.name().startsWith(name + "-"))
                .sorted(java.util.Comparator.comparing(JobView::createdAt))
                .toList();
    }

    /** How a message names a job: its id, and its name when that is not the id (SenseCore's id is its name). */
    static String what(String id, String name) {
        return id.equals(name) ? id : id + " (" + name + ")";
    }

    static String firstLine(CliHarness.Result r) {
        return r.out().lines().findFirst().orElseThrow();
    }

    // ---- P1, issue 38 item 2: reuse after a FAILED job ----

    @ParameterizedTest(name = "on {0}")
    @EnumSource(Platform.class)
    void reuseSucceededAfterAFailedJobSubmitsTheNextAttemptUnderANameThePlatformTakes(Platform on) throws Exception {
        Spec job = spec(on, "rerun-failed", 3);
        String name = job.name();

        CliHarness.Result first = submit(job, "--reuse", "succeeded");
        assertThat(first.exitCode()).as(first.err()).isEqualTo(1);
        String failed = firstLine(first);

        CliHarness.Result again = submit(job, "--reuse", "succeeded");

        assertThat(again.exitCode())
                .as("the second job ran (and failed as its spec says), not refused: %s", again.err())
                .isEqualTo(1);
        assertThat(again.err())
                .contains("job " + failed + " (" + (failed.equals(name) ? "" : name + ", ")
                        + "FAILED) not reused (only a SUCCEEDED job is); submitting attempt 2")
                .doesNotContain("already exists");
        assertThat(jobsOf(name)).extracting(JobView::name).containsExactly(name, name + "-a2");
        assertThat(firstLine(again)).isNotEqualTo(failed);

        // a third run passes over both failed jobs and takes the third name
        CliHarness.Result third = submit(job, "--reuse", "succeeded");
        assertThat(third.exitCode()).as(third.err()).isEqualTo(1);
        assertThat(jobsOf(name)).extracting(JobView::name).containsExactly(name, name + "-a2", name + "-a3");
    }

    // ---- P2: a re-run under a new client token (GitHub's run_attempt 2) ----

    /** On SenseCore the re-run was given the first token's FAILED job: it was found by its name. */
    @ParameterizedTest(name = "on {0}")
    @EnumSource(Platform.class)
    void aRerunUnderANewClientTokenGetsANameThePlatformTakesAndNotTheFirstTokensJob(Platform on) throws Exception {
        Spec job = spec(on, "rerun-token", 3);
        String name = job.name();

        CliHarness.Result first = submit(job, "--client-token", "gh-4500-1-lr1");
        assertThat(first.exitCode()).as(first.err()).isEqualTo(1);

        CliHarness.Result rerun = submit(job, "--client-token", "gh-4500-2-lr1");

        assertThat(rerun.exitCode())
                .as("the re-run's job ran (and failed as its spec says), not refused: %s", rerun.err())
                .isEqualTo(1);
        List<JobView> jobs = jobsOf(name);
        assertThat(jobs).hasSize(2);
        String renamed = jobs.get(1).name();
        assertThat(renamed).matches(java.util.regex.Pattern.quote(name) + "-[0-9a-f]{8}");
        assertThat(rerun.err())
                .contains("submitted job " + what(firstLine(rerun), renamed) + " to ")
                .contains("(the name " + name + " is another submission's job; this one is named for its client"
                        + " token gh-4500-2-lr1)");

        // the re-run's token finds its job under the name it got, and does not submit again
        CliHarness.Result same = submit(job, "--client-token", "gh-4500-2-lr1");
        assertThat(same.err())
                .contains("already submitted as job " + what(firstLine(rerun), renamed) + " on ")
                .contains("not submitting it again");
        assertThat(jobsOf(name)).hasSize(2);
        // and the first token still finds the first job
        CliHarness.Result original = submit(job, "--client-token", "gh-4500-1-lr1");
        assertThat(original.err()).contains("already submitted as job " + firstLine(first));
        assertThat(jobsOf(name)).hasSize(2);
    }

    // ---- P8: reuse finds a SUCCEEDED job of the spec whatever token created it ----

    @ParameterizedTest(name = "on {0}")
    @EnumSource(Platform.class)
    void reuseSucceededReturnsTheSucceededJobAnExplicitClientTokenCreated(Platform on) throws Exception {
        Spec job = spec(on, "reuse-token", 0);
        String name = job.name();

        CliHarness.Result first = submit(job, "--client-token", "gh-4201-1-lr1");
        assertThat(first.exitCode()).as(first.err()).isZero();
        String id = firstLine(first);

        CliHarness.Result reused = submit(job, "--reuse", "succeeded");

        assertThat(reused.exitCode()).as(reused.err()).isZero();
        assertThat(reused.err())
                .contains("reused job " + what(id, name) + ", SUCCEEDED")
                .contains("(client token gh-4201-1-lr1); not submitting it again");
        assertThat(jobsOf(name)).hasSize(1);
    }

    @Test
    void aFailedJobOfAnExplicitTokenIsNotReusedAndTheReuseGetsANameOfItsOwn() throws Exception {
        String name = unique("reuse-token-failed");
        String spec = aihc(name, 3);
        String failed = firstLine(submit(false, spec, "--client-token", "gh-4202-1-lr1"));

        CliHarness.Result again = submit(false, spec, "--reuse", "succeeded");

        assertThat(again.exitCode()).as(again.err()).isEqualTo(1);
        assertThat(again.err()).contains("job " + failed + " (" + name + ", FAILED) not reused");
        assertThat(jobsOf(name)).hasSize(2);
        assertThat(jobsOf(name).get(1).name()).matches(java.util.regex.Pattern.quote(name) + "-[0-9a-f]{8}");
    }

    // ---- P16: what a reuse miss says ----

    @Test
    void aReuseMissOnAQueueOfAFewJobsSaysNothingOfTheListWindowOrOfGaps() throws Exception {
        String name = unique("reuse-quiet");
        String spec = aihc(name, 3);

        CliHarness.Result first = submit(false, spec, "--reuse", "succeeded");
        CliHarness.Result second = submit(false, spec, "--reuse", "succeeded");

        assertThat(first.err() + second.err())
                .doesNotContain("newest 150")
                .doesNotContain("a deleted job leaves such a gap");
        assertThat(second.err()).contains("(" + name + ", FAILED) not reused");
    }
}

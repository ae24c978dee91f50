package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.CreateRecovery;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.http.FaultKind;
import io.jenkins.plugins.trainingjob.simulator.http.FaultRule;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly one job per submit, nothing left behind (issue 11): the client token as the job's identity on
 * both platforms, Ctrl-C at the instants that used to leave a job queued, creates whose answer is lost,
 * and the job a failed wait leaves. The simulator accepts repeated AIHC job names here, as an AIHC that
 * does would: only the token keeps a resubmission from creating a second job.
 */
class SubmitOnceTest {

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final String SC_CREATE = "/compute/acp/data/v2/subscriptions/sim-sub/resourceGroups/default"
            + "/zones/cn-sh-01z/workspaces/sim-ws/trainingJobs";

    static Simulator sim;

    @TempDir
    Path dir;

    CliHarness cli;

    /** The clients' time when {@link #recordWaitsInsteadOfSleeping} is on: it records their waits, sleeps none. */
    final ManualClock clientTime = ManualClock.startingNow();

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

    @AfterEach
    void clearFaults() {
        sim.clearFaults();
    }

    private String spec(String name) {
        return CliHarness.resource(dir, name).toString();
    }

    /**
     * A queued-forever AIHC job (8 GPUs in a queue that has none free) under a name of its own. Nothing
     * frees the queue, so a --timeout or --pending-timeout of 300 ms ends its wait as surely as minutes.
     */
    private String[] queuedJob(String... more) {
        String n = "once-" + RUNS.incrementAndGet();
        List<String> args = new java.util.ArrayList<>(List.of("submit", gpu8(n)));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private String gpu8(String name) {
        try {
            Path copy = dir.resolve(name + ".yaml");
            Files.writeString(
                    copy,
                    Files.readString(Path.of(spec("gpu8-job.yaml")))
                            .replace("name: sulingang-diagnose-node-taint", "name: " + name));
            return copy.toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<JobView> jobsNamed(String name) {
        return sim.jobs().stream().filter(j -> j.name().equals(name)).toList();
    }

    private static JobView job(String id) {
        return sim.jobs().stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow();
    }

    private static String firstLine(String out) {
        return out.lines().findFirst().orElseThrow();
    }

    /**
     * The clients record the waits between their look-ups after an uncertain create instead of sleeping
     * them (an interrupt still ends a wait). For cases where nothing can appear during a wait: the create was
     * refused or dropped before the job was made, or answered after it was made. Each of them would
     * otherwise sleep the schedule's 7 s and more in real time.
     */
    private void recordWaitsInsteadOfSleeping() {
        cli.connector = settings -> switch (settings.platform()) {
            case AIHC -> AihcClient.builder(settings).time(clientTime).build();
            case SENSECORE -> SenseCoreClient.builder(settings).time(clientTime).build();
        };
    }

    /** Runs {@code hook} on the command's thread each time it calls the platform's create. */
    private void beforeEachCreate(Runnable hook) {
        PlatformConnector real = cli.connector;
        cli.connector = settings -> {
            TrainingPlatform platform = real.connect(settings);
            return (TrainingPlatform) Proxy.newProxyInstance(
                    TrainingPlatform.class.getClassLoader(),
                    new Class<?>[] {TrainingPlatform.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("submit")) {
                            hook.run();
                        }
                        try {
                            return method.invoke(platform, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        };
    }

    private void senseCore() {
        cli.env.put("TRAINJOB_PLATFORM", "sensecore");
        cli.env.put("TRAINJOB_SUBSCRIPTION", "sim-sub");
        cli.env.put("TRAINJOB_RESOURCE_GROUP", "default");
        cli.env.put("TRAINJOB_ZONE", "cn-sh-01z");
        cli.env.put("TRAINJOB_WORKSPACE", "sim-ws");
    }

    /** The SenseCore test spec without a name of its own: the job is named after the client token. */
    private String senseCoreSpecNamedByToken(String image) throws Exception {
        Path p = dir.resolve("sc-" + RUNS.incrementAndGet() + ".yaml");
        Files.writeString(
                p,
                Files.readString(Path.of(spec("sensecore-small-job.yaml")))
                        .replaceFirst("(?m)^name: cli-sc-small\n", "")
                        .replace("registry.example.com/train:1.0", image));
        return p.toString();
    }

    // ------------------------------------------------------------------ the client token is the identity

    @Test
    void thisScenarioAcceptsARepeatedAihcNameSoOnlyTheTokenCanKeepASubmitSingle() {
        String name = "repeat-" + RUNS.incrementAndGet();
        cli.run("submit", gpu8(name));
        cli.run("submit", gpu8(name));

        assertThat(jobsNamed(name)).hasSize(2);
    }

    @Test
    void aihcSubmittingAgainWithTheSameTokenReturnsTheFirstJob() {
        String name = "tok-" + RUNS.incrementAndGet();
        var first = cli.run("submit", gpu8(name), "--client-token", name + "-t");
        var second = cli.run("submit", gpu8(name), "--client-token", name + "-t");

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(second.out().strip()).isEqualTo(first.out().strip());
        assertThat(second.err())
                .contains("already submitted as job " + first.out().strip() + " (" + name
                        + ") on Baidu AIHC (client token " + name + "-t); not submitting it again");
        assertThat(jobsNamed(name)).hasSize(1);
    }

    @Test
    void aihcTheSameTokenWithAnotherSpecIsRefusedInOneLineNamingBoth() {
        String name = "tok-" + RUNS.incrementAndGet();
        String id = cli.run("submit", gpu8(name), "--client-token", name + "-t")
                .out()
                .strip();

        cli.run("submit", gpu8(name + "-changed"), "--client-token", name + "-t")
                .failsWithOneLine(
                        2,
                        "client token " + name + "-t already names job " + id + " ('" + name + "')",
                        "another spec than this spec ('" + name + "-changed')");
        assertThat(jobsNamed(name + "-changed")).isEmpty();
    }

    @Test
    void senseCoreSubmittingAgainWithTheSameTokenReturnsTheJobNamedAfterIt() throws Exception {
        senseCore();
        String token = "sc-tok-" + RUNS.incrementAndGet();
        String spec = senseCoreSpecNamedByToken("registry.example.com/train:1.0");
        var first = cli.run("submit", spec, "--client-token", token);
        var second = cli.run("submit", spec, "--client-token", token);

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(first.out().strip()).startsWith("tj-");
        assertThat(second.out().strip()).isEqualTo(first.out().strip());
        assertThat(second.err())
                .contains("already submitted as job " + first.out().strip() + " on SenseCore");
        assertThat(jobsNamed(first.out().strip())).hasSize(1);
    }

    @Test
    void senseCoreTheSameTokenWithAnotherSpecIsRefused() throws Exception {
        senseCore();
        String token = "sc-tok-" + RUNS.incrementAndGet();
        String id = cli.run(
                        "submit", senseCoreSpecNamedByToken("registry.example.com/train:1.0"), "--client-token", token)
                .out()
                .strip();

        cli.run("submit", senseCoreSpecNamedByToken("registry.example.com/train:2.0"), "--client-token", token)
                .failsWithOneLine(2, "client token " + token + " already names job " + id, "another spec");
    }

    @Test
    void statusAndCancelFindTheJobByItsToken() {
        String name = "tok-" + RUNS.incrementAndGet();
        String id = cli.run("submit", gpu8(name), "--client-token", name + "-t")
                .out()
                .strip();

        assertThat(cli.run("status", "--client-token", name + "-t").out())
                .contains(id)
                .contains("PENDING");
        assertThat(cli.run("cancel", "--client-token", name + "-t").out()).contains("stopped job " + id);
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
        cli.run("status", "--client-token", "no-such-token")
                .failsWithOneLine(2, "no job with client token no-such-token");
    }

    /** A SenseCore spec that names its job: the token is not in the name, so status and cancel read the list. */
    @Test
    void onSenseCoreStatusAndCancelFindANamedSpecsJobByItsToken() throws Exception {
        senseCore();
        String token = "sc-named-" + RUNS.incrementAndGet();
        Path spec = dir.resolve(token + ".yaml");
        Files.writeString(
                spec,
                Files.readString(Path.of(spec("sensecore-small-job.yaml")))
                        .replaceFirst("(?m)^name: cli-sc-small$", "name: " + token + "-job"));
        String id = cli.run("submit", spec.toString(), "--client-token", token)
                .out()
                .strip();
        assertThat(id).isEqualTo(token + "-job");

        assertThat(cli.run("status", "--client-token", token).out()).contains(id);
        assertThat(cli.run("cancel", "--client-token", token).out()).contains("stopped job " + id);
    }

    // ------------------------------------------------------------------ Ctrl-C at every instant (F1)

    @Test
    void ctrlCBeforeTheCreateFinishesItAndStopsTheJob() {
        beforeEachCreate(() -> cli.interrupts.fireAndAwaitNoted());

        var result = cli.run(queuedJob("--wait", "scheduled", "--poll-interval", "50ms"));

        assertThat(result.exitCode()).as(result.err()).isEqualTo(130);
        String id = firstLine(result.out());
        assertThat(result.err())
                .contains("interrupted while creating job 'once-")
                .contains("finishing the create to stop the job (--cancel-on-interrupt)")
                .contains("interrupted: stopped job " + id + " on Baidu AIHC");
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void ctrlCWhileTheCreateIsInFlightFinishesItAndStopsTheJob() throws Exception {
        // The create is answered 1.5 s late: the interrupt, fired as the request leaves, lands while it is
        // open (the command then waits for the answer, so the latency is this test's length).
        sim.addFault(FaultRule.of(FaultKind.LATENCY, "POST", "/api/v1/aijobs")
                .withLatencyMs(1500)
                .withTimes(1));
        CountDownLatch creating = new CountDownLatch(1);
        beforeEachCreate(creating::countDown);
        CompletableFuture<CliHarness.Result> run = CompletableFuture.supplyAsync(
                () -> cli.run(queuedJob("--wait", "scheduled", "--poll-interval", "50ms")));
        assertThat(creating.await(30, TimeUnit.SECONDS)).isTrue();
        cli.interrupts.fireAndAwaitNoted();

        CliHarness.Result result = run.get(60, TimeUnit.SECONDS);

        assertThat(result.exitCode()).as(result.err()).isEqualTo(130);
        String id = firstLine(result.out());
        assertThat(result.err()).contains("interrupted while creating job").contains("interrupted: stopped job " + id);
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void ctrlCDuringTheCreateWithoutCancelOnInterruptPrintsTheJobIdAndLeavesItQueued() {
        beforeEachCreate(() -> cli.interrupts.fireAndAwaitNoted());

        var result = cli.run(queuedJob("--wait", "scheduled", "--no-cancel-on-interrupt"));

        assertThat(result.exitCode()).isEqualTo(130);
        String id = firstLine(result.out());
        assertThat(id).startsWith("pytorchjob-");
        assertThat(result.err())
                .contains("finishing the create to print the job id")
                .contains("job " + id + " keeps running (stop it with: trainjob cancel " + id + ")");
        assertThat(job(id).state()).isEqualTo(JobState.QUEUED);
    }

    @Test
    void ctrlCRightAfterTheCreateIsPrintedStopsTheJob() {
        cli.onErr("submitted job", () -> cli.interrupts.fireAndAwaitNoted());

        var result = cli.run(queuedJob("--wait", "scheduled", "--poll-interval", "50ms"));

        assertThat(result.exitCode()).as(result.err()).isEqualTo(130);
        String id = firstLine(result.out());
        assertThat(result.err()).contains("interrupted: stopping job " + id + " on Baidu AIHC (--cancel-on-interrupt)");
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void ctrlCTheInstantTheWaitIsAnnouncedStopsTheJob() {
        cli.onErr("waiting until job", () -> cli.interrupts.fireAndAwaitNoted());

        var result = cli.run(queuedJob("--wait", "scheduled", "--poll-interval", "50ms"));

        assertThat(result.exitCode()).as(result.err()).isEqualTo(130);
        String id = firstLine(result.out());
        assertThat(result.err()).contains("interrupted: stopping job " + id);
        assertThat(result.out()).contains("watch cancelled");
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void ctrlCDuringACreateWhoseJobNeverAppearsStillPrintsHowToFindIt() {
        sim.addFault(FaultRule.of(FaultKind.ERROR, "POST", "/api/v1/aijobs")
                .withStatus(503)
                .withTimes(1));
        recordWaitsInsteadOfSleeping();
        beforeEachCreate(() -> cli.interrupts.fireAndAwaitNoted());
        String name = "lost-int-" + RUNS.incrementAndGet();

        cli.run("submit", gpu8(name), "--client-token", name + "-t", "--wait", "scheduled")
                .failsWithOneLine(
                        5,
                        "the job may still appear",
                        "find it with: trainjob status --platform aihc --client-token " + name + "-t");
        assertThat(jobsNamed(name)).isEmpty();
        assertThat(clientTime.sleeps()).as("the look-ups after the 503").isEqualTo(CreateRecovery.ANSWERED_WAITS);
    }

    // ------------------------------------------------------------------ creates whose answer is lost

    @Test
    void anAihcCreateAnsweredAfterTheReadTimeoutIsFoundByItsToken() {
        // The server creates the job 0.8 s after the request; the client stops reading after 0.3 s, so the
        // first look-up by token finds nothing and a later one (after 1 s) finds the job.
        sim.addFault(FaultRule.of(FaultKind.LATENCY, "POST", "/api/v1/aijobs")
                .withLatencyMs(800)
                .withTimes(1));
        String name = "late-" + RUNS.incrementAndGet();

        var result = cli.run("submit", gpu8(name), "--read-timeout", "300ms");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(jobsNamed(name)).hasSize(1);
        assertThat(result.out().strip()).isEqualTo(jobsNamed(name).get(0).id());
    }

    @Test
    void anAihcCreateThatNeverAppearsSaysTheJobMayExistAndHowToFindIt() {
        sim.addFault(FaultRule.of(FaultKind.ERROR, "POST", "/api/v1/aijobs")
                .withStatus(503)
                .withTimes(1));
        recordWaitsInsteadOfSleeping();
        String name = "lost-" + RUNS.incrementAndGet();

        cli.run("submit", gpu8(name), "--client-token", name + "-t")
                .failsWithOneLine(
                        5,
                        "the create may not have happened",
                        "the job may still appear",
                        "find it with: trainjob status --platform aihc --client-token " + name + "-t");
        assertThat(jobsNamed(name)).isEmpty();
        assertThat(clientTime.sleeps()).as("the look-ups after the 503").isEqualTo(CreateRecovery.ANSWERED_WAITS);
    }

    @Test
    void senseCoreCutAnswersOnTheCreateEndInTheOneJobThatExists() throws Exception {
        // F3: the first create is dropped, the re-create is answered 200 but cut short.
        senseCore();
        recordWaitsInsteadOfSleeping();
        sim.addFault(FaultRule.of(FaultKind.DROP, "POST", SC_CREATE).withTimes(1));
        sim.addFault(FaultRule.of(FaultKind.TRUNCATE, "POST", SC_CREATE).withTimes(1));
        String token = "cut-" + RUNS.incrementAndGet();

        var result =
                cli.run("submit", senseCoreSpecNamedByToken("registry.example.com/train:1.0"), "--client-token", token);

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(jobsNamed(result.out().strip())).hasSize(1);
        assertThat(clientTime.sleeps())
                .as("look-ups after the dropped create and after the cut answer")
                .isNotEmpty();
    }

    // ------------------------------------------------------------------ exit 3 and 4 leave nothing unsaid

    @Test
    void exit4SaysTheJobIsStillQueuedAndHowToStopIt() {
        var result = cli.run(queuedJob("--wait", "scheduled", "--timeout", "300ms", "--poll-interval", "50ms"));

        assertThat(result.exitCode()).as(result.err()).isEqualTo(4);
        String id = firstLine(result.out());
        assertThat(result.err())
                .contains("job " + id + " is still queued on Baidu AIHC; stop it with: trainjob cancel " + id
                        + " (or set --cancel-on-failure)");
        assertThat(job(id).state()).isEqualTo(JobState.QUEUED);
    }

    @Test
    void exit4WithCancelOnFailureStopsTheJobAndSaysSo() {
        var result = cli.run(queuedJob(
                "--wait", "scheduled", "--timeout", "300ms", "--poll-interval", "50ms", "--cancel-on-failure"));

        assertThat(result.exitCode()).as(result.err()).isEqualTo(4);
        String id = firstLine(result.out());
        assertThat(result.err()).contains("stopped job " + id + " on Baidu AIHC (--cancel-on-failure)");
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void theJsonOfAJobTheToolStoppedSaysStoppedWithTheStatusReadAfterTheStop() throws Exception {
        var result = cli.run(queuedJob(
                "--wait",
                "scheduled",
                "--timeout",
                "300ms",
                "--poll-interval",
                "50ms",
                "--cancel-on-failure",
                "-o",
                "json"));

        assertThat(result.exitCode()).as(result.err()).isEqualTo(4);
        var doc = JsonContractTest.conforms("submit", 4, result, "submit --timeout --cancel-on-failure");
        assertThat(doc.path("outcome").asText()).isEqualTo("timed_out");
        assertThat(doc.path("stopped").asBoolean()).isTrue();
        assertThat(doc.at("/status/phase").asText()).isEqualTo("STOPPED");
        assertThat(job(doc.at("/job/id").asText()).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void awaitLeavesTheJobByDefaultAndStopsItWithCancelOnFailure() {
        String id = cli.run(queuedJob()).out().strip();

        var kept = cli.run("await", id, "--timeout", "300ms", "--poll-interval", "50ms");
        assertThat(kept.exitCode()).as(kept.err()).isEqualTo(4);
        assertThat(kept.err())
                .contains("job " + id + " is still queued on Baidu AIHC; stop it with: trainjob cancel " + id);
        assertThat(job(id).state()).isEqualTo(JobState.QUEUED);

        var stopped = cli.run("await", id, "--timeout", "300ms", "--poll-interval", "50ms", "--cancel-on-failure");
        assertThat(stopped.exitCode()).as(stopped.err()).isEqualTo(4);
        assertThat(stopped.err()).contains("stopped job " + id + " on Baidu AIHC (--cancel-on-failure)");
        assertThat(job(id).state()).isEqualTo(JobState.STOPPED);
    }

    @Test
    void exit6SaysTheJobIsStillQueuedAndCancelOnFailureStopsIt() {
        var kept = cli.run(queuedJob("--wait", "scheduled", "--pending-timeout", "300ms", "--poll-interval", "50ms"));
        var stopped = cli.run(queuedJob(
                "--wait", "scheduled", "--pending-timeout", "300ms", "--poll-interval", "50ms", "--cancel-on-failure"));

        assertThat(kept.exitCode()).as(kept.err()).isEqualTo(6);
        String keptId = firstLine(kept.out());
        assertThat(kept.err())
                .contains("job " + keptId + " is still queued on Baidu AIHC; stop it with: " + "trainjob cancel "
                        + keptId);
        assertThat(job(keptId).state()).isEqualTo(JobState.QUEUED);
        assertThat(stopped.exitCode()).as(stopped.err()).isEqualTo(6);
        String stoppedId = firstLine(stopped.out());
        assertThat(stopped.err()).contains("stopped job " + stoppedId + " on Baidu AIHC (--cancel-on-failure)");
        assertThat(job(stoppedId).state()).isEqualTo(JobState.STOPPED);
    }
}

package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ShiftedTime;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fallback moves against the simulator (issue 25): which target a submit picks by ETA, a move after the
 * pending timeout, the first job starting while it is being stopped, and Ctrl-C at every step of a move.
 * The scenario ({@code fallback-worlds.yaml}) has one 8-GPU node per queue and a frozen clock; a stop of a
 * waiting job lands 30 simulated seconds after it is asked for. The tests move the clock right after the
 * CLI's stop call, so each world happens in the same order on every run. "Never two jobs for one submit"
 * is proved by counting the simulator's jobs, not by reading the CLI's output.
 */
class FallbackWorldsTest {

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    static Simulator sim;

    @TempDir
    Path dir;

    CliHarness cli;
    /**
     * Runs on the command's thread around the CLI's platform calls: before call {@code n} (1-based, counted
     * per method) and after it, with its result. Outside the terminal's lock, so a Ctrl-C fired here is
     * taken note of before the command goes on.
     */
    volatile CallHook before = (method, n, result) -> {};

    volatile CallHook after = (method, n, result) -> {};

    /** Platform calls by method name, counted for {@link #before} and {@link #after}. */
    final java.util.Map<String, AtomicInteger> calls = new java.util.concurrent.ConcurrentHashMap<>();

    @FunctionalInterface
    interface CallHook {
        void on(String method, int n, Object result);
    }

    @BeforeAll
    static void startSimulator() throws Exception {
        sim = Simulator.start(Scenario.load(Path.of(
                FallbackWorldsTest.class.getResource("fallback-worlds.yaml").toURI())));
    }

    @AfterAll
    static void stopSimulator() {
        sim.close();
    }

    @BeforeEach
    void setUp() {
        sim.reset();
        cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
        cli.env.put("TRAINJOB_RESOURCE_POOL", "cce-worlds");
        PlatformConnector real = cli.connector;
        calls.clear();
        cli.connector = settings -> {
            TrainingPlatform platform = real.connect(settings);
            return (TrainingPlatform) Proxy.newProxyInstance(
                    TrainingPlatform.class.getClassLoader(), new Class<?>[] {TrainingPlatform.class}, (p, m, a) -> {
                        int n = calls.computeIfAbsent(m.getName(), k -> new AtomicInteger())
                                .incrementAndGet();
                        before.on(m.getName(), n, null);
                        Object result;
                        try {
                            result = m.invoke(platform, a);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                        after.on(m.getName(), n, result);
                        return result;
                    });
        };
    }

    /** After each stop call the CLI makes (the stop has been asked), {@code clock} passes on the simulator. */
    private void afterEachStop(Duration clock) {
        after = (method, n, result) -> {
            if (method.equals("cancel")) {
                sim.advanceClock(clock);
            }
        };
    }

    /** The result a hook sees after a call that returns nothing. */
    private static final Object VOID = new Object();

    private static void fireIf(boolean now, Runnable ctrlC) {
        if (now) {
            ctrlC.run();
        }
    }

    // ------------------------------------------------------------------ the world's jobs

    private String spec() {
        return CliHarness.resource(dir, "world-job.yaml").toString();
    }

    /** Submits (no wait, no pre-flight) an 8-GPU job to {@code queue} that runs {@code runSeconds}. */
    private String job(String name, String queue, long runSeconds) {
        var r = cli.run(
                "submit",
                spec(),
                "--set",
                "NAME=" + name,
                "--set",
                "QUEUE=" + queue,
                "--set",
                "RUN_SECONDS=" + runSeconds,
                "--preflight",
                "false");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r.out().strip();
    }

    /** A job that holds {@code queue}'s only node for {@code runSeconds}. */
    private void busy(String queue, long runSeconds) {
        String id = job(queue + "-blocker-" + RUNS.incrementAndGet(), queue, runSeconds);
        assertThat(state(id)).isEqualTo(JobState.RUNNING);
    }

    private static JobState state(String id) {
        return sim.jobs().stream()
                .filter(j -> j.id().equals(id))
                .findFirst()
                .orElseThrow()
                .state();
    }

    /** Every job one submit created: attempt 1 under its name, attempt n under {@code <name>-a<n>}. */
    private static List<JobView> jobsOf(String name) {
        return sim.jobs().stream()
                .filter(j -> j.name().equals(name) || j.name().startsWith(name + "-a"))
                .toList();
    }

    private static List<JobView> live(List<JobView> jobs) {
        return jobs.stream().filter(j -> !j.state().isTerminal()).toList();
    }

    /**
     * A submit to queue slow with queue quick as its fallback, waiting until the job is scheduled. The
     * simulator's clock is frozen, so a pending job stays pending: a pending timeout of 300 ms moves it as
     * surely as one of minutes, and each world waits it in real time.
     */
    private CliHarness.Result submit(String name, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "submit",
                spec(),
                "--set",
                "NAME=" + name,
                "--set",
                "QUEUE=slow",
                "--set",
                "RUN_SECONDS=600",
                "--wait",
                "scheduled",
                "--pending-timeout",
                "300ms",
                "--poll-interval",
                "50ms",
                "--fallback",
                "queue=quick",
                "--output-format",
                "json"));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    private static JsonNode attempts(CliHarness.Result r) throws Exception {
        return JSON.readTree(r.out()).get("attempts");
    }

    // ------------------------------------------------------------------ choosing by ETA

    /**
     * Queue slow's past jobs ran 30 min each, queue quick's 30 s, queue fresh has no past: each is busy now
     * with one job like its past ones. Listed slow, fresh, quick, the submit goes to quick (the soonest ETA),
     * then slow, and fresh (no basis) last.
     */
    @Test
    void theFallbackWithTheSoonerEtaIsChosenAndATargetWithoutBasisSortsLast() throws Exception {
        for (int i = 0; i < 24; i++) {
            job("slow-past-" + i, "slow", 1800);
            job("quick-past-" + i, "quick", 30);
        }
        sim.advanceClock(Duration.ofHours(13));
        busy("slow", 1800);
        busy("quick", 30);
        busy("fresh", 1800);
        sim.advanceClock(Duration.ofSeconds(10));
        // Only the choice matters here: Ctrl-C once the chosen target's job is created; its stop lands.
        calls.clear();
        after = (method, n, result) -> {
            if (method.equals("cancel")) {
                sim.advanceClock(Duration.ofSeconds(31));
            }
            fireIf(method.equals("submit") && n == 1, () -> cli.interrupts.fireAndAwaitNoted());
        };
        // The CLI's clock agrees with the simulator's (moved 13 h ahead), running in real time from there.
        Duration ahead = Duration.between(Instant.now(), sim.now());
        cli.time = new ShiftedTime(TimeSource.system(), () -> ahead);
        String name = "eta-" + RUNS.incrementAndGet();

        var r = cli.run(
                "submit",
                spec(),
                "--set",
                "NAME=" + name,
                "--set",
                "QUEUE=slow",
                "--set",
                "RUN_SECONDS=600",
                "--wait",
                "scheduled",
                "--poll-interval",
                "50ms",
                "--fallback",
                "queue=fresh",
                "--fallback",
                "queue=quick",
                "--output-format",
                "json");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(130);

        assertThat(r.err())
                .containsPattern("target 1 \\(primary\\): FITS_LATER, ETA p50 \\S+")
                .contains("target 2 (queue=fresh): FITS_LATER, no ETA")
                .containsPattern("target 3 \\(queue=quick\\): FITS_LATER, ETA p50 \\S+")
                .containsPattern("chose target 3 \\(queue=quick\\): no target fits now; its ETA p50 .+ is the soonest");
        JsonNode attempts = attempts(r);
        assertThat(attempts).hasSize(1);
        assertThat(attempts.get(0).get("target").asText()).isEqualTo("queue=quick");
        assertThat(jobsOf(name)).singleElement().extracting(JobView::queue).isEqualTo("quick");
    }

    // ------------------------------------------------------------------ moves

    @Test
    void bothTargetsBusyTheJobMovesAfterThePendingTimeoutTheFirstIsStoppedAndTheSecondRuns() throws Exception {
        busy("slow", 3600);
        busy("quick", 20);
        // While the move stops the first job, 40 s pass: its stop lands (30 s), quick's job ends (20 s).
        afterEachStop(Duration.ofSeconds(40));
        String name = "move-" + RUNS.incrementAndGet();

        var r = submit(name);

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode attempts = attempts(r);
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).get("reason").asText())
                .isEqualTo("still pending after the pending timeout (diagnosis kept); stopped, moved to target 2");
        String first = attempts.get(0).get("jobId").asText();
        String second = attempts.get(1).get("jobId").asText();
        assertThat(r.err()).contains("stopped job " + first + " (confirmed: STOPPED)");
        assertThat(cli.run("status", first, "--output-format", "json").out()).contains("\"STOPPED\"");
        assertThat(state(first)).isEqualTo(JobState.STOPPED);
        assertThat(state(second)).isEqualTo(JobState.RUNNING);
        assertThat(jobsOf(name)).hasSize(2);
        assertThat(live(jobsOf(name))).extracting(JobView::id).containsExactly(second);
    }

    @Test
    void aJobThatStartsWhileBeingStoppedIsKeptAndNoSecondJobIsCreated() throws Exception {
        busy("slow", 5);
        busy("quick", 3600);
        // The stop is on its way (it lands after 30 s) when slow's node frees up (5 s): the job starts.
        afterEachStop(Duration.ofSeconds(10));
        String name = "race-" + RUNS.incrementAndGet();

        var r = submit(name);

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode attempts = attempts(r);
        assertThat(attempts).hasSize(1);
        String first = attempts.get(0).get("jobId").asText();
        assertThat(r.err())
                .contains("job " + first + " started while being stopped: keeping it; no further target is tried");
        assertThat(attempts.get(0).get("reason").asText())
                .isEqualTo("started while being stopped; kept, no further target tried");
        assertThat(jobsOf(name)).extracting(JobView::id).containsExactly(first);
        sim.advanceClock(Duration.ofSeconds(60)); // past the moment the stop request would have landed
        assertThat(state(first)).isEqualTo(JobState.RUNNING);
    }

    // ------------------------------------------------------------------ Ctrl-C at every step of a move

    /**
     * Both queues stay busy, so the submit moves and then waits on quick; Ctrl-C lands at one step of the
     * move. Whatever the step, at most one of the submit's jobs is left alive (none when the interrupt
     * stops the job), and the output names every job the submit created.
     */
    @ParameterizedTest(name = "Ctrl-C {0}, cancel on interrupt {1}")
    @CsvSource({
        "during create 1, true",
        "during create 1, false",
        "after create 1, true",
        "after create 1, false",
        "while attempt 1 waits, true",
        "while attempt 1 waits, false",
        "before the stop of a move, true",
        "before the stop of a move, false",
        "after the stop is asked, true",
        "after the stop is asked, false",
        "after the stop is confirmed, true",
        "after the stop is confirmed, false",
        "during create 2, true",
        "during create 2, false",
        "after create 2, true",
        "after create 2, false"
    })
    void anInterruptAtAnyStepOfAMoveLeavesAtMostOneJobAndSaysWhich(String step, boolean stopOnInterrupt)
            throws Exception {
        busy("slow", 3600);
        busy("quick", 3600);
        calls.clear(); // count the submit's own calls only
        Runnable ctrlC = () -> cli.interrupts.fireAndAwaitNoted();
        AtomicInteger fired = new AtomicInteger();
        CallHook at =
                switch (step) {
                    case "during create 1" -> (m, n, r) -> fireIf(m.equals("submit") && n == 1 && r == null, ctrlC);
                    case "after create 1" -> (m, n, r) -> fireIf(m.equals("submit") && n == 1 && r != null, ctrlC);
                    case "while attempt 1 waits" ->
                        (m, n, r) -> fireIf(
                                r instanceof JobStatus s
                                        && s.phase() == JobPhase.PENDING
                                        && fired.getAndIncrement() == 0,
                                ctrlC);
                    case "before the stop of a move" ->
                        (m, n, r) -> fireIf(m.equals("cancel") && n == 1 && r == null, ctrlC);
                    case "after the stop is asked" ->
                        (m, n, r) -> fireIf(m.equals("cancel") && n == 1 && r != null, ctrlC);
                    case "after the stop is confirmed" ->
                        (m, n, r) -> fireIf(
                                r instanceof JobStatus s
                                        && s.phase() == JobPhase.STOPPED
                                        && fired.getAndIncrement() == 0,
                                ctrlC);
                    case "during create 2" -> (m, n, r) -> fireIf(m.equals("submit") && n == 2 && r == null, ctrlC);
                    case "after create 2" -> (m, n, r) -> fireIf(m.equals("submit") && n == 2 && r != null, ctrlC);
                    default -> throw new IllegalArgumentException(step);
                };
        before = (m, n, r) -> at.on(m, n, null);
        after = (m, n, r) -> {
            if (m.equals("cancel")) {
                sim.advanceClock(Duration.ofSeconds(31)); // a stop the CLI asks for lands before its next read
            }
            at.on(m, n, r == null ? VOID : r);
        };
        String name = "int-" + RUNS.incrementAndGet();

        CliHarness.Result r = CompletableFuture.supplyAsync(
                        () -> submit(name, stopOnInterrupt ? "--cancel-on-interrupt" : "--no-cancel-on-interrupt"))
                .get(2, TimeUnit.MINUTES);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(130);
        List<JobView> jobs = jobsOf(name);
        assertThat(jobs).as(r.err()).isNotEmpty().hasSizeLessThanOrEqualTo(2);
        List<JobView> live = live(jobs);
        assertThat(live).as(r.err()).hasSizeLessThanOrEqualTo(stopOnInterrupt ? 0 : 1);
        String said = r.out() + r.err();
        for (JobView j : jobs) {
            assertThat(said).as("the output names job %s", j.id()).contains(j.id());
        }
        if (live.isEmpty()) {
            assertThat(said).containsAnyOf("no job left running", "stopped job ", "job stopped: STOPPED");
        } else {
            assertThat(said).containsAnyOf("job " + live.get(0).id() + " keeps running", "job left as it is");
        }
    }
}

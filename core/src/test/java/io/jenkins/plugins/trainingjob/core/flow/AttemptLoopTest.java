package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.monitor.JobFailure;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The attempt loop in small worlds: each target its own pool whose jobs start or not as the test says,
 * the watch ending at once with what the job's state implies. The property checked everywhere: never
 * more than one live job for one submit.
 */
class AttemptLoopTest {

    /** A pool: jobs it accepts stay PENDING unless it has room; a stop may lose the race with a start. */
    static final class Pool extends FakePlatform {
        final String name;
        boolean hasRoom;
        boolean startsWhileStopped;
        boolean stopIgnored;
        final List<JobRef> created = new ArrayList<>();

        Pool(String name, boolean hasRoom) {
            this.name = name;
            this.hasRoom = hasRoom;
        }

        @Override
        public synchronized JobRef submit(JobSpec spec, String clientToken) {
            submittedTokens.add(clientToken);
            JobRef job = new JobRef(kind(), name + "-job-" + submittedTokens.size(), spec.name());
            byToken.put(clientToken, job);
            created.add(job);
            addStatus(FakePlatform.status(job, hasRoom ? JobPhase.RUNNING : JobPhase.PENDING));
            return job;
        }

        @Override
        public void cancel(JobRef job) {
            cancelled.add(job);
            if (startsWhileStopped) {
                set(job, JobPhase.RUNNING, "Running");
            } else if (!stopIgnored) {
                set(job, JobPhase.STOPPED, "ManualTermination");
            }
        }

        long live() {
            return created.stream().filter(j -> !phase(j).isTerminal()).count();
        }
    }

    private final List<Pool> pools = new ArrayList<>();
    private final ScriptedWatcher watcher = new ScriptedWatcher();
    private final List<String> lines = new ArrayList<>();
    private final List<String> savedTokens = new ArrayList<>();
    private Function<JobRef, Outcome> whenRunning = job -> new Outcome.Scheduled(status(job));
    private Function<JobRef, Outcome> whenPending = job -> new Outcome.Unschedulable(status(job), null);

    private Pool pool(String name, boolean hasRoom) {
        Pool p = new Pool(name, hasRoom);
        pools.add(p);
        return p;
    }

    private JobStatus status(JobRef job) {
        return FakePlatform.status(job, owner(job).phase(job));
    }

    private Pool owner(JobRef job) {
        return pools.stream().filter(p -> p.created.contains(job)).findFirst().orElseThrow();
    }

    private long live() {
        return pools.stream().mapToLong(Pool::live).sum();
    }

    private List<TargetChoice.Judged> plan(JobSpec spec) {
        watcher.immediately =
                job -> owner(job).phase(job) == JobPhase.PENDING ? whenPending.apply(job) : whenRunning.apply(job);
        List<TargetChoice.Judged> plan = new ArrayList<>();
        for (Pool p : pools) {
            plan.add(new TargetChoice.Judged(
                    new TargetChoice.Candidate(
                            plan.size() + 1, plan.isEmpty() ? "primary" : "queue=" + p.name, p, spec, "c-" + p.name),
                    null,
                    Optional.empty(),
                    ""));
        }
        return plan;
    }

    private AttemptLoop.Result run(
            AttemptLoop loop,
            JobSpec spec,
            RetryPolicy retry,
            boolean tokenInUse,
            boolean stopOnInterrupt,
            BiConsumer<AttemptLoop.Step, Integer> onStep) {
        AttemptLoop.Settings settings = new AttemptLoop.Settings(
                "ci-42-train", tokenInUse, retry, null, stopOnInterrupt, 3, Duration.ofSeconds(5));
        return loop.run(
                plan(spec),
                settings,
                remaining -> WatchPolicy.defaults(WaitTarget.SCHEDULED),
                null,
                new AttemptLoop.Hooks() {
                    @Override
                    public void beforeCreate(int attempt, String token, TargetChoice.Candidate target) {
                        savedTokens.add(token);
                    }

                    @Override
                    public void line(String text) {
                        lines.add(text);
                    }

                    @Override
                    public void reached(AttemptLoop.Step step, int attempt) {
                        onStep.accept(step, attempt);
                    }
                });
    }

    private static final JobSpec UNNAMED = FakePlatform.spec(PlatformKind.AIHC, "");

    private AttemptLoop.Result run(RetryPolicy retry) {
        return run(newLoop(), UNNAMED, retry, false, true, (s, a) -> {});
    }

    private final List<Duration> slept = new ArrayList<>();

    private AttemptLoop newLoop() {
        return new AttemptLoop(watcher, slept::add, () -> Instant.parse("2026-12-02T00:00:00Z"));
    }

    @Test
    void aPrimaryPastItsPendingTimeoutIsStoppedAndTheFallbackRuns() {
        Pool primary = pool("busy", false);
        Pool spot = pool("spot", true);
        AttemptLoop.Result result = run(RetryPolicy.none());
        assertThat(primary.cancelled).containsExactly(primary.created.get(0));
        assertThat(primary.phase(primary.created.get(0))).isEqualTo(JobPhase.STOPPED);
        assertThat(spot.created).hasSize(1);
        assertThat(result.job()).isEqualTo(spot.created.get(0));
        assertThat(result.outcome()).isInstanceOf(Outcome.Scheduled.class);
        assertThat(result.attempts()).extracting(Attempt::clientToken).containsExactly("ci-42-train", "ci-42-train-a2");
        assertThat(result.attempts().get(0).reason())
                .contains("pending timeout")
                .contains("moved to target 2");
        assertThat(result.outcomes().get(1)).isInstanceOf(Outcome.Unschedulable.class); // the diagnosis is kept
        assertThat(savedTokens).containsExactly("ci-42-train", "ci-42-train-a2");
        assertThat(live()).isEqualTo(1);
    }

    @Test
    void bothBusyTheLastTargetsJobIsLeftToTheFrontEndsCleanup() {
        Pool primary = pool("busy", false);
        Pool spot = pool("spot", false);
        AttemptLoop.Result result = run(RetryPolicy.none());
        assertThat(result.outcome()).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(spot.cancelled).isEmpty(); // cancelOnFailure is the front end's, for the last attempt
        assertThat(result.job()).isEqualTo(spot.created.get(0));
        assertThat(primary.live()).isZero();
        assertThat(live()).isEqualTo(1);
    }

    @Test
    void aJobThatStartsWhileBeingStoppedIsKeptAndNothingMoves() {
        Pool primary = pool("busy", false);
        primary.startsWhileStopped = true;
        Pool spot = pool("spot", true);
        AttemptLoop.Result result = run(RetryPolicy.none());
        assertThat(spot.created).isEmpty();
        assertThat(result.job()).isEqualTo(primary.created.get(0));
        assertThat(result.outcome()).isInstanceOf(Outcome.Scheduled.class);
        assertThat(result.attempts())
                .singleElement()
                .extracting(Attempt::reason)
                .asString()
                .contains("started while being stopped; kept");
        assertThat(live()).isEqualTo(1);
    }

    @Test
    void aStopThatIsNotConfirmedMovesNowhere() {
        Pool primary = pool("busy", false);
        primary.stopIgnored = true;
        Pool spot = pool("spot", true);
        AttemptLoop.Result result = run(RetryPolicy.none());
        assertThat(spot.created).isEmpty();
        assertThat(result.job()).isEqualTo(primary.created.get(0));
        assertThat(result.attempts().get(0).reason()).contains("not confirmed").contains("never two jobs");
        assertThat(slept).hasSize(3);
    }

    @Test
    void aBudgetThatCannotBeMetMovesOnOnlyWhenEndedEarly() {
        pool("busy", false);
        Pool spot = pool("spot", true);
        whenPending = job -> new Outcome.NotStartedInBudget(status(job), Duration.ofHours(1), "p10 start in 3h");
        assertThat(run(RetryPolicy.none()).job()).isEqualTo(spot.created.get(0));

        pools.clear();
        pool("busy", false);
        Pool spot2 = pool("spot", true);
        whenPending = job -> new Outcome.NotStartedInBudget(status(job), Duration.ofHours(1), "");
        AttemptLoop.Result spent = run(RetryPolicy.none());
        assertThat(spot2.created).isEmpty();
        assertThat(spent.outcome()).isInstanceOf(Outcome.NotStartedInBudget.class);
    }

    @Test
    void aListedExitCodeIsRetriedOnTheSameTargetWithTheNextToken() {
        Pool only = pool("only", true);
        int[] runs = {0};
        whenRunning = job -> ++runs[0] == 1
                ? new Outcome.JobFailed(status(job), new JobFailure("OOMKilled", 137, "master-0", List.of()))
                : new Outcome.Completed(status(job));
        AttemptLoop.Result result = run(RetryPolicy.parse(RetryPolicy.Fields.CLI, 2, "137", false, "30s"));
        assertThat(only.submittedTokens).containsExactly("ci-42-train", "ci-42-train-a2");
        assertThat(result.outcome()).isInstanceOf(Outcome.Completed.class);
        assertThat(result.attempts()).extracting(Attempt::outcome).containsExactly("job_failed", "completed");
        assertThat(result.attempts().get(0).reason()).isEqualTo("exit code 137; retry 1 of 2 after 30s");
        assertThat(slept).containsExactly(Duration.ofSeconds(30));
    }

    @Test
    void retriesStopAtTheLimitAndAnUnlistedCodeIsNotRetried() {
        Pool only = pool("only", true);
        whenRunning = job -> new Outcome.JobFailed(status(job), new JobFailure("", 137, "", List.of()));
        AttemptLoop.Result result = run(RetryPolicy.parse(RetryPolicy.Fields.CLI, 1, "137", false, null));
        assertThat(only.submittedTokens).hasSize(2);
        assertThat(result.attempts().get(1).reason()).isEqualTo("exit code 137; no retries left");

        pools.clear();
        Pool other = pool("other", true);
        whenRunning = job -> new Outcome.JobFailed(status(job), new JobFailure("", 1, "", List.of()));
        run(RetryPolicy.parse(RetryPolicy.Fields.CLI, 3, "137", false, null));
        assertThat(other.submittedTokens).hasSize(1);
    }

    @Test
    void aJobThatNeverFitsIsNotRetried() {
        Pool only = pool("only", false);
        AttemptLoop.Result result = run(RetryPolicy.parse(RetryPolicy.Fields.CLI, 3, "1-255", true, null));
        assertThat(only.submittedTokens).hasSize(1);
        assertThat(result.outcome()).isInstanceOf(Outcome.Unschedulable.class);
    }

    @Test
    void aResumedSubmitFindsEveryEarlierAttemptAndCreatesNone() {
        Pool primary = pool("busy", false);
        Pool spot = pool("spot", true);
        run(RetryPolicy.none());
        assertThat(live()).isEqualTo(1);
        // A restarted controller (or the CLI given --client-token) runs the same submit again.
        AttemptLoop.Result again = run(newLoop(), UNNAMED, RetryPolicy.none(), true, true, (s, a) -> {});
        assertThat(primary.created).hasSize(1);
        assertThat(spot.created).hasSize(1);
        assertThat(again.job()).isEqualTo(spot.created.get(0));
        assertThat(again.attempts()).extracting(Attempt::outcome).containsExactly("superseded", "scheduled");
        assertThat(lines).anyMatch(l -> l.startsWith("resuming attempt 2 (queue=spot)"));
    }

    @Test
    void aResumeWhoseFirstAttemptIsGoneStillFindsTheLaterOneAndCreatesNone() {
        Pool primary = pool("busy", false);
        Pool spot = pool("spot", true);
        run(RetryPolicy.none());
        // Attempt 1's stopped job was deleted (or fell past AIHC's look-up horizon); attempt 2 still runs.
        primary.byToken.clear();
        AttemptLoop.Result again = run(newLoop(), UNNAMED, RetryPolicy.none(), true, true, (s, a) -> {});
        assertThat(live()).isEqualTo(1);
        assertThat(primary.created).hasSize(1);
        assertThat(spot.created).hasSize(1);
        assertThat(again.job()).isEqualTo(spot.created.get(0));
    }

    static List<Object[]> everyStepOfAMove() {
        List<Object[]> cases = new ArrayList<>();
        for (boolean stop : new boolean[] {true, false}) {
            for (AttemptLoop.Step step : AttemptLoop.Step.values()) {
                for (int attempt = 1; attempt <= 2; attempt++) {
                    cases.add(new Object[] {step, attempt, stop});
                }
            }
        }
        return cases;
    }

    /**
     * A world in which every case reaches its step: two busy pools before a free one, so attempts 1 and 2
     * are both stopped and moved (every step but BEFORE_RETRY); for BEFORE_RETRY, one free pool whose jobs
     * fail with a listed exit code, two retries allowed, so attempts 1 and 2 are both retried.
     */
    @ParameterizedTest(name = "interrupt at {0} of attempt {1}, stop on interrupt {2}")
    @MethodSource("everyStepOfAMove")
    void anInterruptAtAnyStepOfAMoveLeavesAtMostOneJobAndSaysWhich(
            AttemptLoop.Step step, int attempt, boolean stopOnInterrupt) {
        RetryPolicy retry = RetryPolicy.none();
        if (step == AttemptLoop.Step.BEFORE_RETRY) {
            pool("only", true);
            whenRunning = job -> {
                owner(job).set(job, JobPhase.FAILED, "Failed");
                return new Outcome.JobFailed(status(job), new JobFailure("", 137, "master-0", List.of()));
            };
            retry = RetryPolicy.parse(RetryPolicy.Fields.CLI, 2, "137", false, null);
        } else {
            pool("busy", false);
            pool("busy2", false);
            pool("spot", true);
        }
        AttemptLoop loop = newLoop();
        boolean[] reached = {false};
        AttemptLoop.Result result = run(loop, UNNAMED, retry, false, stopOnInterrupt, (s, a) -> {
            if (s == step && a == attempt) {
                reached[0] = true;
                loop.interrupt();
            }
        });
        assertThat(reached[0]).as("the case reached its step").isTrue();
        assertThat(loop.interrupted()).isTrue();
        assertThat(live()).isLessThanOrEqualTo(1);
        List<JobRef> alive = pools.stream()
                .flatMap(p -> p.created.stream().filter(j -> !p.phase(j).isTerminal()))
                .toList();
        if (!alive.isEmpty()) {
            // The one job left is the one the result names.
            assertThat(result.job()).isEqualTo(alive.get(0));
        }
        assertThat(result.outcome()).isInstanceOf(Outcome.Cancelled.class);
        assertThat(result.outcome().message()).isNotBlank();
    }

    @Test
    void aNamedSpecGetsAPerAttemptNameThatKeepsItsLiteralPlaceholders() throws Exception {
        String yaml = new String(
                getClass().getResourceAsStream("named-sensecore-job.yaml").readAllBytes(), StandardCharsets.UTF_8);
        JobSpec spec = JobSpecLoader.load(
                yaml, "job.yaml", Map.of("BUILD_NUMBER", "42", "WORKERS", "4", "IMAGE_TAG", "v1", "GIT_COMMIT", "abc"));
        assertThat(AttemptSpec.forAttempt(spec, 1)).isSameAs(spec);
        JobSpec second = AttemptSpec.forAttempt(spec, 2);
        assertThat(second.name()).isEqualTo("resnet-ci-42-a2");
        assertThat(second.body().toString()).contains("${SENSECORE_PYTORCH_NNODES}");
        assertThat(AttemptSpec.forAttempt(second, 1).body().toString())
                .isEqualTo(second.body().toString());
        assertThatThrownBy(() -> new AttemptLoop.Settings("bad token!", false, null, null, true, 1, Duration.ZERO))
                .hasMessageContaining("clientToken");
    }
}

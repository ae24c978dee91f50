package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.flow.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.core.testkit.RecordingListener;
import io.jenkins.plugins.trainingjob.core.testkit.ShiftedTime;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The wait budget ({@code maxWait}) and the ETA of a watch, with the real monitor on a manual clock: the queue's
 * history is what the platform's job list shows, read once per connection and round.
 */
class JobMonitorBudgetTest {
    private static final String CONNECTION = "aihc-pool";

    private final FakePlatform platform = new FakePlatform();
    private final ManualClock clock = new ManualClock();
    private volatile Verdict verdict = Verdict.FITS_LATER;
    private final MonitorSettings settings = MonitorSettings.defaults()
            // status calls per job, so every list round counted below is a history read
            .withListing(1_000, 100, 10)
            .withAnalyzer(this::analyze);
    /** Time the monitor sees beyond the manual clock's: a call that returns later than it began. */
    private volatile Duration lateBy = Duration.ZERO;
    /** Runs as a diagnosis is analysed, on the monitor's thread. */
    private volatile Runnable onAnalyze = () -> {};

    private final TimeSource lateClock = new ShiftedTime(clock, () -> lateBy);
    private final JobMonitor monitor = new JobMonitor(id -> platform, lateClock, settings);

    {
        clock.settleWith(monitor::awaitIdle);
    }

    /** Polls every 10 s up to 30 s, as a CLI watch does; the pending timeout is out of the way unless said. */
    private final WatchPolicy policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
            .withPolling(Duration.ofSeconds(10), Duration.ofSeconds(30))
            .withPendingTimeout(Duration.ofHours(10));

    @AfterEach
    void close() {
        monitor.close();
    }

    @Test
    void withoutABasisTheWaitEndsAtTheDeadlineNotBefore() {
        history(5, Duration.ofHours(3), Duration.ofHours(3)); // 5 finished jobs: too few for an estimate
        JobRef job = platform.addJob("train");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), listener);

        clock.advance(Duration.ofMinutes(39));
        assertThat(watch.outcome()).as("no estimate ends nothing early").isNotDone();
        clock.advance(Duration.ofMinutes(2));

        Outcome outcome = watch.outcome().join();
        assertThat(outcome).isInstanceOf(Outcome.NotStartedInBudget.class);
        Outcome.NotStartedInBudget budget = (Outcome.NotStartedInBudget) outcome;
        assertThat(budget.early()).isFalse();
        assertThat(OutcomeClass.of(outcome).exitCode()).isEqualTo(8);
        assertThat(outcome.message()).contains("did not start within 40m");
        assertThat(budget.eta().kind()).isEqualTo(Eta.Kind.NO_BASIS);
        assertThat(listener.events(MonitorEvent.EtaChanged.class))
                .singleElement()
                .satisfies(e -> assertThat(e.message()).contains("no basis for an estimate (5 finished jobs in 7d)"));
    }

    @Test
    void anOptimisticEstimatePastTheBudgetEndsTheWaitEarly() {
        history(40, Duration.ofHours(3), Duration.ofHours(3));
        running(2, Duration.ofMinutes(1)); // they hold the queue's 16 GPUs, for about 3 hours more
        JobRef job = platform.addJob("train", 8);
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), listener);

        outcomeWithin(watch, Duration.ofHours(2));

        Outcome.NotStartedInBudget outcome =
                (Outcome.NotStartedInBudget) watch.outcome().join();
        assertThat(outcome.early()).isTrue();
        assertThat(outcome.why())
                .startsWith("p10 start in ")
                // 3 h less the minute they ran and the seconds to the estimate that ended the wait
                .matches(".*; the running jobs free enough in 2h 5[89]m at the soonest");
        assertThat(clock.now())
                .as("ended at the first estimate, not the deadline")
                .isBefore(watch.state().startedAt().plus(Duration.ofMinutes(1)));
        assertThat(outcome.message()).contains("would not start within 40m: p10 start in");
        assertThat(outcome.eta().known()).isTrue();
        // at the watch's first tick two jobs that started at once keep p10 at zero; the first poll ends it
        assertThat(listener.events(MonitorEvent.EtaChanged.class))
                .hasSizeBetween(1, 2)
                .last()
                .satisfies(e -> assertThat(e.message()).contains("expected to start in"));
    }

    /**
     * The world in which an early end on past waits alone would be wrong: every past job waited 3 hours, but
     * nothing runs now, so nothing the tool can see holds the job back. It waits to the deadline.
     */
    @Test
    void pastWaitsAloneEndNothingEarlyWhenNoRunningJobHoldsTheJobBack() {
        history(40, Duration.ofHours(3), Duration.ofHours(3));
        JobRef job = platform.addJob("train", 8);
        Watch watch =
                monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), new RecordingListener());

        clock.advance(Duration.ofMinutes(39));
        assertThat(watch.outcome())
                .as("p10 is 3h, but nothing running proves it")
                .isNotDone();
        clock.advance(Duration.ofMinutes(2));

        Outcome.NotStartedInBudget outcome =
                (Outcome.NotStartedInBudget) watch.outcome().join();
        assertThat(outcome.early()).isFalse();
        assertThat(outcome.eta().known()).isTrue();
        assertThat(outcome.eta().p10()).isGreaterThan(Duration.ofMinutes(40));
        assertThat(outcome.message()).contains("did not start within 40m");
    }

    @Test
    void aMedianPastTheBudgetWarnsOnceAndKeepsWaiting() {
        // a tenth of the past waits were short, most were long: p10 inside the budget, p50 past it
        history(10, Duration.ofMinutes(20), Duration.ofMinutes(5));
        history(30, Duration.ofHours(3), Duration.ofHours(3));
        JobRef job = platform.addJob("train");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), listener);

        // (once it has waited past the short waits, only the long ones are evidence, and p10 would end it)
        clock.advance(Duration.ofMinutes(10));
        assertThat(watch.outcome()).isNotDone();
        assertThat(listener.events(MonitorEvent.BudgetAtRisk.class))
                .singleElement()
                .satisfies(e -> assertThat(e.message()).contains("may not start within the wait budget"));
        platform.set(job, JobPhase.RUNNING, "Running");
        outcomeWithin(watch, Duration.ofHours(2));
        assertThat(watch.outcome().join()).isInstanceOf(Outcome.Scheduled.class);
    }

    @Test
    void withABudgetAFitsLaterDiagnosisWaitsOnAndTheReportComesWithTheDeadline() {
        history(5, Duration.ofHours(3), Duration.ofHours(3));
        JobRef job = platform.addJob("train");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(
                CONNECTION,
                job,
                policy.withPendingTimeout(Duration.ofMinutes(10)),
                WaitBudget.of(Duration.ofMinutes(40)),
                listener);

        clock.advance(Duration.ofMinutes(20));
        assertThat(watch.outcome())
                .as("FITS_LATER no longer ends a budgeted wait")
                .isNotDone();
        assertThat(listener.saw(MonitorEvent.KeptWaiting.class)).isTrue();
        outcomeWithin(watch, Duration.ofHours(2));

        Outcome.NotStartedInBudget outcome =
                (Outcome.NotStartedInBudget) watch.outcome().join();
        assertThat(outcome.report()).isNotNull();
        assertThat(outcome.report().verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(platform.launchCalls)
                .as("diagnosed once, not every poll after the pending timeout")
                .hasValue(1);
    }

    /**
     * The race of a diagnosis asked for before the deadline whose answer comes after it: the budget has run
     * out, so the wait ends on the budget (exit 8, the report kept), never as "unschedulable", which would
     * move a fallback submit on as if the diagnosis had ended the wait.
     */
    @Test
    void aFitsLaterDiagnosisThatAnswersAfterTheDeadlineEndsTheWaitOnTheBudget() {
        history(5, Duration.ofHours(3), Duration.ofHours(3));
        JobRef job = platform.addJob("train");
        onAnalyze = () -> lateBy = Duration.ofMinutes(45);
        Watch watch = monitor.watch(
                CONNECTION,
                job,
                policy.withPendingTimeout(Duration.ofMinutes(10)),
                WaitBudget.of(Duration.ofMinutes(40)),
                new RecordingListener());

        outcomeWithin(watch, Duration.ofHours(2));

        Outcome outcome = watch.outcome().join();
        assertThat(outcome).isInstanceOf(Outcome.NotStartedInBudget.class);
        assertThat(OutcomeClass.of(outcome).exitCode()).isEqualTo(8);
        Outcome.NotStartedInBudget budget = (Outcome.NotStartedInBudget) outcome;
        assertThat(budget.early()).isFalse();
        assertThat(budget.report().verdict()).isEqualTo(Verdict.FITS_LATER);
    }

    @Test
    void withABudgetANeverFitsDiagnosisStillEndsTheWait() {
        verdict = Verdict.NEVER_FITS;
        JobRef job = platform.addJob("train");
        Watch watch = monitor.watch(
                CONNECTION,
                job,
                policy.withPendingTimeout(Duration.ofMinutes(10)),
                WaitBudget.of(Duration.ofMinutes(40)),
                null);
        outcomeWithin(watch, Duration.ofHours(2));
        assertThat(watch.outcome().join()).isInstanceOf(Outcome.Unschedulable.class);
    }

    @Test
    void aBudgetThatRunsOutWhileStatusReadsFailEndsWithTheStateUnknownNotNotStarted() {
        JobRef job = platform.addJob("train");
        Watch watch = monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), null);
        clock.advance(Duration.ofMinutes(37));
        assertThat(watch.outcome()).isNotDone();
        // The world in which "not started" would be wrong: the job starts just as the reads begin to fail.
        platform.set(job, JobPhase.RUNNING, "Running");
        platform.outage = () -> TransientException.malformed(PlatformKind.AIHC, "GET status", 502, "r-9", "gateway");
        outcomeWithin(watch, Duration.ofMinutes(4)); // within the 5-minute retry limit: the budget ends it

        Outcome outcome = watch.outcome().join();
        assertThat(outcome).isNotInstanceOf(Outcome.NotStartedInBudget.class);
        assertThat(outcome.kind()).isEqualTo(OutcomeKind.PLATFORM_ERROR);
        assertThat(ConsoleText.unfolded(outcome.message()))
                .contains("wait budget of 40m ran out")
                .contains("state is unknown")
                .contains("gateway");
        assertThat(FailureCleanup.leavesJob(outcome))
                .as("a job that may have started is not stopped on a guess")
                .isFalse();
    }

    @Test
    void aBudgetThatRunsOutBetweenRetriesEndsTheWaitAtItsDeadlineNotABackOffLater() {
        // Retries 2 minutes apart, exactly: a retry armed before the budget's end would come 1-2 minutes after it.
        JobMonitor slowRetries = new JobMonitor(
                id -> platform,
                clock,
                settings.withJitter(0)
                        .withRetries(Duration.ofMinutes(5), Duration.ofMinutes(2), Duration.ofMinutes(2)));
        clock.settleWith(slowRetries::awaitIdle);
        try {
            JobRef job = platform.addJob("train");
            Instant start = clock.now();
            Watch watch = slowRetries.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), null);
            clock.advance(Duration.ofMinutes(39));
            assertThat(watch.outcome()).isNotDone();
            platform.outage =
                    () -> TransientException.malformed(PlatformKind.AIHC, "GET status", 502, "r-9", "gateway");

            Outcome outcome = outcomeWithin(watch, Duration.ofMinutes(4));

            assertThat(ConsoleText.unfolded(outcome.message())).contains("wait budget of 40m ran out");
            assertThat(clock.now()).isBefore(start.plus(Duration.ofMinutes(40)).plusSeconds(1));
        } finally {
            slowRetries.close();
        }
    }

    @Test
    void aBudgetThatRunsOutAfterAGoodReadStillSaysNotStarted() {
        JobRef job = platform.addJob("train");
        Watch watch = monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), null);
        clock.advance(Duration.ofMinutes(37));
        // A failed read, then good ones: the last read proves the job is still pending.
        platform.outage = () -> TransientException.malformed(PlatformKind.AIHC, "GET status", 502, "r-9", "gateway");
        clock.advance(Duration.ofSeconds(20));
        platform.outage = () -> null;
        outcomeWithin(watch, Duration.ofMinutes(4));
        assertThat(watch.outcome().join()).isInstanceOf(Outcome.NotStartedInBudget.class);
    }

    @Test
    void aBudgetCountsFromTheStartItWasGiven() {
        JobRef job = platform.addJob("train");
        // a fallback attempt 30 minutes into a 40-minute budget has 10 minutes left
        Instant firstAttempt = clock.now().minus(Duration.ofMinutes(30));
        Watch watch = monitor.watch(
                CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)).from(firstAttempt), null);
        clock.advance(Duration.ofMinutes(9));
        assertThat(watch.outcome()).isNotDone();
        clock.advance(Duration.ofMinutes(2));
        assertThat(watch.outcome().join().message()).contains("did not start within 40m");
    }

    @Test
    void manyWatchesOfOneConnectionReadItsHistoryOncePerRound() {
        history(40, Duration.ofMinutes(5), Duration.ofHours(1));
        List<Watch> watches = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            watches.add(monitor.watch(
                    CONNECTION, platform.addJob("train-" + i), policy, new WaitBudget(null, null, true), null));
        }
        clock.advance(Duration.ofSeconds(95)); // three rounds and a bit, each of 20 estimates
        assertThat(platform.listRounds.get()).isBetween(3, 4);
        assertThat(watches).allSatisfy(w -> assertThat(((ActiveWatch) w).eta()).isNotNull());
    }

    @Test
    void aResumedWatchKeepsItsBudgetFromItsSavedStart() {
        JobRef job = platform.addJob("train");
        Watch first = monitor.watch(CONNECTION, job, policy, WaitBudget.of(Duration.ofMinutes(40)), null);
        clock.advance(Duration.ofMinutes(30));
        WatchState saved = first.state();
        first.cancel(false);
        clock.advance(Duration.ZERO);

        Watch resumed = monitor.resume(saved, WaitBudget.of(Duration.ofMinutes(40)), null);
        clock.advance(Duration.ofMinutes(9));
        assertThat(resumed.outcome()).isNotDone();
        clock.advance(Duration.ofMinutes(2));
        assertThat(resumed.outcome().join().message()).contains("did not start within 40m");
    }

    @Test
    void withoutABudgetOrAnAskNothingIsEstimated() {
        history(40, Duration.ofMinutes(5), Duration.ofHours(1));
        monitor.watch(CONNECTION, platform.addJob("train"), policy, null);
        clock.advance(Duration.ofMinutes(5));
        assertThat(platform.listRounds.get()).isZero();
    }

    /** {@code n} finished jobs of 8 GPUs over the last days, each waited {@code wait} and ran {@code run}. */
    private void history(int n, Duration wait, Duration run) {
        Instant now = clock.now();
        for (int i = 0; i < n; i++) {
            // spread over the last days, every one finished before now
            Instant created = now.minus(wait).minus(run).minus(Duration.ofHours(1 + 3L * historySize));
            JobRef ref = new JobRef(platform.kind(), "hist-" + platformSize(), "hist-" + platformSize());
            platform.addStatus(new JobStatus(
                    ref,
                    JobPhase.SUCCEEDED,
                    "Succeeded",
                    created,
                    created.plus(wait),
                    created.plus(wait).plus(run),
                    null,
                    "",
                    List.of(),
                    null,
                    8));
            historySize++;
        }
    }

    /** Jobs of 8 GPUs of the same queue, running for {@code elapsed} now. */
    private void running(int n, Duration elapsed) {
        Instant started = clock.now().minus(elapsed);
        for (int i = 0; i < n; i++) {
            JobRef ref = new JobRef(platform.kind(), "hist-" + platformSize(), "hist-" + platformSize());
            platform.addStatus(new JobStatus(
                    ref, JobPhase.RUNNING, "Running", started, started, null, null, "", List.of(), null, 8));
            historySize++;
        }
    }

    private int historySize;

    private int platformSize() {
        return historySize;
    }

    private Outcome outcomeWithin(Watch watch, Duration limit) {
        assertThat(clock.advanceUntil(watch.outcome()::isDone, limit))
                .as("an outcome within " + limit)
                .isTrue();
        return watch.outcome().join();
    }

    private DiagnosisReport analyze(RawDiagnosis raw) {
        onAnalyze.run();
        return DiagnosisReport.builder(raw.job(), verdict)
                .headline("Job cannot be scheduled")
                .build();
    }
}

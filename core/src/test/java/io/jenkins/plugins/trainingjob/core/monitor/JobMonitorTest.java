package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.core.testkit.RecordingListener;
import io.jenkins.plugins.trainingjob.core.testkit.SerialForm;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One watch's life on a manual clock: a test moves time and the monitor polls, diagnoses and retries as
 * that time says, without real waiting.
 */
class JobMonitorTest {
    private static final String CONNECTION = "aihc-pool";

    private final FakePlatform platform = new FakePlatform();
    private final ManualClock clock = new ManualClock();
    private final MonitorSettings settings = MonitorSettings.defaults()
            .withRetries(ms(300), ms(5), ms(20))
            .withStopConfirmation(Duration.ofSeconds(5), ms(5))
            .withAnalyzer(JobMonitorTest::analyze);
    private JobMonitor monitor = newMonitor();

    {
        // before each step of time, the monitor finishes what the last one started
        clock.settleWith(() -> monitor.awaitIdle());
    }

    /** Polls every few milliseconds; nothing is diagnosed unless a test shortens the pending timeout. */
    private final WatchPolicy untilScheduled = WatchPolicy.defaults(WaitTarget.SCHEDULED)
            .withPolling(ms(2), ms(10))
            .withPendingTimeout(Duration.ofMinutes(10))
            .withDiagnosisTimeout(Duration.ofSeconds(10));

    @AfterEach
    void closeMonitor() {
        monitor.close();
    }

    @Test
    void aJobThatGetsEveryPodPlacedEndsScheduledWithOneStateChangePerTransition() throws Exception {
        JobRef job = platform.addJob("train-llm");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, listener);

        runUntil("several polls of the pending job", () -> platform.statusCalls.get() >= 5);
        platform.set(job, JobPhase.RUNNING, "Running");

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.Scheduled.class);
        assertThat(((Outcome.Scheduled) outcome).status().phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(outcome.message())
                .isEqualTo(
                        "[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) is scheduled: RUNNING on node 10.3.0.118");
        assertThat(listener.events(MonitorEvent.StateChanged.class))
                .extracting(e -> e.current().phase())
                .containsExactly(JobPhase.PENDING, JobPhase.RUNNING);
        assertThat(watch.state().phase()).isEqualTo(WatchState.Phase.DONE);
        assertThat(platform.launchCalls).hasValue(0);
    }

    @Test
    void waitingForCompletionKeepsWatchingARunningJobUntilItSucceeds() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.set(job, JobPhase.RUNNING, "Running");
        Watch watch = monitor.watch(
                CONNECTION,
                job,
                untilScheduled
                        .withPolling(ms(2), ms(10))
                        .withPendingTimeout(Duration.ofMinutes(10))
                        .withOverallTimeout(Duration.ofMinutes(1))
                        .withHeartbeat(Duration.ofMinutes(1))
                        .withDiagnosisTimeout(Duration.ofMinutes(1))
                        .withPendingTimeout(Duration.ofMinutes(10)),
                null);
        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);

        Watch completion = monitor.watch(CONNECTION, job, completionPolicy(), null);
        runUntil("polls of the running job", () -> platform.statusCalls.get() >= 5);
        assertThat(completion.outcome()).isNotDone();
        platform.set(job, JobPhase.SUCCEEDED, "Succeeded");

        Outcome outcome = outcomeOf(completion);
        assertThat(outcome).isInstanceOf(Outcome.Completed.class);
        assertThat(outcome.message())
                .isEqualTo("[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) completed successfully: SUCCEEDED");
    }

    @Test
    void aJobThatFailsEndsJobFailedWithThePlatformsStateAndReason() throws Exception {
        JobRef job = platform.addJob("train-llm");
        Watch watch = monitor.watch(CONNECTION, job, completionPolicy(), null);
        runUntil("first poll", () -> platform.statusCalls.get() >= 1);
        platform.set(job, JobPhase.FAILED, "Failed");

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.JobFailed.class);
        assertThat(((Outcome.JobFailed) outcome).status().rawState()).isEqualTo("Failed");
        assertThat(outcome.message()).isEqualTo("[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) failed: FAILED");
    }

    /** AIHC with fault tolerance: one Failed read may be a restart in progress; the second one counts. */
    @Test
    void aFaultTolerantJobsSingleFailedReadIsNotTheEnd() throws Exception {
        JobRef job = platform.addJob("train-ft");
        platform.faultTolerant.add(job.id());
        platform.set(job, JobPhase.RUNNING, "Running");
        platform.failedReadsThenRunning(job, 1);
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, completionPolicy(), listener);

        runUntil("the read after the transient Failed", () -> platform.statusCalls.get() >= 3);
        assertThat(watch.outcome()).isNotDone();
        platform.set(job, JobPhase.SUCCEEDED, "Succeeded");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Completed.class);
        // the unconfirmed Failed was never announced as a state
        assertThat(listener.events(MonitorEvent.StateChanged.class))
                .extracting(e -> e.current().phase())
                .containsExactly(JobPhase.RUNNING, JobPhase.SUCCEEDED);
    }

    @Test
    void aFaultTolerantJobThatReadsFailedTwiceInARowFails() throws Exception {
        JobRef job = platform.addJob("train-ft");
        platform.faultTolerant.add(job.id());
        platform.set(job, JobPhase.FAILED, "Failed");
        Watch watch = monitor.watch(CONNECTION, job, completionPolicy(), null);

        Outcome outcome = outcomeOf(watch);

        assertThat(outcome).isInstanceOf(Outcome.JobFailed.class);
        assertThat(platform.statusCalls.get()).isEqualTo(2);
    }

    @Test
    void aJobWithoutFaultToleranceFailsOnItsFirstFailedRead() throws Exception {
        JobRef job = platform.addJob("train-plain");
        platform.set(job, JobPhase.FAILED, "Failed");

        assertThat(outcomeOf(monitor.watch(CONNECTION, job, completionPolicy(), null)))
                .isInstanceOf(Outcome.JobFailed.class);
        assertThat(platform.statusCalls.get()).isEqualTo(1);
    }

    @Test
    void aJobStoppedBySomeoneElseEndsJobFailedSayingItWasStopped() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.set(job, JobPhase.STOPPED, "ManualTermination");
        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, job, untilScheduled, null));
        assertThat(outcome).isInstanceOf(Outcome.JobFailed.class);
        assertThat(outcome.message()).contains("was stopped: STOPPED (ManualTermination)");
    }

    @Test
    void aJobQueuedPastThePendingTimeoutIsDiagnosedAndEndsUnschedulableWithTheReport() throws Exception {
        JobRef job = platform.addJob("train-llm");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(30)), listener);

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        DiagnosisReport report = ((Outcome.Unschedulable) outcome).report();
        assertThat(report.headline())
                .isEqualTo("Job train-llm cannot be scheduled: node(s) were unschedulable " + "(10.3.0.118)");
        assertThat(report.diagnosisId()).isEqualTo("diag-1");
        assertThat(outcome.message())
                .isEqualTo("[aihc] Job train-llm cannot be scheduled: " + "node(s) were unschedulable (10.3.0.118)");
        assertThat(outcome.message()).hasSizeLessThanOrEqualTo(100);
        assertThat(platform.launchCalls).hasValue(1);
        assertThat(listener.events(MonitorEvent.DiagnosisStarted.class))
                .extracting(MonitorEvent.DiagnosisStarted::diagnosisId)
                .containsExactly("diag-1");
        assertThat(listener.states)
                .extracting(WatchState::phase)
                .containsSubsequence(
                        WatchState.Phase.WAITING,
                        WatchState.Phase.DIAGNOSING,
                        WatchState.Phase.DIAGNOSING,
                        WatchState.Phase.DONE);
        assertThat(listener.states)
                .anyMatch(s -> "diag-1".equals(s.diagnosisId())
                        && s.phase() == WatchState.Phase.DIAGNOSING
                        && s.diagnosisDeadline() != null);
    }

    @Test
    void aDiagnosisThatIsNotReadyIsFetchedAgainUntilItIs() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.notReadyFetches.set(3);
        RecordingListener listener = new RecordingListener();
        Outcome outcome =
                outcomeOf(monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(10)), listener));

        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(platform.fetchCalls).hasValue(4);
        assertThat(platform.launchCalls).hasValue(1);
        // Said once, not at every poll (B22): the repeats say nothing new.
        assertThat(listener.events(MonitorEvent.DiagnosisWaiting.class))
                .hasSize(1)
                .allSatisfy(e -> assertThat(e.reason()).isEqualTo("the report is not ready yet"));
    }

    @Test
    void aPreCheckRefusalIsRetriedUntilThePlatformAcceptsTheDiagnosis() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.preCheckRefusals.set(3);
        RecordingListener listener = new RecordingListener();
        Outcome outcome =
                outcomeOf(monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(10)), listener));

        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(platform.launchCalls).hasValue(4);
        assertThat(listener.events(MonitorEvent.DiagnosisWaiting.class))
                .hasSize(1)
                .allSatisfy(e -> assertThat(e.message()).contains("diagnosis waiting: the platform refused"));
    }

    @Test
    void aDiagnosisThatNeverFinishesEndsTimedOutAtTheDiagnosisTimeout() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.diagnosisReady = false;
        Outcome outcome = outcomeOf(monitor.watch(
                CONNECTION, job, untilScheduled.withPendingTimeout(ms(10)).withDiagnosisTimeout(ms(60)), null));

        assertThat(outcome).isInstanceOf(Outcome.TimedOut.class);
        assertThat(((Outcome.TimedOut) outcome).what()).isEqualTo("diagnosis timeout of 60ms");
        assertThat(platform.launchCalls).hasValue(1);
    }

    @Test
    void aJobThatSchedulesWhileBeingDiagnosedEndsScheduled() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.diagnosisReady = false;
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(10)), listener);
        runUntil("a diagnosis started", () -> listener.saw(MonitorEvent.DiagnosisStarted.class));
        platform.set(job, JobPhase.STARTING, "Scheduled");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
    }

    @Test
    void aJobThatStartsWhileDiagnosedWhenWaitingForCompletionDropsTheDiagnosisAndKeepsWaiting() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.diagnosisReady = false;
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, completionPolicy().withPendingTimeout(ms(10)), listener);
        runUntil("a diagnosis started", () -> listener.saw(MonitorEvent.DiagnosisStarted.class));
        platform.set(job, JobPhase.RUNNING, "Running");
        runUntil("back to waiting", () -> watch.state().phase() == WatchState.Phase.WAITING);
        assertThat(watch.state().diagnosisId()).isNull();
        platform.set(job, JobPhase.SUCCEEDED, "Succeeded");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Completed.class);
        assertThat(platform.launchCalls).hasValue(1);
    }

    @Test
    void aDiagnosisTheAnalyzerCannotReadStillEndsUnschedulable() throws Exception {
        monitor.close();
        monitor = new JobMonitor(id -> platform, clock, settings.withAnalyzer(raw -> {
            throw new IllegalStateException("analyzer bug");
        }));
        JobRef job = platform.addJob("train-llm");
        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(10)), null));

        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        DiagnosisReport report = ((Outcome.Unschedulable) outcome).report();
        assertThat(report.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(report.diagnosisId()).isEqualTo("diag-1");
        assertThat(outcome.message())
                .isEqualTo("[aihc] Job train-llm cannot be scheduled; its diagnosis could not be analysed");
    }

    @Test
    void aJobThatDisappearsEndsAPlatformErrorAtOnce() throws Exception {
        JobRef ghost = new JobRef(PlatformKind.AIHC, "pytorchjob-ghost", "ghost");
        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, ghost, untilScheduled, null));
        assertThat(outcome).isInstanceOf(Outcome.PlatformError.class);
        assertThat(((Outcome.PlatformError) outcome).error())
                .isInstanceOf(io.jenkins.plugins.trainingjob.core.platform.NotFoundException.class);
        assertThat(platform.statusCalls).hasValue(1);
    }

    @Test
    void theOverallTimeoutEndsAWatchThatNeverReachesItsTarget() throws Exception {
        JobRef job = platform.addJob("train-llm");
        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, job, untilScheduled.withOverallTimeout(ms(50)), null));

        assertThat(outcome).isInstanceOf(Outcome.TimedOut.class);
        assertThat(unfolded(outcome.message()))
                .isEqualTo("[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) timed out: "
                        + "overall timeout of 50ms, still PENDING (Created)");
    }

    @Test
    void anOutageInTheMiddleIsRetriedAndTheWatchCarriesOn() throws Exception {
        JobRef job = platform.addJob("train-llm");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, listener);
        runUntil("first poll", () -> platform.statusCalls.get() >= 1);
        AtomicInteger failures = new AtomicInteger(3);
        platform.outage = () -> failures.getAndDecrement() > 0 ? unavailable() : null;
        runUntil("the outage passed", () -> failures.get() < 0);
        platform.set(job, JobPhase.RUNNING, "Running");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
        assertThat(listener.events(MonitorEvent.Retrying.class)).hasSize(3).allSatisfy(e -> assertThat(e.error())
                .isInstanceOf(TransientException.class));
    }

    @Test
    void anOutageThatPersistsEndsAPlatformErrorAfterTheRetryLimit() throws Exception {
        JobRef job = platform.addJob("train-llm");
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, null);
        runUntil("first poll", () -> platform.statusCalls.get() >= 1);
        platform.outage = JobMonitorTest::unavailable;

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.PlatformError.class);
        assertThat(((Outcome.PlatformError) outcome).error()).isInstanceOf(TransientException.class);
        assertThat(((Outcome.PlatformError) outcome).lastStatus().phase()).isEqualTo(JobPhase.PENDING);
        assertThat(unfolded(outcome.message()))
                .isEqualTo("[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) watch failed: "
                        + "Baidu AIHC GET /api/v1/aijobs/{jobId}: service unavailable (HTTP 503, request id r-6)");
        assertThat(platform.statusCalls.get()).isGreaterThan(2);
    }

    @Test
    void aRateLimitIsRetriedNoSoonerThanTheServerAsks() throws Exception {
        JobRef job = platform.addJob("train-llm");
        AtomicInteger failures = new AtomicInteger(1);
        platform.outage = () -> failures.getAndDecrement() > 0
                ? new RateLimitedException(
                        new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs/{jobId}", 429, "TooManyRequests", "r-9"),
                        "slow down",
                        ms(40),
                        null)
                : null;
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, listener);
        runUntil("the rate limit passed", () -> failures.get() < 0);
        platform.set(job, JobPhase.RUNNING, "Running");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
        assertThat(listener.events(MonitorEvent.Retrying.class)).singleElement().satisfies(e -> assertThat(e.delay())
                .isEqualTo(ms(40)));
    }

    @Test
    void refusedCredentialsEndThePlatformErrorAtOnceWithoutRetrying() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.outage = () -> new AuthenticationException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs/{jobId}", 403, "AccessDenied", "r-5"),
                "access denied",
                null);
        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, job, untilScheduled, null));

        assertThat(outcome).isInstanceOf(Outcome.PlatformError.class);
        assertThat(((Outcome.PlatformError) outcome).error()).isInstanceOf(AuthenticationException.class);
        assertThat(platform.statusCalls).hasValue(1);
        assertThat(((Outcome.PlatformError) outcome).lastStatus().phase()).isEqualTo(JobPhase.UNKNOWN);
        assertThat(unfolded(outcome.message())).contains("access denied (HTTP 403, code AccessDenied, request id r-5)");
    }

    @Test
    void cancellingWithoutStopLeavesTheRemoteJobAlone() throws Exception {
        JobRef job = platform.addJob("train-llm");
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, null);
        runUntil("first poll", () -> platform.statusCalls.get() >= 1);

        Outcome outcome = outcomeOf(watch.cancel(false));
        assertThat(outcome).isInstanceOf(Outcome.Cancelled.class);
        assertThat(((Outcome.Cancelled) outcome).remoteStopped()).isFalse();
        assertThat(platform.cancelCalls).hasValue(0);
        assertThat(platform.phase(job)).isEqualTo(JobPhase.PENDING);
        assertThat(unfolded(outcome.message()))
                .isEqualTo("[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) watch cancelled; "
                        + "job left as it is on the platform");
        assertNothingLeftBehind();
    }

    @Test
    void cancellingWithStopStopsTheRemoteJobAndConfirmsIt() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.stopTakesPolls = 3;
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, null);
        runUntil("first poll", () -> platform.statusCalls.get() >= 1);

        Outcome outcome = outcomeOf(watch.cancel(true));
        assertThat(outcome).isInstanceOf(Outcome.Cancelled.class);
        Outcome.Cancelled cancelled = (Outcome.Cancelled) outcome;
        assertThat(cancelled.remoteStopped()).isTrue();
        assertThat(cancelled.lastStatus().phase()).isEqualTo(JobPhase.STOPPED);
        assertThat(platform.cancelCalls).hasValue(1);
        assertThat(unfolded(outcome.message()))
                .isEqualTo("[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) watch cancelled; "
                        + "job stopped: STOPPED (ManualTermination)");
        assertThat(watch.cancel(true).get()).isSameAs(outcome);
        assertThat(platform.cancelCalls).hasValue(1);
        assertNothingLeftBehind();
    }

    @Test
    void aStopThatIsNeverConfirmedSaysSo() throws Exception {
        monitor.close();
        monitor = new JobMonitor(id -> platform, clock, settings.withStopConfirmation(ms(30), ms(5)));
        JobRef job = platform.addJob("train-llm");
        platform.stopTakesPolls = 1_000_000;
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, null);

        Outcome.Cancelled cancelled = (Outcome.Cancelled) outcomeOf(watch.cancel(true));
        assertThat(cancelled.remoteStopped()).isFalse();
        assertThat(cancelled.detail()).isEqualTo("stop requested, but the job is still PENDING (Created) after 30ms");
    }

    @Test
    void aResumedWatchReattachesToTheRunningDiagnosisWithoutLaunchingAnother() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.diagnosisReady = false;
        RecordingListener first = new RecordingListener();
        monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(10)), first);
        runUntil("the diagnosis was launched", () -> first.states.stream().anyMatch(s -> s.diagnosisId() != null));
        byte[] saved = SerialForm.bytes(first.states.stream()
                .filter(s -> s.diagnosisId() != null)
                .findFirst()
                .get());
        monitor.close();

        monitor = newMonitor();
        platform.diagnosisReady = true;
        RecordingListener second = new RecordingListener();
        Watch resumed = monitor.resume(SerialForm.read(saved, WatchState.class), second);

        Outcome outcome = outcomeOf(resumed);
        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(((Outcome.Unschedulable) outcome).report().diagnosisId()).isEqualTo("diag-1");
        assertThat(platform.launchCalls).hasValue(1);
        assertThat(second.events(MonitorEvent.DiagnosisStarted.class))
                .extracting(MonitorEvent.DiagnosisStarted::diagnosisId)
                .containsExactly("diag-1");
    }

    @Test
    void aResumedWaitingWatchKeepsItsDeadlines() throws Exception {
        JobRef job = platform.addJob("train-llm");
        WatchPolicy policy = untilScheduled.withPendingTimeout(Duration.ofMinutes(10));
        // Started long ago: its pending deadline passed while no monitor was running.
        WatchState state = WatchState.start(CONNECTION, job, policy, clock.now().minus(Duration.ofHours(1)));

        Outcome outcome = outcomeOf(monitor.resume(SerialForm.roundTrip(state), null));
        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(platform.launchCalls).hasValue(1);
    }

    @Test
    void aFinishedWatchCannotBeResumed() {
        JobRef job = platform.addJob("train-llm");
        WatchState start = WatchState.start(CONNECTION, job, untilScheduled, clock.now());
        WatchState done = start.done();
        assertThatThrownBy(() -> monitor.resume(done, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already ended");
    }

    @Test
    void aConnectionOfAnotherPlatformIsRefused() {
        JobRef job = new JobRef(PlatformKind.SENSECORE, "tj-1", "train");
        assertThatThrownBy(() -> monitor.watch(CONNECTION, job, untilScheduled, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("job tj-1 runs on SenseCore ACP, but connection 'aihc-pool' is Baidu AIHC");
    }

    @Test
    void queuePositionsAndHeartbeatsReachTheListenerAndAThrowingListenerBreaksNothing() throws Exception {
        JobRef job = platform.addJob("train-llm");
        platform.setQueuePosition(job, 3);
        RecordingListener listener = new RecordingListener() {
            @Override
            public void onEvent(MonitorEvent event) {
                super.onEvent(event);
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void onStateChanged(WatchState state) {
                super.onStateChanged(state);
                throw new IllegalStateException("listener bug");
            }
        };
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled.withHeartbeat(ms(20)), listener);
        runUntil("first state", () -> listener.saw(MonitorEvent.StateChanged.class));
        platform.setQueuePosition(job, 2);
        runUntil("the new queue position", () -> listener.saw(MonitorEvent.QueuePositionChanged.class));
        runUntil("a heartbeat", () -> listener.saw(MonitorEvent.Heartbeat.class));
        platform.set(job, JobPhase.RUNNING, "Running");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
        assertThat(listener.events.get(0).message())
                .isEqualTo(
                        "[aihc] job train-llm (pytorchjob-train-llm-0a1b2c3d) is PENDING (Created), queue position 3");
        assertThat(listener.events(MonitorEvent.QueuePositionChanged.class))
                .extracting(MonitorEvent.QueuePositionChanged::position)
                .containsExactly(2);
    }

    @Test
    void closeEndsEveryWatchCancelledAndStopsNoRemoteJob() throws Exception {
        JobRef a = platform.addJob("a");
        JobRef b = platform.addJob("b");
        Watch wa = monitor.watch(CONNECTION, a, untilScheduled, null);
        Watch wb = monitor.watch(CONNECTION, b, untilScheduled, null);
        monitor.close();

        assertThat(List.of(outcomeOf(wa), outcomeOf(wb))).allSatisfy(o -> {
            assertThat(o).isInstanceOf(Outcome.Cancelled.class);
            assertThat(o.message()).contains("monitor closed");
        });
        assertThat(platform.cancelCalls).hasValue(0);
        assertThatThrownBy(() -> monitor.watch(CONNECTION, a, untilScheduled, null))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void finishedWatchesLeaveNoTimerBehind() throws Exception {
        List<Watch> watches = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            JobRef job = platform.addJob("job-" + i);
            watches.add(monitor.watch(CONNECTION, job, untilScheduled, null));
            if (i % 2 == 0) {
                platform.set(job, JobPhase.RUNNING, "Running");
            }
        }
        for (int i = 1; i < 10; i += 2) {
            watches.get(i).cancel(i % 4 == 1);
        }
        for (Watch w : watches) {
            outcomeOf(w);
        }
        assertNothingLeftBehind();
    }

    private void assertNothingLeftBehind() {
        monitor.awaitIdle();
        assertThat(monitor.scheduledTasks()).as("timers and hand-offs left").isZero();
        assertThat(monitor.pendingCalls()).as("platform calls left").isZero();
    }

    /** Moves the manual clock until {@code condition} holds. */
    private void runUntil(String what, BooleanSupplier condition) {
        clock.runUntil(what, condition);
    }

    private WatchPolicy completionPolicy() {
        return new WatchPolicy(
                WaitTarget.COMPLETED,
                Duration.ofMinutes(10),
                Duration.ofSeconds(10),
                null,
                ms(2),
                ms(10),
                Duration.ofMinutes(5));
    }

    private JobMonitor newMonitor() {
        return new JobMonitor(
                id -> {
                    if (!id.equals(CONNECTION)) {
                        throw new IllegalArgumentException("no connection " + id);
                    }
                    return platform;
                },
                clock,
                settings);
    }

    private Outcome outcomeOf(Watch watch) {
        return outcomeOf(watch.outcome());
    }

    private Outcome outcomeOf(java.util.concurrent.CompletableFuture<Outcome> outcome) {
        runUntil("the outcome", outcome::isDone);
        return outcome.join();
    }

    private static PlatformException unavailable() {
        return new TransientException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs/{jobId}", 503, "", "r-6"),
                "service unavailable",
                null);
    }

    /** Stands in for DiagnosisAnalyzer: a headline from the first detail of the first rule. */
    static DiagnosisReport analyze(RawDiagnosis raw) {
        AihcScheduleDiagnosis aihc = (AihcScheduleDiagnosis) raw;
        AihcScheduleDiagnosis.Detail d = aihc.rules().get(0).details().get(0);
        return new DiagnosisReport(
                DiagnosisReport.SCHEMA_VERSION,
                raw.job(),
                aihc.diagnosisId(),
                "Job " + raw.job().name() + " cannot be scheduled: " + d.detail() + " (" + d.node() + ")",
                Verdict.FITS_LATER,
                "fits later",
                1,
                List.of(d.pod()),
                List.of(d.queue()),
                List.of(),
                List.of(),
                List.of());
    }

    /** A message as one line again: long messages are folded onto indented continuation lines. */
    private static String unfolded(String message) {
        return message.replace("\n    ", " ");
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }
}

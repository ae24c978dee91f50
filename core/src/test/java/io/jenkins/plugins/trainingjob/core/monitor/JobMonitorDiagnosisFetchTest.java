package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The monitor's diagnosis fetch: the same rule as {@link DiagnosisFetcher#fetch}, but between two
 * questions it waits on a timer of the monitor's clock (a manual one here), so no thread is held while
 * the platform answers "not ready".
 */
class JobMonitorDiagnosisFetchTest {
    private static final String CONNECTION = "aihc-pool";
    private static final String SENSECORE = "sensecore";

    private final FakePlatform platform = new FakePlatform();
    /** A real client: its own rule refuses a diagnosis without its job, before any call to the endpoint. */
    private final SenseCoreClient senseCore = SenseCoreClient.create(ConnectionSettings.senseCore(
            URI.create("http://127.0.0.1:9"), null, Credentials.of("ak", "sk"), "sub", "rg", "cn-sh-01z", "ws"));

    private final ManualClock clock = new ManualClock();
    private final JobMonitor monitor = new JobMonitor(
            id -> switch (id) {
                case CONNECTION -> platform;
                case SENSECORE -> senseCore;
                default -> null;
            },
            clock);

    {
        clock.settleWith(monitor::awaitIdle);
    }

    /** Asks again every few milliseconds, for up to ten seconds. */
    private final DiagnosisFetcher quick = fetcher(Duration.ofSeconds(10), Duration.ofMillis(5));
    /** Asks again only after an hour: a test sees the fetch between two questions. */
    private final DiagnosisFetcher hourly = fetcher(Duration.ofHours(2), Duration.ofHours(1));

    @AfterEach
    void closeMonitor() {
        monitor.close();
        senseCore.close();
        // the fetchers share the monitor's clock: a sleep on it would have held a call thread
        assertThat(clock.sleeps()).as("sleeps of the monitor's fetch").isEmpty();
    }

    @Test
    void aReadyDiagnosisIsAnalysedForTheGivenJob() throws Exception {
        FetchedDiagnosis fetched = result(monitor.fetchDiagnosis(CONNECTION, quick, "diag-7", "pytorchjob-a"));

        FetchedDiagnosis.Ready ready = (FetchedDiagnosis.Ready) fetched;
        assertThat(ready.report().job()).isEqualTo(new JobRef(PlatformKind.AIHC, "pytorchjob-a", null));
        assertThat(ready.report().diagnosisId()).isEqualTo("diag-7");
        assertThat(platform.fetchCalls.get()).isEqualTo(1);
        assertNothingLeftBehind();
    }

    @Test
    void aDiagnosisNotReadyTwiceIsAskedForAgainUntilItIsReady() throws Exception {
        platform.notReadyFetches.set(2);

        FetchedDiagnosis fetched = result(monitor.fetchDiagnosis(CONNECTION, quick, "diag-7", null));

        assertThat(fetched).isInstanceOf(FetchedDiagnosis.Ready.class);
        assertThat(((FetchedDiagnosis.Ready) fetched).report().job().id()).isEqualTo("diag-7");
        assertThat(platform.fetchCalls.get()).isEqualTo(3);
        assertNothingLeftBehind();
    }

    @Test
    void betweenTwoQuestionsTheFetchIsATimerAndHoldsNoThread() {
        platform.diagnosisReady = false;

        CompletableFuture<FetchedDiagnosis> fetch = monitor.fetchDiagnosis(CONNECTION, hourly, "diag-7", null);

        monitor.awaitIdle();
        assertThat(platform.fetchCalls.get()).as("the first answer").isEqualTo(1);
        assertThat(monitor.pendingCalls()).as("no call thread busy").isZero();
        assertThat(fetch).isNotDone();
        assertThat(monitor.scheduledTasks()).as("a timer for the next question").isEqualTo(1);
        clock.advance(Duration.ofMinutes(59));
        assertThat(platform.fetchCalls.get())
                .as("asked again only after the hour")
                .isEqualTo(1);

        fetch.cancel(false);

        assertThat(monitor.scheduledTasks()).as("the timer is gone").isZero();
        clock.advance(Duration.ofHours(2));
        assertThat(platform.fetchCalls.get()).isEqualTo(1);
    }

    @Test
    void aDiagnosisStillNotReadyAtTheTimeoutIsNotReady() throws Exception {
        platform.diagnosisReady = false;
        // On the monitor's manual clock the 40 ms pass in 5 ms steps whatever the machine's load.
        DiagnosisFetcher brief = new DiagnosisFetcher(Duration.ofMillis(40), Duration.ofMillis(5), clock);

        FetchedDiagnosis fetched = result(monitor.fetchDiagnosis(CONNECTION, brief, "diag-7", "pytorchjob-a"));

        FetchedDiagnosis.NotReady notReady = (FetchedDiagnosis.NotReady) fetched;
        assertThat(notReady.handle().id()).isEqualTo("diag-7");
        assertThat(notReady.timeout()).isEqualTo(Duration.ofMillis(40));
        // asked at 0, 5, ..., 35 ms, then once more at the deadline itself
        assertThat(platform.fetchCalls.get()).isEqualTo(9);
        assertNothingLeftBehind();
    }

    @Test
    void theReportIsTheMonitorsAnalyzersNotTheFetchers() {
        ManualClock ownClock = new ManualClock();
        try (JobMonitor custom = new JobMonitor(
                id -> platform, ownClock, MonitorSettings.defaults().withAnalyzer(JobMonitorTest::analyze))) {
            ownClock.settleWith(custom::awaitIdle);
            CompletableFuture<FetchedDiagnosis> fetch =
                    custom.fetchDiagnosis(CONNECTION, quick, "diag-7", "pytorchjob-a");
            ownClock.runUntil("the fetch ended", fetch::isDone);

            FetchedDiagnosis.Ready ready = (FetchedDiagnosis.Ready) fetch.join();
            assertThat(ready.report().headline())
                    .isEqualTo("Job pytorchjob-a cannot be scheduled: node(s) were unschedulable " + "(10.3.0.118)");
        }
    }

    @Test
    void aPlatformFailureFailsTheFetch() {
        AuthenticationException denied = new AuthenticationException(
                new FailedCall(
                        PlatformKind.AIHC, "GET /api/v1/aifd/schedulediagnosis/job/query", 403, "AccessDenied", "r-9"),
                "access denied",
                null);
        platform.fetchFailure = () -> denied;

        CompletableFuture<FetchedDiagnosis> fetch = monitor.fetchDiagnosis(CONNECTION, quick, "diag-7", null);

        clock.runUntil("the fetch ended", fetch::isDone);
        assertThat(fetch)
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isSameAs(denied);
        assertNothingLeftBehind();
    }

    @Test
    void anUnknownConnectionOrAMissingSenseCoreJobFailsWithoutAskingThePlatform() {
        assertThat(monitor.fetchDiagnosis("nope", quick, "diag-7", null))
                .isCompletedExceptionally()
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(IllegalArgumentException.class)
                .withMessage("connection 'nope' is not configured");
        assertThat(monitor.fetchDiagnosis(SENSECORE, quick, "sensecore-evidence-1", null))
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(InvalidRequestException.class)
                .withMessageContaining("give the job id");
        assertThat(platform.fetchCalls.get()).isZero();
    }

    @Test
    void closingTheMonitorWhileTheFetchWaitsFailsItAndLeavesNothingBehind() {
        platform.diagnosisReady = false;
        CompletableFuture<FetchedDiagnosis> fetch = monitor.fetchDiagnosis(CONNECTION, hourly, "diag-7", null);
        monitor.awaitIdle();
        assertThat(monitor.scheduledTasks()).as("a timer for the next question").isEqualTo(1);

        monitor.close();

        assertThat(fetch)
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(IllegalStateException.class)
                .withMessage("the job monitor closed before diagnosis diag-7 was fetched");
        assertThat(monitor.scheduledTasks()).isZero();
        assertThat(monitor.pendingCalls()).isZero();
    }

    @Test
    void aClosedMonitorFetchesNothing() {
        monitor.close();

        assertThat(monitor.fetchDiagnosis(CONNECTION, quick, "diag-7", null))
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(IllegalStateException.class)
                .withMessage("the job monitor is closed");
        assertThat(platform.fetchCalls.get()).isZero();
    }

    private DiagnosisFetcher fetcher(Duration timeout, Duration pollInterval) {
        return new DiagnosisFetcher(timeout, pollInterval, clock);
    }

    private FetchedDiagnosis result(CompletableFuture<FetchedDiagnosis> fetch) {
        clock.runUntil("the fetch ended", fetch::isDone);
        return fetch.join();
    }

    private void assertNothingLeftBehind() {
        monitor.awaitIdle();
        assertThat(monitor.scheduledTasks()).as("timers and hand-offs left").isZero();
        assertThat(monitor.pendingCalls()).as("platform calls left").isZero();
    }
}

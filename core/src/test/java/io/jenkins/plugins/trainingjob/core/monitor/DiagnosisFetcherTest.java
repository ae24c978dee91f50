package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A diagnosis on request: fetched by id or launched now, polled while not ready, analysed once ready. */
class DiagnosisFetcherTest {
    private final FakePlatform platform = new FakePlatform();
    /** Time that moves only when the fetcher sleeps. */
    private final ManualClock clock = new ManualClock();

    private final DiagnosisFetcher fetcher = new DiagnosisFetcher(Duration.ofMinutes(1), Duration.ofSeconds(20), clock);

    @Test
    void anExistingDiagnosisIsFetchedAndAnalysedForTheGivenJob() throws Exception {
        FetchedDiagnosis result = fetcher.fetch(platform, "diag-7", "pytorchjob-a");

        DiagnosisReport report = ((FetchedDiagnosis.Ready) result).report();
        assertThat(report.job()).isEqualTo(new JobRef(PlatformKind.AIHC, "pytorchjob-a", null));
        assertThat(report.diagnosisId()).isEqualTo("diag-7");
        assertThat(report.verdict()).isNotEqualTo(Verdict.UNKNOWN);
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void withoutAJobTheDiagnosisIdStandsForTheJob() throws Exception {
        assertThat(DiagnosisFetcher.jobOf(platform, "diag-7", null))
                .isEqualTo(new JobRef(PlatformKind.AIHC, "diag-7", "diag-7"));
        assertThat(DiagnosisFetcher.jobOf(platform, "diag-7", " "))
                .isEqualTo(DiagnosisFetcher.jobOf(platform, "diag-7", null));
        assertThat(DiagnosisFetcher.jobOf(platform, "diag-7", " job-1 ").id()).isEqualTo("job-1");

        DiagnosisReport report = ((FetchedDiagnosis.Ready) fetcher.fetch(platform, "diag-7", null)).report();
        assertThat(report.job().id()).isEqualTo("diag-7");
        assertThat(report.headline()).contains("diag-7");
    }

    @Test
    void senseCoreKeepsNoDiagnosesSoItsJobIsRequired() {
        // the client's own rule (it asks nothing of the unreachable endpoint)
        try (SenseCoreClient senseCore = SenseCoreClient.create(ConnectionSettings.senseCore(
                URI.create("http://127.0.0.1:9"), null, Credentials.of("ak", "sk"), "sub", "rg", "cn-sh-01z", "ws"))) {
            assertThatThrownBy(() -> DiagnosisFetcher.jobOf(senseCore, "sensecore-evidence-1", null))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("give the job id")
                    .satisfies(e ->
                            assertThat(((InvalidRequestException) e).field()).isEqualTo("jobId"));
            assertThat(DiagnosisFetcher.jobOf(senseCore, "sensecore-evidence-1", "tj-1"))
                    .isEqualTo(new JobRef(PlatformKind.SENSECORE, "tj-1", null));
        }
    }

    @Test
    void aReportThatIsNotReadyIsAskedForAgainEachPollInterval() throws Exception {
        platform.notReadyFetches.set(2);

        FetchedDiagnosis result = fetcher.fetch(platform, "diag-7", "pytorchjob-a");

        assertThat(result).isInstanceOf(FetchedDiagnosis.Ready.class);
        assertThat(platform.fetchCalls.get()).isEqualTo(3);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(20), Duration.ofSeconds(20));
    }

    @Test
    void aReportStillNotReadyAtTheTimeoutIsNotReadyWithItsIdAndNoLongerWait() throws Exception {
        platform.diagnosisReady = false;

        FetchedDiagnosis result = fetcher.fetch(platform, "diag-7", "pytorchjob-a");

        FetchedDiagnosis.NotReady notReady = (FetchedDiagnosis.NotReady) result;
        assertThat(notReady.handle().id()).isEqualTo("diag-7");
        assertThat(notReady.message())
                .isEqualTo("diagnosis diag-7 was not ready within 1m; fetch it again later by its id");
        // 0s, 20s, 40s, 60s: the last wait is cut to the deadline, and the deadline itself is the last question.
        assertThat(clock.sleeps())
                .containsExactly(Duration.ofSeconds(20), Duration.ofSeconds(20), Duration.ofSeconds(20));
        assertThat(platform.fetchCalls.get()).isEqualTo(4);
    }

    @Test
    void aDiagnosisLaunchedNowIsAnnouncedThenAwaited() throws Exception {
        JobRef job = platform.addJob("resnet");
        platform.notReadyFetches.set(1);
        List<DiagnosisHandle> launched = new ArrayList<>();

        FetchedDiagnosis result = fetcher.launchAndFetch(platform, job, launched::add);

        assertThat(launched).extracting(DiagnosisHandle::id).containsExactly("diag-1");
        DiagnosisReport report = ((FetchedDiagnosis.Ready) result).report();
        assertThat(report.job()).isEqualTo(job);
        assertThat(report.diagnosisId()).isEqualTo("diag-1");
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void aPreCheckRefusalOfALaunchOnRequestIsTheAnswerNotAReasonToWait() {
        JobRef job = platform.addJob("resnet");
        platform.preCheckRefusals.set(1);
        List<DiagnosisHandle> launched = new ArrayList<>();

        assertThatThrownBy(() -> fetcher.launchAndFetch(platform, job, launched::add))
                .isInstanceOf(DiagnosisPreCheckException.class);
        assertThat(launched).isEmpty();
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void theReportIsTheInjectedAnalyzers() throws Exception {
        DiagnosisFetcher own =
                new DiagnosisFetcher(Duration.ofMinutes(1), Duration.ofSeconds(20), clock, JobMonitorTest::analyze);

        DiagnosisReport report = ((FetchedDiagnosis.Ready) own.fetch(platform, "diag-7", "pytorchjob-a")).report();

        assertThat(report.headline())
                .isEqualTo("Job pytorchjob-a cannot be scheduled: node(s) were unschedulable (10.3.0.118)");
        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
    }

    @Test
    void timeoutAndPollIntervalMustBePositive() {
        assertThatThrownBy(() -> new DiagnosisFetcher(Duration.ZERO, Duration.ofSeconds(1), clock))
                .hasMessageStartingWith("timeout: must be positive");
        assertThatThrownBy(() -> new DiagnosisFetcher(Duration.ofSeconds(1), Duration.ofSeconds(-1), clock))
                .hasMessageStartingWith("pollInterval: must be positive");
    }
}

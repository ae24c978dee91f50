package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.SavedForms;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The job page's pending-time trend is built from what builds saved (their {@link PendingTimeAction} in
 * build.xml, read back through XStream as Jenkins reads it), and drawn as a bar chart with nothing remote in it.
 */
class PendingTimeTrendTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    /** A status created at {@code created} and started at {@code started} ({@code null}: still pending). */
    static JobStatus status(JobRef job, Instant created, Instant started) {
        JobStatus s = FakePlatform.status(job, started == null ? JobPhase.PENDING : JobPhase.RUNNING);
        return new JobStatus(
                s.job(),
                s.phase(),
                s.rawState(),
                created,
                started,
                s.finishedAt(),
                s.queuePosition(),
                s.reason(),
                s.workers(),
                s.consoleUrl());
    }

    /** A build's action as build.xml keeps it: written and read back with Jenkins' XStream settings. */
    private static PendingTimeAction saved(Outcome... outcomes) {
        Run<?, ?> run = mock(Run.class);
        List<Object> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        when(run.getAction(PendingTimeAction.class)).thenAnswer(i -> added.isEmpty() ? null : added.get(0));
        for (Outcome o : outcomes) {
            PendingTimeAction.record(run, PendingTime.of(o, o.lastStatus().job(), null));
        }
        return (PendingTimeAction)
                SavedForms.fromXml(SavedForms.toXml(added.get(0)), null).value();
    }

    private static Outcome scheduledAfter(String id, long seconds) {
        JobRef job = new JobRef(PlatformKind.AIHC, id, "resnet");
        return new Outcome.Scheduled(status(job, T0, T0.plusSeconds(seconds)));
    }

    private static Outcome diagnosed(String id) {
        JobRef job = new JobRef(PlatformKind.AIHC, id, "resnet");
        DiagnosisReport report = new DiagnosisReport(
                DiagnosisReport.SCHEMA_VERSION,
                job,
                "d-1",
                "stuck",
                Verdict.NEVER_FITS,
                "never fits",
                1,
                List.of(),
                List.of("gpu-queue"),
                List.of(),
                List.of(),
                List.of());
        return new Outcome.Unschedulable(status(job, T0, null), report);
    }

    @Test
    void eachBuildBecomesAPointWithItsLongestKnownPendingTimeAndHowItsWaitsEnded() {
        List<PendingTimeTrend.SavedBuild> builds = List.of(
                new PendingTimeTrend.SavedBuild(12, saved(diagnosed("j-12")).getWaits()),
                new PendingTimeTrend.SavedBuild(11, List.of()),
                new PendingTimeTrend.SavedBuild(
                        10,
                        saved(scheduledAfter("a", 90), scheduledAfter("b", 600)).getWaits()));

        List<PendingTimeTrend.Point> points = PendingTimeTrend.points(builds);

        assertThat(points)
                .containsExactly(
                        new PendingTimeTrend.Point(10, 600L, "SCHEDULED", false),
                        new PendingTimeTrend.Point(12, null, "NEVER_FITS", true));
    }

    @Test
    void theSavedWaitKeepsTheVerdictTheQueueAndNoGuessedTime() {
        PendingTime wait = saved(diagnosed("j-12")).getWaits().get(0);

        assertThat(wait.getJobId()).isEqualTo("j-12");
        assertThat(wait.getOutcome()).isEqualTo("UNSCHEDULABLE");
        assertThat(wait.getVerdict()).isEqualTo("NEVER_FITS");
        assertThat(wait.getQueue()).isEqualTo("gpu-queue");
        assertThat(wait.getPendingSeconds())
                .as("no start yet: unknown, not guessed")
                .isNull();
    }

    @Test
    void timestampsThatProveNothingGiveNoPendingTime() {
        JobRef job = new JobRef(PlatformKind.AIHC, "x", "resnet");
        Outcome backwards = new Outcome.Scheduled(status(job, T0, T0.minusSeconds(5)));

        assertThat(PendingTime.of(backwards, job, null).getPendingSeconds()).isNull();
    }

    @Test
    void theChartHasABarPerBuildScaledToTheLongestTimeAndTheDiagnosedOneInRed() {
        PendingTimeTrend.Chart chart = PendingTimeTrend.chart(List.of(
                new PendingTimeTrend.Point(10, 600L, "SCHEDULED", false),
                new PendingTimeTrend.Point(11, 120L, "COMPLETED", false),
                new PendingTimeTrend.Point(12, null, "NEVER_FITS", true)));

        assertThat(chart.getBars()).extracting(PendingTimeTrend.Bar::getHeight).containsExactly(148, 30, 4);
        assertThat(chart.getBars())
                .extracting(PendingTimeTrend.Bar::getFill)
                .containsExactly("#4a90d9", "#4a90d9", "#d9534f");
        assertThat(chart.getBars())
                .extracting(PendingTimeTrend.Bar::getTitle)
                .containsExactly("#10: 10m, scheduled", "#11: 2m, completed", "#12: pending time unknown, never fits");
        assertThat(chart.getBars())
                .as("every bar stands on the axis")
                .allSatisfy(b -> assertThat(b.getY() + b.getHeight()).isEqualTo(chart.getPlotBottom()));
        assertThat(chart.getLongest()).isEqualTo("10m");
    }

    @Test
    void durationsReadAsAPersonWritesThem() {
        assertThat(PendingTimeTrend.duration(45)).isEqualTo("45s");
        assertThat(PendingTimeTrend.duration(720)).isEqualTo("12m");
        assertThat(PendingTimeTrend.duration(3 * 3600 + 300)).isEqualTo("3h 5m");
        assertThat(PendingTimeTrend.duration(7200)).isEqualTo("2h");
    }
}

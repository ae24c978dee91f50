package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Action;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.JellyPage;
import io.jenkins.plugins.trainingjob.RenderedViews;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotDiff;
import io.jenkins.plugins.trainingjob.core.snapshot.Snapshots;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The build page's summaries as their views draw them (review R11): while a job waits, its state, queue
 * position and estimated start; for a submit of several attempts, every attempt. Remote names are escaped.
 * The pages are kept under {@code target/rendered-views/} in a light and a dark frame.
 */
class BuildPageSummariesViewTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1b2c", "resnet <b>50</b>");
    private final List<Action> actions = new ArrayList<>();
    private Run<?, ?> run;

    @BeforeEach
    void building() {
        run = mock(Run.class);
        when(run.isBuilding()).thenReturn(true);
        doAnswer(i -> {
                    Action a = i.getArgument(0);
                    actions.add(a);
                    if (a instanceof jenkins.model.RunAction2 r) {
                        r.onAttached(run);
                    }
                    return null;
                })
                .when(run)
                .addAction(any());
        when(run.getAction(PendingTimeAction.class)).thenAnswer(i -> actions.stream()
                .filter(PendingTimeAction.class::isInstance)
                .findFirst()
                .orElse(null));
    }

    private static JobStatus queued(int position) {
        JobStatus s = FakePlatform.status(JOB, JobPhase.PENDING);
        return new JobStatus(
                JOB,
                JobPhase.PENDING,
                "Queueing",
                s.createdAt(),
                null,
                null,
                position,
                s.reason(),
                s.workers(),
                s.consoleUrl(),
                s.gpus());
    }

    @Test
    void whileTheJobWaitsTheBuildPageShowsItsStateQueuePositionAndEstimatedStart() throws Exception {
        WaitProgress progress = new WaitProgress(run, () -> 1_767_225_600_000L, Duration.ofSeconds(30));
        progress.onEvent(new MonitorEvent.StateChanged(null, queued(4)));
        progress.onEvent(new MonitorEvent.EtaChanged(
                queued(3),
                Eta.estimate(
                        Duration.ofMinutes(25),
                        Duration.ofMinutes(40),
                        Duration.ofMinutes(70),
                        3,
                        24,
                        "the real waits")));
        PendingTimeAction action = run.getAction(PendingTimeAction.class);

        String html = JellyPage.render(PendingTimeAction.class, "summary.jelly", Map.of("it", action));
        RenderedViews.keep("build-page-waiting", html);

        assertThat(html)
                .contains("<b>Waiting for Baidu AIHC resnet &lt;b&gt;50&lt;/b&gt; (pytorchjob-1b2c)</b>: PENDING, queue"
                        + " position 3")
                .contains("<div>expected to start in 25-70 min (p50 40 min); 3 jobs ahead need 24 GPUs</div>")
                .contains("as of 2026-01-01 00:00:00 UTC")
                .doesNotContain("<b>50</b>");

        when(run.isBuilding()).thenReturn(false);
        assertThat(JellyPage.render(PendingTimeAction.class, "summary.jelly", Map.of("it", action)))
                .as("a build that ended waits for nothing")
                .doesNotContain("Waiting for");
    }

    @Test
    void afterTheWaitTheBuildPageShowsTheLastEstimate() throws Exception {
        Outcome started = new Outcome.Scheduled(FakePlatform.status(JOB, JobPhase.RUNNING));
        PendingTimeAction.record(
                run,
                PendingTime.of(
                        started,
                        JOB,
                        null,
                        new WaitEstimate(
                                "ESTIMATE",
                                1500L,
                                2400L,
                                4200L,
                                3,
                                24,
                                "expected to start in 25-70 min (p50 40 min); 3 jobs ahead need 24 GPUs",
                                "")));

        String html = JellyPage.render(
                PendingTimeAction.class, "summary.jelly", Map.of("it", run.getAction(PendingTimeAction.class)));
        RenderedViews.keep("build-page-waited", html);

        assertThat(html).contains("<b>Expected start</b>").doesNotContain("Waiting for");
    }

    @Test
    void aSubmitOfSeveralAttemptsListsThemOnTheBuildPageWithoutADiagnosis() throws Exception {
        AttemptsAction.record(
                run,
                "nightly-42",
                List.of(
                        new Attempt(
                                1,
                                "primary",
                                "nightly-42",
                                "pytorchjob-1",
                                Verdict.FITS_LATER,
                                "unschedulable",
                                Duration.ofMinutes(15),
                                "pending timeout 15m passed; stopped, moved to target 2"),
                        new Attempt(
                                2,
                                "queue=spot",
                                "nightly-42-a2",
                                "pytorchjob-2",
                                null,
                                "job_failed",
                                Duration.ofMinutes(3),
                                "exit code 137; retried after 30s <script>"),
                        new Attempt(
                                3,
                                "queue=spot",
                                "nightly-42-a3",
                                "pytorchjob-3",
                                null,
                                "completed",
                                Duration.ZERO,
                                "")));
        AttemptsAction action = (AttemptsAction) actions.get(0);

        String html = JellyPage.render(AttemptsAction.class, "summary.jelly", Map.of("it", action));
        RenderedViews.keep("build-page-attempts", html);

        assertThat(html)
                .contains("<b>Training job submitted in 3 attempts</b> (client token <code>nightly-42</code>): last on"
                        + " <code>queue=spot</code>")
                .contains("<td>1</td><td><code>primary</code></td><td>FITS_LATER</td><td><code>pytorchjob-1</code></td>"
                        + "<td>unschedulable</td><td>15m</td>")
                .contains("exit code 137; retried after 30s &lt;script&gt;")
                .doesNotContain("<script>");
    }

    @Test
    void aSubmitOfOneAttemptAddsNoSummary() {
        AttemptsAction.record(
                run, "t", List.of(new Attempt(1, "primary", "t", "j-1", null, "completed", Duration.ZERO, "")));

        assertThat(actions).isEmpty();
    }

    /**
     * A diagnosis with "Since it last started" (issue 37): the build page's summary names the change that alone
     * explains the wait on a line of its own, whole (not cut at 100 characters as the summary's other lines),
     * with remote names escaped.
     */
    @Test
    void theBuildPageSummaryShowsWhatChangedSinceItLastStartedWhole() throws Exception {
        String node = "gpu-08.<i>rack-b</i>.nightly-training-pool.cluster.example.internal";
        UnaryOperator<StartSnapshot.NodeLine> renamed = n -> n.name().equals("gpu-08")
                ? new StartSnapshot.NodeLine(node, n.state(), n.device(), n.total(), n.free(), n.job())
                : n;
        StartSnapshot then = Snapshots.nodes(Snapshots.buildFortyOne(), renamed);
        StartSnapshot today =
                Snapshots.state(Snapshots.nodes(Snapshots.today(), renamed), node, StartSnapshot.NodeLine.CORDONED);
        io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport report =
                io.jenkins.plugins.trainingjob.steps.Reports.documentedAihcExample(JOB)
                        .withSinceLastStart(SnapshotDiff.compare(then, today));
        ScheduleDiagnosisAction action = ScheduleDiagnosisAction.of(report, Map.of(), "training-job-x", "x");

        String html = JellyPage.render(ScheduleDiagnosisAction.class, "summary.jelly", Map.of("it", action));
        RenderedViews.keep("build-page-since-last-start", html);

        String headline = report.sinceLastStart().summary();
        assertThat(headline).hasSizeGreaterThan(100);
        assertThat(html)
                .contains("<div><b>Since build #41, gpu-08.&lt;i&gt;rack-b&lt;/i&gt;.nightly-training-pool.cluster."
                        + "example.internal was cordoned: 8 of the 24 GPUs this job needs</b></div>")
                .doesNotContain("<i>");
        assertThat(action.getSummaryDetails()).as("the cut line is not shown").noneMatch(l -> l.startsWith("Since "));
    }
}

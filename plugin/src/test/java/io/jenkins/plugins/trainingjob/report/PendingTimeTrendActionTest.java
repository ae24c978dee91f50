package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import jenkins.tasks.SimpleBuildStep;
import org.junit.jupiter.api.Test;

/**
 * The job page's trend follows core's {@code SimpleBuildStep.LastBuildAction} pattern (review R2): only a job
 * whose last build ran a training step gets it, never two of it, and drawing it reads the builds once.
 * Core's own {@code LastBuildActionFactory} asks the last successful build ({@code SimpleBuildStep.java}
 * at 2.541.3); the plugin's factory covers the last completed one.
 */
class PendingTimeTrendActionTest {
    @SuppressWarnings("rawtypes")
    private final Job job = mock(Job.class);

    private final AtomicInteger previousBuildCalls = new AtomicInteger();

    /** A build of {@link #job}; with a wait recorded, it carries a {@link PendingTimeAction}. */
    private Run<?, ?> build(int number, Run<?, ?> previous, boolean waited) {
        Run<?, ?> run = mock(Run.class);
        List<Object> actions = new ArrayList<>();
        when(run.getNumber()).thenReturn(number);
        doReturnParent(run);
        doAnswer(i -> {
                    previousBuildCalls.incrementAndGet();
                    return previous;
                })
                .when(run)
                .getPreviousBuild();
        doAnswer(i -> {
                    Object a = i.getArgument(0);
                    actions.add(a);
                    ((PendingTimeAction) a).onAttached(run);
                    return null;
                })
                .when(run)
                .addAction(any());
        when(run.getAction(PendingTimeAction.class))
                .thenAnswer(i -> actions.isEmpty() ? null : (PendingTimeAction) actions.get(0));
        if (waited) {
            JobRef j = new JobRef(PlatformKind.AIHC, "job-" + number, "resnet");
            PendingTimeAction.record(
                    run, PendingTime.of(new Outcome.Scheduled(FakePlatform.status(j, JobPhase.RUNNING)), j, null));
        }
        return run;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void doReturnParent(Run run) {
        when(run.getParent()).thenReturn(job);
    }

    @SuppressWarnings("unchecked")
    private Collection<? extends Action> factory() {
        return new PendingTimeTrendAction.Factory().createFor(job);
    }

    @Test
    void aJobWhoseLastBuildsNeverRanATrainingStepGetsNoTrend() {
        Run<?, ?> last = build(2, build(1, null, false), false);
        when(job.getLastSuccessfulBuild()).thenReturn(last);
        when(job.getLastCompletedBuild()).thenReturn(last);

        assertThat(factory()).isEmpty();
    }

    @Test
    void theLastSuccessfulBuildsActionGivesTheTrendThroughCoresFactoryAndThePluginsAddsNoSecond() {
        Run<?, ?> last = build(2, build(1, null, false), true);
        when(job.getLastSuccessfulBuild()).thenReturn(last);
        when(job.getLastCompletedBuild()).thenReturn(last);

        SimpleBuildStep.LastBuildAction marker = last.getAction(PendingTimeAction.class);

        assertThat(marker.getProjectActions()).singleElement().isInstanceOf(PendingTimeTrendAction.class);
        assertThat(factory())
                .as("core's LastBuildActionFactory already added it")
                .isEmpty();
    }

    @Test
    void aJobWhoseLastCompletedBuildFailedWhileWaitingStillGetsTheTrend() {
        Run<?, ?> failed = build(3, build(2, build(1, null, false), false), true);
        when(job.getLastSuccessfulBuild()).thenReturn(null); // every training build stayed pending and failed
        when(job.getLastCompletedBuild()).thenReturn(failed);

        assertThat(factory()).singleElement().isInstanceOf(PendingTimeTrendAction.class);
    }

    @Test
    void drawingTheTrendReadsTheLastThirtyBuildsOnce() {
        Run<?, ?> r = null;
        for (int n = 1; n <= 40; n++) {
            r = build(n, r, n % 3 == 0);
        }
        when(job.getLastBuild()).thenReturn(r);
        PendingTimeTrendAction trend = new PendingTimeTrendAction(job);
        previousBuildCalls.set(0);

        // what floatingBox.jelly reads
        PendingTimeTrend.Chart chart = trend.getChart();
        List<PendingTimeTrend.Point> last = trend.getLastResults();

        assertThat(previousBuildCalls).as("one walk back over 30 builds").hasValue(PendingTimeTrendAction.BUILDS);
        assertThat(chart.getBars())
                .extracting(PendingTimeTrend.Bar::getBuild)
                .first()
                .isEqualTo(12);
        assertThat(last).extracting(PendingTimeTrend.Point::build).containsExactly(39, 36, 33, 30, 27);
    }
}

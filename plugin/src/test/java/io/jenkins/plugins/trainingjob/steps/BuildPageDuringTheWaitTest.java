package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher.ScriptedWatch;
import io.jenkins.plugins.trainingjob.report.LiveWait;
import io.jenkins.plugins.trainingjob.report.PendingTimeAction;
import java.io.File;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While {@code submitTrainingJob} waits, the build page shows where its job stands (review R11): the state,
 * the queue position and the estimated start, from the watch's events as they come, not only once the wait
 * ended; the outcome then replaces it with the wait's record.
 */
class BuildPageDuringTheWaitTest {
    @TempDir
    File buildDir;

    private static JobStatus queued(JobStatus s, int position) {
        return new JobStatus(
                s.job(),
                s.phase(),
                "Queueing",
                s.createdAt(),
                s.startedAt(),
                s.finishedAt(),
                position,
                s.reason(),
                s.workers(),
                s.consoleUrl(),
                s.gpus());
    }

    /** submitTrainingJob on the fixture's connection, submitted and waiting. */
    private static SubmitTrainingJobExecution waiting(StepFixture f, String run) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}\n");
        step.setVariables(List.of("RUN=" + run));
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        e.start();
        return e;
    }

    @Test
    void theBuildPageShowsTheStateQueuePositionAndEstimateWhileTheStepWaits() throws Exception {
        StepFixture f = new StepFixture(buildDir);
        SubmitTrainingJobExecution e = waiting(f, "7");
        ScriptedWatch watch = f.watcher.last();
        JobStatus pending = queued(FakePlatform.status(e.job(), JobPhase.PENDING), 3);

        JobStatus moved = queued(pending, 2);
        watch.listener.onEvent(new MonitorEvent.StateChanged(null, pending));
        watch.listener.onEvent(new MonitorEvent.QueuePositionChanged(moved, 2));
        watch.listener.onEvent(new MonitorEvent.EtaChanged(
                moved,
                Eta.estimate(
                        Duration.ofMinutes(25),
                        Duration.ofMinutes(40),
                        Duration.ofMinutes(70),
                        2,
                        16,
                        "the real waits")));

        PendingTimeAction page = (PendingTimeAction) f.run.getAction(PendingTimeAction.class);
        assertThat(page).as("the build page has the wait before it ended").isNotNull();
        assertThat(page.getLiveWaits()).singleElement().satisfies(w -> {
            assertThat(w.getJobId()).isEqualTo(e.job().id());
            assertThat(w.getState()).isEqualTo("PENDING");
            assertThat(w.getQueuePosition()).isEqualTo(2);
            assertThat(w.getEta()).startsWith("expected to start in 25-70 min (p50 40 min); 2 jobs ahead");
            assertThat(w.getLastEvent()).endsWith("is at queue position 2");
        });

        watch.outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.RUNNING)));
        verify(f.context, timeout(10_000)).onSuccess(any());

        assertThat(page.getLiveWaits()).as("the outcome's record takes over").isEmpty();
        assertThat(page.getWaits()).extracting(w -> w.getOutcome()).containsExactly("SCHEDULED");
    }

    @Test
    void aBuildThatEndedShowsNoWaitAsGoingOn() throws Exception {
        StepFixture f = new StepFixture(buildDir);
        SubmitTrainingJobExecution e = waiting(f, "8");
        f.watcher
                .last()
                .listener
                .onEvent(new MonitorEvent.StateChanged(null, FakePlatform.status(e.job(), JobPhase.PENDING)));
        PendingTimeAction page = (PendingTimeAction) f.run.getAction(PendingTimeAction.class);
        assertThat(page.getLiveWaits()).extracting(LiveWait::getState).containsExactly("PENDING");

        org.mockito.Mockito.when(f.run.isBuilding()).thenReturn(false); // the controller stopped; the build ended

        assertThat(page.getLiveWaits()).isEmpty();
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.report.LiveWait;
import io.jenkins.plugins.trainingjob.report.PendingTimeAction;
import java.io.File;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * The step with core's real {@link JobMonitor} (its own threads) over the fake platform: the wait ends
 * through the monitor, and stopping the build stops the job on the platform. The monitor runs on a
 * {@link ManualClock} the test advances until the step ended, settling with the monitor after each timer:
 * the service's one time source, which it hands to the monitor and the build page alike.
 */
class SubmitTrainingJobWithJobMonitorTest {
    private final ManualClock clock = new ManualClock();
    private final StepFixture f;

    @AutoClose
    private final RealMonitorService monitored;

    SubmitTrainingJobWithJobMonitorTest(@TempDir File buildDir) throws Exception {
        f = new StepFixture(buildDir);
        monitored = new RealMonitorService(f, Duration.ofMillis(200), Runnable::run, clock);
        clock.settleWithMonitor(monitored::monitor);
    }

    private SubmitTrainingJobExecution start() throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(monitored.service);
        e.start();
        return created(e);
    }

    /** The flow runs on the monitor: the job exists once its create call came back. */
    private SubmitTrainingJobExecution created(SubmitTrainingJobExecution e) {
        clock.runUntil("the job was created", () -> e.job() != null);
        return e;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRunningJobEndsTheStepThroughTheMonitor() throws Exception {
        f.platform.phase = JobPhase.RUNNING;

        start();

        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        verify(f.context).onSuccess(result.capture());
        assertThat((Map<String, Object>) result.getValue()).containsEntry("status", "RUNNING");
        assertThat(f.platform.submittedTokens).hasSize(1);
    }

    @Test
    void stoppingTheBuildStopsTheQueuedJobOnThePlatform() throws Exception {
        f.platform.phase = JobPhase.PENDING;
        SubmitTrainingJobExecution e = start();
        InterruptedException abort = new InterruptedException("aborted");

        e.stop(abort);

        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        verify(f.context).onFailure(abort);
        assertThat(f.platform.cancelled).containsExactly(e.job());
    }

    /**
     * Stands in for what Jenkins passes to {@code stop}: {@code timeout {}} cancels its body with a
     * {@code FlowInterruptedException} (cause {@code ExceededTimeout}), {@code parallel} with {@code failFast}
     * cancels the other branches with one (cause {@code FailFastCause}). Neither class is in the stubs; the
     * step treats every cause alike, which is what these tests pin down.
     */
    private static final class FlowInterrupted extends Exception {
        FlowInterrupted(String cause) {
            super(cause);
        }
    }

    private SubmitTrainingJobExecution startUntilCompleted(String name) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: " + name);
        step.setWait("completed");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(monitored.service);
        e.start();
        return created(e);
    }

    @Test
    void aTimeoutBlockEndingDuringTheWaitStopsTheRunningJob() throws Exception {
        f.platform.phase = JobPhase.RUNNING;
        SubmitTrainingJobExecution e = startUntilCompleted("resnet");
        FlowInterrupted timeout = new FlowInterrupted("ExceededTimeout");

        e.stop(timeout);

        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        verify(f.context).onFailure(timeout);
        assertThat(f.platform.cancelled).containsExactly(e.job());
    }

    @Test
    void failFastStopsTheJobOfTheBranchItCancelsAndNoOther() throws Exception {
        f.platform.phase = JobPhase.RUNNING;
        SubmitTrainingJobExecution kept = startUntilCompleted("lr-1e-4");
        SubmitTrainingJobExecution cancelled = startUntilCompleted("lr-3e-4");

        cancelled.stop(new FlowInterrupted("FailFastCause: lr-1e-3 failed"));

        clock.runUntil("the job was stopped", () -> !f.platform.cancelled.isEmpty());
        assertThat(f.platform.cancelled).containsExactly(cancelled.job());
        assertThat(kept.job()).isNotEqualTo(cancelled.job());
    }

    @Test
    void withoutCancelOnAbortATimeoutLeavesTheJobRunning() throws Exception {
        f.platform.phase = JobPhase.RUNNING;
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        step.setWait("completed");
        step.setCancelOnAbort(false);
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(monitored.service);
        e.start();
        FlowInterrupted timeout = new FlowInterrupted("ExceededTimeout");

        e.stop(timeout);

        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        verify(f.context).onFailure(timeout);
        assertThat(f.platform.cancelled).isEmpty();
    }

    @Test
    void theServiceHandsItsClockToTheMonitorForNowAndForItsTimers() {
        assertThat(monitored.service.time()).isSameAs(clock);
        MonitorTasks tasks = monitored.service.watcher().tasks();
        Instant start = clock.now();
        clock.advance(Duration.ofHours(5));
        assertThat(tasks.now()).isEqualTo(start.plus(Duration.ofHours(5)));

        List<Instant> fired = new CopyOnWriteArrayList<>();
        tasks.schedule(() -> fired.add(tasks.now()), Duration.ofMinutes(10));
        clock.advance(Duration.ofMinutes(9));
        assertThat(fired).as("a monitor timer waits for the service's clock").isEmpty();
        clock.advance(Duration.ofMinutes(1));

        assertThat(fired).containsExactly(start.plus(Duration.ofHours(5).plusMinutes(10)));
    }

    @Test
    void aWaitingStepsBuildPageIsDatedByTheServicesClock() throws Exception {
        f.platform.phase = JobPhase.PENDING;
        Instant before = clock.now();
        SubmitTrainingJobExecution e = start();

        clock.runUntil("the build page shows the wait", () -> !liveWaits().isEmpty());

        LiveWait shown = liveWaits().get(0);
        assertThat(shown.getState()).isEqualTo("PENDING");
        assertThat(Instant.ofEpochMilli(shown.getUpdatedAt()))
                .as("the manual clock's time, not the machine's")
                .isBetween(before, clock.now());
        e.stop(new InterruptedException("seen enough"));
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
    }

    private List<LiveWait> liveWaits() {
        PendingTimeAction page = f.run.getAction(PendingTimeAction.class);
        return page == null ? List.of() : page.getLiveWaits();
    }
}

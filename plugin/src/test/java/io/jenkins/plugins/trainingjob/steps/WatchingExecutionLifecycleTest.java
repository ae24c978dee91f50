package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.google.common.util.concurrent.Futures;
import hudson.AbortException;
import io.jenkins.plugins.trainingjob.ShutdownListener;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.mockito.MockedStatic;

/**
 * Shutdown and restart: a watch cut by the controller's shutdown is never a failure and resumes with its
 * deadlines; a step restarted after its outcome delivers that outcome; a save that fails while a watch
 * registers leaves no watch behind.
 */
class WatchingExecutionLifecycleTest {
    @TempDir
    File buildDir;

    private final ManualClock clock = new ManualClock();
    private StepFixture f;
    private RealMonitorService monitored;

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
    }

    @AfterEach
    void tearDown() {
        if (monitored != null) {
            monitored.close();
        }
    }

    private SubmitTrainingJobExecution start(TrainingJobService service) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service);
        e.start();
        return e;
    }

    /**
     * A service over core's real monitor on a manual clock; everything else runs on the calling thread.
     */
    private TrainingJobService serviceWithRealMonitor() {
        monitored = new RealMonitorService(f, Duration.ofSeconds(30), Runnable::run, clock);
        clock.settleWithMonitor(monitored::monitor);
        return monitored.service;
    }

    @Test
    void aWatchCutByShutdownIsNeitherAFailureNorASuccessAndResumesWithItsDeadlines() throws Exception {
        f.platform.phase = JobPhase.PENDING;
        TrainingJobService service = serviceWithRealMonitor();
        SubmitTrainingJobExecution e = start(service);
        clock.runUntil("the job is watched", () -> e.watchState() != null);
        WatchState before = e.watchState();
        assertThat(before).isNotNull();

        // what ShutdownListener does at onBeforeShutdown; the monitor ends the watch (Cancelled, DONE)
        // on its thread and the step, on this executor, handles that before close() returns
        service.close();

        verify(f.context, never()).onFailure(any());
        verify(f.context, never()).onSuccess(any());
        assertThat(e.watchState())
                .as("the DONE state of a closed watch is not kept")
                .isEqualTo(before);
        assertThat(f.platform.cancelled).as("the job is left alone").isEmpty();

        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restart(e, afterRestart);
        resumed.onResume();

        assertThat(f.watcher.resumed).containsExactly(before);
        assertThat(f.watcher.resumed.get(0).pendingDeadline()).isEqualTo(before.pendingDeadline());
        assertThat(f.platform.submittedTokens).hasSize(1);
    }

    @Test
    void aSubmitCutByShutdownDoesNotFailTheStep() throws Exception {
        f.service.close();

        start(f.service);

        verify(f.context, never()).onFailure(any());
        verify(f.context, never()).onSuccess(any());
    }

    @Test
    void theShutdownListenerClosesTheService() {
        TrainingJobService service = serviceWithRealMonitor();
        service.watcher();
        try (MockedStatic<TrainingJobService> get = mockStatic(TrainingJobService.class)) {
            get.when(TrainingJobService::get).thenReturn(service);

            new ShutdownListener().onBeforeShutdown();
        }

        assertThat(service.isClosing()).isTrue();
        assertThat(monitored
                        .monitor()
                        .fetchDiagnosis(
                                "connection:prod",
                                WatchOptions.diagnosisFetcher(f.config, service.time()),
                                "d-1",
                                null))
                .as("the monitor is closed")
                .isCompletedExceptionally();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aStepRestartedAfterItsOutcomeDeliversThatResultWithoutWatchingAgain() throws Exception {
        SubmitTrainingJobExecution e = start(f.service);
        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.RUNNING)));
        ArgumentCaptor<Object> first = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(first.capture());

        // the saved form holds the known result: resuming from it is what a restart between the save
        // and the completion does
        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restart(e, afterRestart);
        resumed.onResume();

        ArgumentCaptor<Object> again = ArgumentCaptor.forClass(Object.class);
        verify(afterRestart).onSuccess(again.capture());
        assertThat((Map<String, Object>) again.getValue())
                .isEqualTo(first.getValue())
                .containsEntry("status", "RUNNING");
        assertThat(f.watcher.resumed).isEmpty();
        assertThat(f.watcher.watches).hasSize(1);
    }

    @Test
    void aShutdownThatBeginsWhileTheResultIsSavedDoesNotCompleteTheStepWhichDeliversItAfterTheRestart()
            throws Exception {
        SubmitTrainingJobExecution e = start(f.service);
        // The controller starts shutting down while the step saves its result: the save itself succeeds.
        when(f.context.saveState()).thenAnswer(i -> {
            f.service.close();
            return Futures.immediateFuture(null);
        });
        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.RUNNING)));

        verify(f.context, never()).onSuccess(any());
        verify(f.context, never()).onFailure(any());
        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restart(e, afterRestart);
        resumed.onResume();
        verify(afterRestart).onSuccess(any());
        assertThat(f.watcher.resumed).isEmpty();
    }

    @Test
    void anUnschedulableOutcomeIsDeliveredAgainAfterARestartWithoutADiagnosisOrReport() throws Exception {
        SubmitTrainingJobExecution e = start(f.service);
        DiagnosisReport report = Reports.documentedAihcExample(e.job());
        f.watcher
                .last()
                .outcome
                .complete(new Outcome.Unschedulable(FakePlatform.status(e.job(), JobPhase.PENDING), report));

        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restart(e, afterRestart);
        resumed.onResume();

        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        verify(afterRestart).onFailure(failure.capture());
        assertThat(failure.getValue())
                .isInstanceOf(AbortException.class)
                .hasMessage(StepOutcome.unschedulableMessage(report));
        // the report and the wait's trend record were attached once, before the restart, not again
        verify(f.run, times(1)).addAction(any(io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction.class));
        verify(f.run, times(1)).addAction(any(io.jenkins.plugins.trainingjob.report.PendingTimeAction.class));
        assertThat(f.watcher.resumed).isEmpty();
        assertThat(f.watcher.fetches).isEmpty();
    }

    /**
     * Saves after the token's lose nothing: the saved token finds the job after a restart (the submit flow
     * waits only for the saves before a create and a stop). Before the flow, a failed save while the watch
     * registered cancelled the watch and failed the step instead.
     */
    @Test
    void aSaveThatFailsAfterTheTokenWasSavedLosesNoJobARestartFindsItByItsToken() throws Exception {
        java.util.concurrent.atomic.AtomicReference<byte[]> onDisk =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<SubmitTrainingJobExecution> running =
                new java.util.concurrent.atomic.AtomicReference<>();
        when(f.context.saveState()).thenAnswer(i -> {
            SubmitTrainingJobExecution e = running.get();
            if (e != null && e.submitState() != null && e.submitState().job() != null) {
                return Futures.immediateFailedFuture(new IOException("disk full"));
            }
            if (e != null) {
                onDisk.set(StepFixture.serialize(e));
            }
            return Futures.immediateFuture(null);
        });
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        running.set(e);
        e.start();

        verify(f.context, never()).onFailure(any());
        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restartFrom(onDisk.get(), afterRestart);
        resumed.onResume();

        assertThat(f.platform.submittedTokens).as("no second create").hasSize(1);
        assertThat(resumed.job()).isEqualTo(e.job());
    }

    @Test
    void theServiceShutsDownThePoolsItOwns() throws Exception {
        java.util.concurrent.ExecutorService calls = java.util.concurrent.Executors.newSingleThreadExecutor();
        java.util.concurrent.ExecutorService events = java.util.concurrent.Executors.newSingleThreadExecutor();
        TrainingJobService service = new TrainingJobService(
                s -> f.platform,
                f.service.credentials(),
                f.service.specs(),
                () -> f.config,
                (r, time) -> f.watcher,
                calls,
                events);

        service.close();

        assertThat(calls.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(events.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aPendingTimeoutFromTheConfigurationStaysWithTheResumedWatch() throws Exception {
        when(f.config.pendingTimeoutDuration()).thenReturn(Duration.ofMinutes(3));
        SubmitTrainingJobExecution e = start(f.service);

        SubmitTrainingJobExecution resumed = f.restart(e, mock(StepContext.class));
        resumed.onResume();

        assertThat(f.watcher.resumed.get(0).policy().pendingTimeout()).isEqualTo(Duration.ofMinutes(3));
    }
}

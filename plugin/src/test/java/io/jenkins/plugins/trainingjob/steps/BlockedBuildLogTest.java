package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher;
import io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.JobWatcher;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One build whose log blocks (as {@code StepContext.get(TaskListener)} can while a Pipeline loads after a
 * restart, or a remote log store stalls) must not stop the monitor: with that build's log blocked for as
 * long as the test runs, 100 other steps on the same connection are still polled to their outcome.
 * No timing is asserted: the blocked log is a latch, the others' outcomes are awaited.
 */
class BlockedBuildLogTest {
    private static final long WAIT_MS = 60_000;

    @TempDir
    File buildDir;

    private StepFixture f;
    private JobMonitor monitor;
    private ExecutorService events;
    private final CountDownLatch unblock = new CountDownLatch(1);
    private volatile boolean blocking;

    /** The blocked step's job stays pending; every other job runs. */
    private static final class PerJobPlatform extends FakePlatform {
        PerJobPlatform() {
            super(PlatformKind.AIHC);
        }

        private JobStatus statusOf(JobRef job) {
            return status(job, job.name().endsWith("-blocked") ? JobPhase.PENDING : JobPhase.RUNNING);
        }

        @Override
        public JobStatus status(JobRef job) {
            return statusOf(job);
        }

        @Override
        public StatusPage listStatuses(String pageToken, int pageSize) {
            return new StatusPage(
                    List.copyOf(byToken.values()).stream().map(this::statusOf).toList(), null);
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
        when(f.config.pollIntervalDuration()).thenReturn(Duration.ofMillis(100));
        events = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void tearDown() {
        unblock.countDown();
        if (monitor != null) {
            monitor.close();
        }
        events.shutdownNow();
    }

    @Test
    void oneBlockedBuildLogDoesNotStopTheOtherWatchesFromBeingPolled() throws Exception {
        PerJobPlatform platform = new PerJobPlatform();
        TrainingJobService service = new TrainingJobService(
                settings -> platform,
                f.service.credentials(),
                (text, source, variables) -> FakePlatform.spec(PlatformKind.AIHC, "resnet-" + variables.get("RUN")),
                () -> f.config,
                (resolver, time) -> {
                    monitor = new JobMonitor(resolver, time);
                    return armingBeforeTheBlockedWatch(monitor);
                },
                Runnable::run,
                events);

        StepContext blocked = context(true);
        start(service, blocked, "blocked");
        List<StepContext> others = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            StepContext c = context(false);
            others.add(c);
            start(service, c, Integer.toString(i));
        }

        for (StepContext c : others) {
            verify(c, timeout(WAIT_MS)).onSuccess(any());
        }
        assertThat(blocking).isTrue();
        assertThat(unblock.getCount())
                .as("the blocked log was still blocked all along")
                .isEqualTo(1);
    }

    /** From the blocked step's watch on, its build log blocks until the test ends. */
    private JobWatcher armingBeforeTheBlockedWatch(JobWatcher delegate) {
        return new JobWatcher() {
            @Override
            public Watch watch(String key, JobRef job, WatchPolicy policy, WatchListener listener) {
                if (job.name().endsWith("-blocked")) {
                    blocking = true;
                }
                return delegate.watch(key, job, policy, listener);
            }

            @Override
            public Watch resume(WatchState state, WatchListener listener) {
                return delegate.resume(state, listener);
            }

            @Override
            public CompletableFuture<FetchedDiagnosis> fetchDiagnosis(
                    String key, DiagnosisFetcher fetcher, String diagnosisId, String jobId) {
                return delegate.fetchDiagnosis(key, fetcher, diagnosisId, jobId);
            }

            @Override
            public MonitorTasks tasks() {
                return delegate.tasks();
            }
        };
    }

    private StepContext context(boolean blocks) throws Exception {
        StepContext c = mock(StepContext.class);
        f.useContext(c);
        if (blocks) {
            when(c.get(TaskListener.class)).thenAnswer(i -> {
                if (blocking) {
                    unblock.await();
                }
                return f.listener;
            });
        }
        return c;
    }

    private static void start(TrainingJobService service, StepContext context, String run) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}");
        step.setVariables(StepFixture.variables(run));
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(context);
        e.useService(service);
        e.start();
    }
}

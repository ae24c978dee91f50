package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.File;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * {@code awaitScheduleDiagnosis(diagnosisId: ...)} with core's real {@link JobMonitor} and a real pool for
 * the step's background work: core decides which job the report names, and while the platform answers
 * "not ready" the step holds no thread (the monitor asks again on a timer, the configured 30 s later). The
 * monitor runs on a {@link ManualClock}: that timer fires only when the test moves the clock.
 */
class AwaitScheduleDiagnosisWithJobMonitorTest {
    private static final long WAIT_MS = 30_000;
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-42", null);

    @TempDir
    File buildDir;

    private StepFixture f;
    private RealMonitorService monitored;
    private final ManualClock clock = new ManualClock();
    /** Background tasks running now, and finished (counted by the task's own thread, once the task returned). */
    private final AtomicInteger backgroundRunning = new AtomicInteger();

    private final AtomicInteger backgroundFinished = new AtomicInteger();
    private final CountDownLatch firstBackgroundTaskFinished = new CountDownLatch(1);
    private final ThreadPoolExecutor background =
            new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>()) {
                @Override
                protected void beforeExecute(Thread t, Runnable r) {
                    backgroundRunning.incrementAndGet();
                }

                @Override
                protected void afterExecute(Runnable r, Throwable t) {
                    backgroundRunning.decrementAndGet();
                    backgroundFinished.incrementAndGet();
                    firstBackgroundTaskFinished.countDown();
                }
            };
    private TrainingJobService service;

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
        monitored = new RealMonitorService(f, Duration.ofSeconds(30), background, clock);
        clock.settleWithMonitor(monitored::monitor);
        service = monitored.service;
    }

    @AfterEach
    void tearDown() {
        monitored.close();
        background.shutdownNow();
    }

    private AwaitScheduleDiagnosisExecution start(String jobId, boolean failOnUnschedulable) throws Exception {
        AwaitScheduleDiagnosisStep step = new AwaitScheduleDiagnosisStep();
        step.setConnection("prod");
        step.setJobId(jobId);
        step.setDiagnosisId("diag-9");
        step.setFailOnUnschedulable(failOnUnschedulable);
        AwaitScheduleDiagnosisExecution e = (AwaitScheduleDiagnosisExecution) step.start(f.context);
        e.useService(service);
        assertThat(e.start()).isFalse();
        return e;
    }

    private void diagnosisReady() {
        f.platform.diagnosis = handle -> new AihcScheduleDiagnosis(
                handle.job(),
                handle.id(),
                "r-1",
                List.of(new AihcScheduleDiagnosis.Rule(
                        "NodeAvailabilityDiagnostics",
                        "NodeAvailabilityDiagnostics",
                        List.of(new AihcScheduleDiagnosis.Detail(
                                "",
                                "node(s) were unschedulable",
                                "",
                                "default",
                                "10.3.0.118",
                                "resnet-master-0",
                                "default",
                                "",
                                "")))));
    }

    @Test
    void withoutAJobTheDiagnosisIdNamesTheReportedJob() throws Exception {
        diagnosisReady();

        start(null, true);

        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        verify(f.context, timeout(WAIT_MS)).onFailure(failure.capture());
        assertThat(failure.getValue()).isInstanceOf(AbortException.class).hasMessageContaining("diag-9");
        JobRef placeholder = new JobRef(PlatformKind.AIHC, "diag-9", null);
        assertThat(f.platform.fetchedDiagnoses).containsExactly(new DiagnosisHandle("diag-9", placeholder));
        assertThat(new File(buildDir, "training-job/diag-9/schedule-diagnosis.html"))
                .exists();
    }

    @Test
    void aGivenJobIsTheJobOfAFetchedDiagnosis() throws Exception {
        diagnosisReady();

        start(JOB.id(), false);

        verify(f.context, timeout(WAIT_MS)).onSuccess(any());
        assertThat(f.platform.fetchedDiagnoses).containsExactly(new DiagnosisHandle("diag-9", JOB));
    }

    @Test
    void whileTheDiagnosisIsNotReadyNoThreadIsHeldAndStopEndsTheStep() throws Exception {
        f.platform.diagnosis = handle -> {
            throw new DiagnosisNotReadyException(
                    new FailedCall(
                            PlatformKind.AIHC,
                            "GET /api/v1/aifd/schedulediagnosis/job/query",
                            200,
                            "DiagnosisReportNotFound",
                            "r-3"),
                    "The diagnosis report is not found, try later please.",
                    null);
        };
        AwaitScheduleDiagnosisExecution e = start(null, true);

        // The step's background task (binding, starting the fetch) returns; then the monitor settles: it has
        // asked once, heard "not ready", and left nothing but its timer for the next question.
        assertThat(firstBackgroundTaskFinished.await(WAIT_MS, TimeUnit.MILLISECONDS))
                .as("the step's background task returned")
                .isTrue();
        clock.advance(Duration.ZERO);
        assertThat(f.platform.fetchedDiagnoses).hasSize(1);
        assertThat(clock.pendingTimers()).as("the fetch waits on a timer").isEqualTo(1);
        assertThat(backgroundRunning).hasValue(0);
        assertThat(background.getQueue()).isEmpty();
        assertThat(noThreadInside(DiagnosisFetcher.class))
                .as("no thread is fetching or sleeping")
                .isTrue();
        verify(f.context, never()).onSuccess(any());
        verify(f.context, never()).onFailure(any());
        assertThat(backgroundFinished).hasValue(1);

        InterruptedException abort = new InterruptedException();
        e.stop(abort);

        verify(f.context).onFailure(abort);
        // Stopped, the fetch asks no more, however much time passes.
        clock.advance(Duration.ofMinutes(1));
        assertThat(f.platform.fetchedDiagnoses).hasSize(1);
        assertThat(f.platform.cancelled).isEmpty();
    }

    /** No live thread runs code of {@code type}: nobody is fetching or sleeping between two questions. */
    private static boolean noThreadInside(Class<?> type) {
        return Thread.getAllStackTraces().values().stream()
                .flatMap(Arrays::stream)
                .noneMatch(frame -> frame.getClassName().equals(type.getName()));
    }
}

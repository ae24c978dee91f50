package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jenkins.model.ArtifactManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a finished job's outputs and log tail may take a while: that runs on a thread of its own, not on
 * the events pool every step's log lines share nor on the monitor's call pool every watch's polls share
 * (decision 0003, the monitor's threading note; security review 2, N3), and an abort stops it at once. No timing is
 * asserted: the thread each log read ran on, and whether it was interrupted, is recorded. The end of a step
 * also says once what the client learned about its connection (the SenseCore date-only fallback).
 */
class JobEndOffTheEventsPoolTest {
    private static final long WAIT_MS = 60_000;
    private static final String SPEC_WITH_AN_OUTPUT = String.join(
            "\n",
            "platform: aihc",
            "name: resnet-1",
            "jobSpec:",
            "  image: registry.example.com/train:1",
            "  command: python train.py",
            "  replicas: 1",
            "outputs:",
            "  - name: accuracy",
            "    regex: 'eval accuracy: ([0-9.]+)'",
            "");
    private static final String NOTICE = "the gateway at aec2.cn-sh-01.sensecoreapi.cn refused the request-bound"
            + " signature and accepted the date-only one; set `signature: date-only` (trainjob:"
            + " --sensecore-signature date-only) to skip the first try; date-only headers can be replayed while"
            + " their date is accepted";

    @TempDir
    File buildDir;

    private StepFixture f;
    private JobMonitor monitor;
    private ExecutorService calls;
    private ExecutorService events;

    /**
     * Every job has ended when first read; its log is one output line, read where the test can see, once
     * the test lets it go ({@link #release}); an interrupt while it waits is recorded.
     */
    private static final class LoggedPlatform extends FakePlatform implements JobLogs {
        final List<String> readOn = new CopyOnWriteArrayList<>();
        final CountDownLatch reading = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        List<String> notices = List.of();

        LoggedPlatform() {
            super(PlatformKind.AIHC);
        }

        @Override
        public JobStatus status(JobRef job) {
            return new JobStatus(
                    job,
                    JobPhase.SUCCEEDED,
                    "Succeeded",
                    null,
                    null,
                    null,
                    null,
                    "",
                    List.of(new WorkerStatus(job.name() + "-master-0", "10.3.0.118", "Succeeded", "")),
                    null);
        }

        @Override
        public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
            readOn.add(Thread.currentThread().getName());
            reading.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                interrupted.countDown();
                Thread.currentThread().interrupt();
            }
            return new LogChunk(List.of("eval accuracy: 0.9"), null);
        }

        @Override
        public List<String> notices() {
            return notices;
        }
    }

    private static ExecutorService named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(2, r -> new Thread(r, prefix + n.incrementAndGet()));
    }

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
        when(f.config.pollIntervalDuration()).thenReturn(Duration.ofMillis(100));
        when(f.run.pickArtifactManager()).thenReturn(mock(ArtifactManager.class));
        calls = named("test-calls-");
        events = named("test-events-");
    }

    @AfterEach
    void tearDown() {
        if (monitor != null) {
            monitor.close();
        }
        calls.shutdownNow();
        events.shutdownNow();
    }

    private SubmitTrainingJobExecution submit(LoggedPlatform platform) throws Exception {
        TrainingJobService service = new TrainingJobService(
                settings -> platform,
                f.service.credentials(),
                (text, source, variables) -> JobSpecLoader.load(SPEC_WITH_AN_OUTPUT, source, variables),
                () -> f.config,
                (resolver, time) -> {
                    monitor = new JobMonitor(resolver, time);
                    return monitor;
                },
                calls,
                events);
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-1");
        step.setWait("completed");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service);
        e.start();
        return e;
    }

    @Test
    void theLogOfAFinishedJobIsReadOnAThreadOfItsOwn() throws Exception {
        LoggedPlatform platform = new LoggedPlatform();
        platform.release.countDown();
        submit(platform);

        verify(f.context, timeout(WAIT_MS)).onSuccess(any());
        // neither the events pool nor the calls pool every build shares
        assertThat(platform.readOn).isNotEmpty().allSatisfy(t -> assertThat(t).startsWith("trainingjob-log-read-"));
    }

    @Test
    void anAbortWhileTheJobsLogIsReadStopsTheRead() throws Exception {
        LoggedPlatform platform = new LoggedPlatform();
        SubmitTrainingJobExecution e = submit(platform);
        assertThat(platform.reading.await(30, TimeUnit.SECONDS))
                .as("the log read began")
                .isTrue();

        e.stop(new AbortException("aborted by the user"));

        assertThat(platform.interrupted.await(30, TimeUnit.SECONDS))
                .as("the reading thread was interrupted, not left to finish")
                .isTrue();
        verify(f.context, timeout(WAIT_MS)).onFailure(any());
    }

    @Test
    void whatTheClientLearnedAboutItsConnectionIsSaidOnceInTheBuildLog() throws Exception {
        LoggedPlatform platform = new LoggedPlatform();
        platform.notices = List.of(NOTICE);
        platform.release.countDown();
        submit(platform);

        verify(f.context, timeout(WAIT_MS)).onSuccess(any());
        assertThat(f.log().split(java.util.regex.Pattern.quote(NOTICE), -1))
                .as("the notice, once")
                .hasSize(2);
    }
}

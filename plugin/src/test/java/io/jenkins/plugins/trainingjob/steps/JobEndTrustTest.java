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
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jenkins.model.ArtifactManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end of a Pipeline step against a job's untrusted log and connection (security review 2): an abort
 * stops the read of the log at once (N3), and what the client learned about its connection (the SenseCore
 * date-only fallback) is said in the build log once.
 */
class JobEndTrustTest {
    private static final long WAIT_MS = 60_000;
    private static final String SPEC = String.join(
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

    /** Every job has ended when first read; its log read waits until the test lets it go (or is interrupted). */
    private static final class SlowLogPlatform extends FakePlatform implements JobLogs {
        final CountDownLatch reading = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        SlowLogPlatform() {
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
            return List.of(NOTICE);
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
        when(f.config.pollIntervalDuration()).thenReturn(Duration.ofMillis(100));
        when(f.run.pickArtifactManager()).thenReturn(mock(ArtifactManager.class));
        calls = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void tearDown() {
        if (monitor != null) {
            monitor.close();
        }
        calls.shutdownNow();
    }

    private SubmitTrainingJobExecution start(SlowLogPlatform platform) throws Exception {
        TrainingJobService service = new TrainingJobService(
                settings -> platform,
                f.service.credentials(),
                (text, source, variables) -> JobSpecLoader.load(SPEC, source, variables),
                () -> f.config,
                resolver -> {
                    monitor = new JobMonitor(resolver, Clock.systemUTC());
                    return monitor;
                },
                calls,
                calls);
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
    void anAbortWhileTheJobsLogIsReadStopsTheRead() throws Exception {
        SlowLogPlatform platform = new SlowLogPlatform();
        SubmitTrainingJobExecution e = start(platform);
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
        SlowLogPlatform platform = new SlowLogPlatform();
        platform.release.countDown();
        start(platform);
        verify(f.context, timeout(WAIT_MS)).onSuccess(any());
        assertThat(f.log().split(java.util.regex.Pattern.quote(NOTICE), -1))
                .as("the notice, once")
                .hasSize(2);
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import jenkins.model.ArtifactManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A submit with fallback targets or retries holds its thread for the whole wait (core's attempt loop): it runs
 * on the service's pool for long waits, never on the bounded pool every step's submit and job end share,
 * which four such submits would otherwise fill for hours. No timing is asserted: the thread the create ran on
 * is recorded.
 */
class AttemptLoopThreadTest {
    private static final long WAIT_MS = 60_000;

    @TempDir
    File buildDir;

    private StepFixture f;
    private JobMonitor monitor;
    private ExecutorService calls;
    private ExecutorService events;
    private ExecutorService longWaits;

    /** Every job starts at once; each create says which thread made it. */
    private static final class ThreadRecordingPlatform extends FakePlatform {
        final List<String> createdOn = new CopyOnWriteArrayList<>();

        ThreadRecordingPlatform() {
            super(PlatformKind.AIHC);
            phase = JobPhase.RUNNING;
        }

        @Override
        public synchronized JobRef submit(JobSpec spec, String clientToken) {
            createdOn.add(Thread.currentThread().getName());
            return super.submit(spec, clientToken);
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
        longWaits = named("test-long-");
    }

    @AfterEach
    void tearDown() {
        if (monitor != null) {
            monitor.close();
        }
        calls.shutdownNow();
        events.shutdownNow();
        longWaits.shutdownNow();
    }

    private TrainingJobService service(ThreadRecordingPlatform platform) {
        return new TrainingJobService(
                settings -> platform,
                f.service.credentials(),
                (text, source, variables) -> FakePlatform.spec(PlatformKind.AIHC, "resnet-1"),
                () -> f.config,
                resolver -> {
                    monitor = new JobMonitor(resolver, Clock.systemUTC());
                    return monitor;
                },
                calls,
                events,
                longWaits);
    }

    @Test
    void aSubmitWithFallbackTargetsWaitsOnThePoolForLongWaits() throws Exception {
        ThreadRecordingPlatform platform = new ThreadRecordingPlatform();
        Fallback spot = new Fallback();
        spot.setQueue("spot");
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-1");
        step.setWait("scheduled");
        step.setPreflight("false");
        step.setFallback(List.of(spot));
        step.setFallbackOrder("given");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service(platform));
        e.start();

        verify(f.context, timeout(WAIT_MS)).onSuccess(any());
        assertThat(platform.createdOn).singleElement().satisfies(t -> assertThat(t)
                .startsWith("test-long-"));
    }

    @Test
    void aPlainSubmitStaysOnTheBoundedPool() throws Exception {
        ThreadRecordingPlatform platform = new ThreadRecordingPlatform();
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-1");
        step.setWait("scheduled");
        step.setPreflight("false");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service(platform));
        e.start();

        verify(f.context, timeout(WAIT_MS)).onSuccess(any());
        assertThat(platform.createdOn).singleElement().satisfies(t -> assertThat(t)
                .startsWith("test-calls-"));
    }

    /**
     * A controller shutting down must not act on a job: an interrupt is an abort to the attempt loop (it stops
     * the job under cancelOnAbort), so closing the service lets the long waits end with the monitor instead.
     */
    @Test
    void closingTheServiceDoesNotInterruptTheLongWaits() throws Exception {
        TrainingJobService service = service(new ThreadRecordingPlatform());
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        service.longWaits().execute(() -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            done.countDown();
        });
        assertThat(running.await(WAIT_MS, TimeUnit.MILLISECONDS)).isTrue();

        service.close();
        release.countDown();

        assertThat(done.await(WAIT_MS, TimeUnit.MILLISECONDS)).isTrue();
        assertThat(interrupted)
                .as("the waiting loop was interrupted by the shutdown")
                .isFalse();
        assertThat(service.isClosing()).isTrue();
    }
}

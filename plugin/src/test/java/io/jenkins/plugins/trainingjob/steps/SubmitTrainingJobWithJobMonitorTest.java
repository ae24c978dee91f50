package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import java.io.File;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * The step with core's real {@link JobMonitor} (its own threads) over the fake platform: the wait ends
 * through the monitor, and stopping the build stops the job on the platform.
 */
class SubmitTrainingJobWithJobMonitorTest {
    private static final long WAIT_MS = 30_000;

    private final StepFixture f;
    @AutoClose
    private final RealMonitorService monitored;

    SubmitTrainingJobWithJobMonitorTest(@TempDir File buildDir) throws Exception {
        f = new StepFixture(buildDir);
        monitored = new RealMonitorService(f, Duration.ofMillis(200), Runnable::run);
    }

    private SubmitTrainingJobExecution start() throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(monitored.service);
        e.start();
        return e;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRunningJobEndsTheStepThroughTheMonitor() throws Exception {
        f.platform.phase = JobPhase.RUNNING;

        start();

        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(f.context, timeout(WAIT_MS)).onSuccess(result.capture());
        assertThat((Map<String, Object>) result.getValue()).containsEntry("status", "RUNNING");
        assertThat(f.platform.submittedTokens).hasSize(1);
    }

    @Test
    void stoppingTheBuildStopsTheQueuedJobOnThePlatform() throws Exception {
        f.platform.phase = JobPhase.PENDING;
        SubmitTrainingJobExecution e = start();
        InterruptedException abort = new InterruptedException("aborted");

        e.stop(abort);

        verify(f.context, timeout(WAIT_MS)).onFailure(abort);
        assertThat(f.platform.cancelled).containsExactly(e.job());
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Steps with inline connection settings, through core's real monitor: once they ended, neither the
 * service nor the monitor keeps anything of them, and every client they opened is closed.
 */
class InlineConnectionsTest {
    private final ManualClock clock = new ManualClock();
    private final StepFixture f;

    @AutoClose
    private final RealMonitorService monitored;

    InlineConnectionsTest(@TempDir File buildDir) throws Exception {
        f = new StepFixture(buildDir);
        monitored = new RealMonitorService(f, Duration.ofMillis(50), Runnable::run, clock);
        clock.settleWithMonitor(monitored::monitor);
    }

    @Test
    void aThousandInlineStepsLeaveNothingBehind() throws Exception {
        f.platform.phase = JobPhase.RUNNING;
        List<StepContext> contexts = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            StepContext c = mock(StepContext.class);
            f.useContext(c);
            contexts.add(c);
            SubmitTrainingJobStep step = new SubmitTrainingJobStep();
            step.setPlatform(StepFixture.inlineAihc());
            step.setSpecText("name: resnet");
            SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(c);
            e.useService(monitored.service);
            e.start();
        }

        // The monitor's clock moves until every step ended (checked from the first not yet ended on).
        int[] ended = {0};
        clock.runUntil("every step ended", () -> {
            while (ended[0] < contexts.size() && StepFixture.ended(contexts.get(ended[0]))) {
                ended[0]++;
            }
            return ended[0] == contexts.size();
        });
        for (StepContext c : contexts) {
            verify(c).onSuccess(any());
        }

        assertThat(monitored.service.inlineConnections()).isZero();
        assertThat(monitored.monitor().connectionGroups()).isZero();
        assertThat(f.platform.closed).as("each step's client closed").isEqualTo(1000);
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.report.LiveWait;
import io.jenkins.plugins.trainingjob.report.PendingTimeAction;
import java.io.File;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service's one time source reaches what of the plugin reads or waits for time: the monitor its factory
 * makes, and the build page's view of a waiting step. A test hands it a manual clock, and none of them reads
 * the machine's.
 */
class ServiceTimeTest {
    /** Far from the machine's time, so a reading of the system clock cannot pass for it. */
    private final ManualClock clock = new ManualClock(Instant.parse("2001-02-03T04:05:06Z"));

    private final StepFixture f;

    @AutoClose
    private final RealMonitorService monitored;

    ServiceTimeTest(@TempDir File buildDir) throws Exception {
        f = new StepFixture(buildDir);
        monitored = new RealMonitorService(f, Duration.ofSeconds(30), Runnable::run, clock);
        clock.settleWithMonitor(monitored::monitor);
    }

    @Test
    void theServiceHandsItsClockToTheMonitorForNowAndForItsTimers() {
        assertThat(monitored.service.time()).isSameAs(clock);
        MonitorTasks tasks = monitored.service.watcher().tasks();
        clock.advance(Duration.ofHours(5));
        assertThat(tasks.now()).isEqualTo(clock.now());

        List<Instant> fired = new CopyOnWriteArrayList<>();
        tasks.schedule(() -> fired.add(tasks.now()), Duration.ofMinutes(10));
        clock.advance(Duration.ofMinutes(9));
        assertThat(fired).as("a monitor timer waits for the service's clock").isEmpty();
        clock.advance(Duration.ofMinutes(1));

        assertThat(fired).containsExactly(Instant.parse("2001-02-03T09:15:06Z"));
    }

    @Test
    void aWaitingStepsBuildPageIsDatedByTheServicesClock() throws Exception {
        f.platform.phase = JobPhase.PENDING;
        clock.advance(Duration.ofHours(1));
        Instant before = clock.now();
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(monitored.service);
        e.start();

        clock.runUntil("the build page shows the wait", () -> !liveWaits().isEmpty());

        LiveWait shown = liveWaits().get(0);
        assertThat(shown.getState()).isEqualTo("PENDING");
        assertThat(Instant.ofEpochMilli(shown.getUpdatedAt())).isBetween(before, clock.now());
        e.stop(new InterruptedException("done looking"));
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
    }

    private List<LiveWait> liveWaits() {
        PendingTimeAction page = f.run.getAction(PendingTimeAction.class);
        return page == null ? List.of() : page.getLiveWaits();
    }
}

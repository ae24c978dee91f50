package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The build page's view of a wait follows every event at once, while the build record is written at most
 * every {@link WaitProgress#SAVE_EVERY} (review R11: throttled updates from the watch's events).
 */
class WaitProgressTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-7", "resnet <b>");
    private final ManualClock clock = new ManualClock(Instant.ofEpochMilli(1_000_000));
    private final List<Object> actions = new ArrayList<>();
    private Run<?, ?> run;
    private WaitProgress progress;

    @BeforeEach
    void building() {
        run = mock(Run.class);
        when(run.isBuilding()).thenReturn(true);
        doAnswer(i -> {
                    actions.add(i.getArgument(0));
                    ((PendingTimeAction) i.getArgument(0)).onAttached(run);
                    return null;
                })
                .when(run)
                .addAction(any());
        when(run.getAction(PendingTimeAction.class))
                .thenAnswer(i -> actions.isEmpty() ? null : (PendingTimeAction) actions.get(0));
        progress = new WaitProgress(run, clock, Duration.ofSeconds(30));
    }

    private static JobStatus status(JobPhase phase, Integer position) {
        JobStatus s = FakePlatform.status(JOB, phase);
        return new JobStatus(
                s.job(),
                phase,
                s.rawState(),
                s.createdAt(),
                s.startedAt(),
                s.finishedAt(),
                position,
                s.reason(),
                s.workers(),
                s.consoleUrl(),
                s.gpus());
    }

    private LiveWait shown() {
        return ((PendingTimeAction) actions.get(0)).getLiveWaits().get(0);
    }

    @Test
    void everyEventShowsAtOnceButTheBuildIsSavedAtMostEveryThirtySeconds() throws Exception {
        progress.onEvent(new MonitorEvent.StateChanged(null, status(JobPhase.PENDING, 9)));
        for (int position = 8; position >= 5; position--) {
            clock.advance(Duration.ofMillis(5_000));
            progress.onEvent(new MonitorEvent.QueuePositionChanged(status(JobPhase.PENDING, position), position));
        }

        assertThat(shown().getQueuePosition())
                .as("the page has the last position at once")
                .isEqualTo(5);
        verify(run, times(1)).save(); // the first event; the next four came within 30 s of it

        clock.advance(Duration.ofMillis(10_000)); // 30 s after the first save
        progress.onEvent(new MonitorEvent.QueuePositionChanged(status(JobPhase.PENDING, 4), 4));
        verify(run, times(2)).save();

        clock.advance(Duration.ofMillis(1_000));
        progress.onEvent(new MonitorEvent.Heartbeat(status(JobPhase.PENDING, 4), Duration.ofMinutes(2)));
        progress.flush();
        verify(run, times(3)).save();
    }

    @Test
    void theEstimateStaysUntilTheJobStartsAndARetryKeepsWhatWasKnown() {
        Eta eta = Eta.estimate(
                Duration.ofMinutes(25), Duration.ofMinutes(40), Duration.ofMinutes(70), 3, 24, "the real waits");
        progress.onEvent(new MonitorEvent.EtaChanged(status(JobPhase.PENDING, 3), eta));
        progress.onEvent(new MonitorEvent.Heartbeat(status(JobPhase.PENDING, 3), Duration.ofMinutes(5)));
        assertThat(shown().getEta()).isEqualTo(eta.summary());

        progress.onEvent(new MonitorEvent.Retrying(
                new RateLimitedException(
                        new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 429, "", ""), "slow down", null, null),
                Duration.ofSeconds(5)));
        assertThat(shown().getState()).isEqualTo("PENDING");
        assertThat(shown().getLastEvent()).contains("call failed, retrying in 5s");

        progress.onEvent(new MonitorEvent.StateChanged(status(JobPhase.PENDING, 3), status(JobPhase.RUNNING, null)));
        assertThat(shown().getState()).isEqualTo("RUNNING");
        assertThat(shown().getEta()).as("started: no estimate of the start").isNull();
        assertThat(shown().getJobName()).isEqualTo("resnet <b>");
    }

    @Test
    void theRecordedOutcomeOrTheEndOfAnAttemptEndsTheViewAndAFinishedBuildShowsNone() {
        progress.onEvent(new MonitorEvent.StateChanged(null, status(JobPhase.PENDING, 1)));
        PendingTimeAction page = (PendingTimeAction) actions.get(0);
        assertThat(page.getLiveWaits()).hasSize(1);

        when(run.isBuilding()).thenReturn(false);
        assertThat(page.getLiveWaits())
                .as("a build that ended waits for nothing")
                .isEmpty();
        when(run.isBuilding()).thenReturn(true);

        PendingTimeAction.record(run, PendingTime.of(new Outcome.Scheduled(status(JobPhase.RUNNING, null)), JOB, null));
        assertThat(page.getLiveWaits()).isEmpty();
        assertThat(page.getWaits()).hasSize(1);

        progress.onEvent(new MonitorEvent.StateChanged(null, status(JobPhase.PENDING, 1)));
        progress.ended();
        assertThat(page.getLiveWaits()).isEmpty();
    }

    @Test
    void aRetryBeforeAnyStatusShowsNothing() {
        progress.onEvent(new MonitorEvent.Retrying(null, Duration.ofSeconds(5)));

        assertThat(actions).isEmpty();
    }
}

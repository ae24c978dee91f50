package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailureCleanupTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-1");
    private final TrainingPlatform platform = mock(TrainingPlatform.class);

    private static JobStatus status(JobPhase phase) {
        return new JobStatus(JOB, phase, phase.name(), null, null, null, null, "", List.of(), null);
    }

    private String apply(Outcome outcome, boolean cancel) {
        return FailureCleanup.apply(
                platform, JOB, outcome, cancel, "--cancel-on-failure", "trainjob cancel pytorchjob-1");
    }

    @Test
    void anUnschedulableJobIsSaidToBeStillQueuedWithTheStopCommand() {
        assertThat(apply(new Outcome.Unschedulable(status(JobPhase.PENDING), null), false))
                .isEqualTo("job pytorchjob-1 is still queued on Baidu AIHC; stop it with: trainjob cancel pytorchjob-1"
                        + " (or set --cancel-on-failure)");
        verify(platform, never()).cancel(JOB);
    }

    @Test
    void aTimedOutRunningJobIsStoppedWithCancelOnFailure() {
        assertThat(apply(new Outcome.TimedOut(status(JobPhase.RUNNING), "overall timeout"), true))
                .isEqualTo("stopped job pytorchjob-1 on Baidu AIHC (--cancel-on-failure)");
        verify(platform).cancel(JOB);
    }

    @Test
    void aStopThatFailsSaysTheJobIsStillThereAndHowToStopIt() {
        doThrow(new TransientException(new FailedCall(PlatformKind.AIHC, "POST stop", 503, "", ""), "busy", null))
                .when(platform)
                .cancel(JOB);

        assertThat(apply(new Outcome.TimedOut(status(JobPhase.PENDING), "overall timeout"), true))
                .startsWith("stopping job pytorchjob-1 failed (")
                .endsWith("it is still queued on Baidu AIHC; stop it with: trainjob cancel pytorchjob-1");
    }

    @Test
    void anUnschedulableJobWhoseWaitGoesOnIsNotLeftBehind() {
        Outcome unschedulable = new Outcome.Unschedulable(status(JobPhase.PENDING), null);
        Outcome timedOut = new Outcome.TimedOut(status(JobPhase.PENDING), "overall timeout");

        assertThat(FailureCleanup.leavesJob(unschedulable, false)).isFalse();
        assertThat(FailureCleanup.leavesJob(unschedulable, true)).isTrue();
        assertThat(FailureCleanup.leavesJob(timedOut, false)).isTrue();
    }

    @Test
    void outcomesThatLeaveNothingBehindSayNothing() {
        assertThat(apply(new Outcome.Completed(status(JobPhase.SUCCEEDED)), true))
                .isNull();
        assertThat(apply(new Outcome.Scheduled(status(JobPhase.RUNNING)), true)).isNull();
        verify(platform, never()).cancel(JOB);
    }
}

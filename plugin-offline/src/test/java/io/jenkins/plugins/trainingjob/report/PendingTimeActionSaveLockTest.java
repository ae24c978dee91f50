package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Action;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link PendingTimeAction}'s lock is one for the whole controller (it guards every build's action), and the
 * build page's live view of every waiting step ({@link WaitProgress}, on the plugin's shared events pool) takes
 * it. So writing a build record (Jenkins' {@code Run.save()}: XStream onto the controller's disk, which can be
 * slow) must never happen while it is held: one build's slow save would hold up every other build's page
 * updates, and with them the log lines queued behind them on the events pool.
 */
class PendingTimeActionSaveLockTest {

    private static Run<?, ?> runKeepingActions() {
        Run<?, ?> run = mock(Run.class);
        List<Action> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        when(run.getAction(PendingTimeAction.class))
                .thenAnswer(i -> added.isEmpty() ? null : (PendingTimeAction) added.get(0));
        return run;
    }

    @Test
    void anotherBuildsPageUpdatesDoNotWaitForABuildRecordBeingWritten() throws Exception {
        Run<?, ?> slow = runKeepingActions();
        CountDownLatch saving = new CountDownLatch(1);
        CountDownLatch diskDone = new CountDownLatch(1);
        doAnswer(i -> {
                    saving.countDown();
                    diskDone.await(1, TimeUnit.MINUTES); // a build record on a slow disk
                    return null;
                })
                .when(slow)
                .save();
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "resnet-7");
        Thread recording = new Thread(() -> PendingTimeAction.record(
                slow, PendingTime.of(new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)), job, null)));
        recording.start();
        try {
            assertThat(saving.await(30, TimeUnit.SECONDS))
                    .as("the first build is writing its record")
                    .isTrue();

            Run<?, ?> other = runKeepingActions();
            LiveWait queued = new LiveWait("job-2", "bert-3", "Baidu AIHC", "PENDING", 4, null, "queued", 0L);
            Thread update = new Thread(() -> PendingTimeAction.live(other, queued));
            update.start();
            update.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(update.isAlive())
                    .as("another build's page update waited for the first build's record to be written")
                    .isFalse();
            assertThat(other.getAction(PendingTimeAction.class))
                    .as("the other build's page shows its wait")
                    .isNotNull();
        } finally {
            diskDone.countDown();
            recording.join(TimeUnit.MINUTES.toMillis(1));
        }
        assertThat(slow.getAction(PendingTimeAction.class).getWaits())
                .extracting(PendingTime::getJobId)
                .containsExactly("job-1");
    }
}

package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.thoughtworks.xstream.XStream;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.SavedForms;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Parallel branches of one build (a sweep) record their waits while the build record is written from other
 * threads (the Pipeline VM thread, a report being attached): a save must never see the list change under it
 * (review R10). Jenkins writes {@code build.xml} with XStream, which walks the list; here eight branches
 * record while another thread writes the action the same way, over and over.
 */
class PendingTimeActionParallelTest {
    private static final int BRANCHES = 8;
    private static final int WAITS_PER_BRANCH = 300;

    private static PendingTime wait(int branch, int n) {
        JobRef job = new JobRef(PlatformKind.AIHC, "job-" + branch + "-" + n, "sweep-" + branch);
        return PendingTime.of(new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)), job, null);
    }

    @Test
    void eightBranchesRecordWhileTheBuildIsSavedAndNoSaveSeesTheListChangeUnderIt() throws Exception {
        Run<?, ?> run = mock(Run.class);
        List<Object> actions = new CopyOnWriteArrayList<>(); // what Actionable keeps its actions in
        doAnswer(i -> actions.add(i.getArgument(0))).when(run).addAction(any());
        when(run.getAction(PendingTimeAction.class))
                .thenAnswer(i -> actions.isEmpty() ? null : (PendingTimeAction) actions.get(0));
        PendingTimeAction.record(run, wait(0, 0)); // the action exists before the branches race

        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean branchesDone = new AtomicBoolean();
        AtomicInteger saves = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        // Run.save() from other threads, as XStream writes build.xml
        Thread saver = new Thread(() -> {
            try {
                XStream xstream = SavedForms.xstream2(new TreeSet<>());
                xstream.toXML(actions.get(0)); // warmed up, so the saves overlap the branches
                go.countDown();
                while (!branchesDone.get()) {
                    xstream.toXML(actions.get(0));
                    saves.incrementAndGet();
                }
            } catch (Throwable t) {
                failures.add(t);
            }
        });
        List<Thread> branches = new ArrayList<>();
        for (int b = 1; b <= BRANCHES; b++) {
            int branch = b;
            branches.add(new Thread(() -> {
                try {
                    go.await();
                    for (int n = 0; n < WAITS_PER_BRANCH; n++) {
                        PendingTimeAction.record(run, wait(branch, n));
                        ((PendingTimeAction) actions.get(0)).getWaits(); // the job page reading meanwhile
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        saver.start();
        branches.forEach(Thread::start);
        for (Thread t : branches) {
            t.join();
        }
        branchesDone.set(true);
        saver.join();

        assertThat(saves.get()).as("saves made while the branches recorded").isPositive();
        assertThat(failures)
                .as("a save or a read saw the waits change under it")
                .isEmpty();
        PendingTimeAction action = (PendingTimeAction) actions.get(0);
        assertThat(action.getWaits()).hasSize(1 + BRANCHES * WAITS_PER_BRANCH);
        PendingTimeAction reread = (PendingTimeAction)
                SavedForms.fromXml(SavedForms.toXml(action), null).value();
        assertThat(reread.getWaits()).hasSize(1 + BRANCHES * WAITS_PER_BRANCH);
    }
}

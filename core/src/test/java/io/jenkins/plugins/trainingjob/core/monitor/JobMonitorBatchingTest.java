package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Many watches share one scheduler, a few call threads and the platform's list pages (on a manual clock). */
// Isolated: counts the JVM's threads (junit-platform.properties runs other classes concurrently).
@Isolated
class JobMonitorBatchingTest {
    private static final String CONNECTION = "aihc-pool";

    private final FakePlatform platform = new FakePlatform();
    private final ManualClock clock = new ManualClock();
    private final WatchPolicy policy =
            WatchPolicy.defaults(WaitTarget.SCHEDULED).withPolling(Duration.ofMillis(10), Duration.ofMillis(40));
    private JobMonitor monitor;

    @AfterEach
    void closeMonitor() {
        monitor.close();
    }

    @Test
    void aThousandWatchesResolveWithFewThreadsAndListCallsThatGrowWithPagesNotJobs() throws Exception {
        monitor = monitor(MonitorSettings.defaults().withCallThreads(4).withListing(2, 100, 20));
        for (int i = 0; i < 50; i++) {
            platform.addJob("someone-elses-" + i);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Set<JobRef> seen = ConcurrentHashMap.newKeySet();
        WatchListener firstStatus = new WatchListener() {
            @Override
            public void onEvent(MonitorEvent event) {
                if (event instanceof MonitorEvent.StateChanged changed) {
                    seen.add(changed.current().job());
                }
            }
        };
        List<JobRef> jobs = new ArrayList<>();
        List<Watch> watches = new ArrayList<>();
        int maxThreads = 0;
        for (int i = 0; i < 1000; i++) {
            JobRef job = platform.addJob(String.format("job-%04d", i));
            jobs.add(job);
            watches.add(monitor.watch(CONNECTION, job, policy, firstStatus));
            maxThreads = Math.max(maxThreads, threads.getThreadCount());
        }
        clock.runUntil("every watch saw its pending job", () -> seen.size() == 1000);
        int statusCallsBefore = platform.statusCalls.get();
        int roundsBefore = platform.listRounds.get();
        int listCallsBefore = platform.listCalls.get();

        for (int i = 0; i < jobs.size(); i++) {
            switch (i % 3) {
                case 0 -> platform.set(jobs.get(i), JobPhase.RUNNING, "Running");
                case 1 -> platform.set(jobs.get(i), JobPhase.SUCCEEDED, "Succeeded");
                default -> platform.set(jobs.get(i), JobPhase.FAILED, "Failed");
            }
        }
        CompletableFuture<Void> all =
                CompletableFuture.allOf(watches.stream().map(Watch::outcome).toArray(CompletableFuture[]::new));
        while (!all.isDone()) {
            maxThreads = Math.max(maxThreads, threads.getThreadCount());
            clock.advanceUntil(all::isDone, policy.pollInitial());
        }
        all.join();

        for (int i = 0; i < watches.size(); i++) {
            Outcome outcome = watches.get(i).outcome().get();
            Class<?> expected =
                    switch (i % 3) {
                        case 0 -> Outcome.Scheduled.class;
                        case 1 -> Outcome.Completed.class;
                        default -> Outcome.JobFailed.class;
                    };
            assertThat(outcome).as("watch %d", i).isInstanceOf(expected);
        }
        assertThat(maxThreads).isLessThan(40);

        // 1,050 jobs in pages of 100: a round reads at most 11 pages, however many watches it serves.
        // (One more round may have been under way when the counters were read.)
        int rounds = platform.listRounds.get() - roundsBefore + 1;
        int listCalls = platform.listCalls.get() - listCallsBefore;
        assertThat(listCalls).isPositive().isLessThanOrEqualTo(rounds * 11);
        assertThat(platform.statusCalls.get() - statusCallsBefore).isZero();
        assertThat(statusCallsBefore)
                .as("status calls before the group was large enough to list")
                .isLessThan(50);
        monitor.awaitIdle();
        assertThat(monitor.scheduledTasks()).as("timers and hand-offs left").isZero();
        assertThat(monitor.pendingCalls()).as("platform calls left").isZero();
    }

    @Test
    void aLoneWatchAsksForItsJobDirectlyInsteadOfReadingTheList() throws Exception {
        monitor = monitor(MonitorSettings.defaults().withListing(2, 100, 20));
        JobRef job = platform.addJob("train-llm");
        Watch watch = monitor.watch(CONNECTION, job, policy, null);
        clock.runUntil("a few polls", () -> platform.statusCalls.get() >= 3);
        platform.set(job, JobPhase.RUNNING, "Running");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
        assertThat(platform.listCalls).hasValue(0);
    }

    @Test
    void aJobNotFoundInThePagesReadIsAskedForDirectly() throws Exception {
        monitor = monitor(MonitorSettings.defaults().withListing(1, 2, 1));
        JobRef old = platform.addJob("old");
        platform.addJob("newer");
        platform.addJob("newest");
        platform.set(old, JobPhase.RUNNING, "Running");

        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, old, policy, null));
        assertThat(outcome).isInstanceOf(Outcome.Scheduled.class);
        assertThat(platform.listCalls).hasValue(1);
        assertThat(platform.statusCalls).hasValue(1);
    }

    @Test
    void aJobResolvedFromAListPageCostsNoFurtherCall() throws Exception {
        monitor = monitor(MonitorSettings.defaults().withListing(1, 100, 10));
        platform.listIncludesWorkers = false;
        JobRef job = platform.addJob("train-llm");
        platform.set(job, JobPhase.RUNNING, "Running");

        Outcome.Scheduled outcome = (Outcome.Scheduled) outcomeOf(monitor.watch(CONNECTION, job, policy, null));
        assertThat(outcome.status().phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(outcome.message()).endsWith("is scheduled: RUNNING");
        assertThat(platform.listCalls).hasValue(1);
        assertThat(platform.statusCalls).hasValue(0);
    }

    private JobMonitor monitor(MonitorSettings settings) {
        JobMonitor created = new JobMonitor(id -> platform, clock, settings.withAnalyzer(JobMonitorTest::analyze));
        clock.settleWith(created::awaitIdle);
        return created;
    }

    private Outcome outcomeOf(Watch watch) {
        clock.runUntil("the outcome", watch.outcome()::isDone);
        return watch.outcome().join();
    }
}

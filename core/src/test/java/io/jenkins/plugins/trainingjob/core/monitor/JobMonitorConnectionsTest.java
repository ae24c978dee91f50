package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The monitor asks its resolver for a connection's client at every call, so a connection changed or
 * re-keyed while its jobs are watched applies from their next poll; and it forgets a connection once its
 * last watch ended, so connections made per build (inline settings) leave nothing behind.
 */
class JobMonitorConnectionsTest {
    private final FakePlatform first = new FakePlatform();
    private final FakePlatform second = new FakePlatform();
    private final AtomicReference<FakePlatform> current = new AtomicReference<>(first);
    private final ManualClock clock = new ManualClock();
    private final JobMonitor monitor = new JobMonitor(id -> current.get(), clock);

    {
        clock.settleWith(monitor::awaitIdle);
    }

    private final WatchPolicy policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
            .withPolling(Duration.ofMillis(2), Duration.ofMillis(10))
            .withPendingTimeout(Duration.ofMinutes(10));

    @AfterEach
    void close() {
        monitor.close();
    }

    @Test
    void aConnectionReKeyedWhileItsJobIsWatchedIsUsedFromTheNextPoll() throws Exception {
        JobRef job = first.addJob("train-llm");
        second.addJob("train-llm");
        Watch watch = monitor.watch("connection:prod", job, policy, null);
        clock.runUntil("polls through the first client", () -> first.statusCalls.get() >= 2);

        // the configuration changed (a rotated key): the resolver now hands out another client, which
        // sees the job running; the first one would go on saying pending
        second.set(job, JobPhase.RUNNING, "Running");
        current.set(second);

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
        assertThat(second.statusCalls.get()).isPositive();
    }

    @Test
    void aThousandOneWatchConnectionsAreForgottenOnceTheirWatchesEnded() throws Exception {
        List<Watch> watches = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            JobRef job = first.addJob("job-" + i);
            first.set(job, JobPhase.RUNNING, "Running");
            watches.add(monitor.watch("inline:" + i, job, policy, null));
        }
        assertThat(monitor.connectionGroups()).isPositive();

        for (Watch w : watches) {
            assertThat(outcomeOf(w)).isInstanceOf(Outcome.Scheduled.class);
        }

        // a watch leaves its group before its outcome completes
        assertThat(monitor.connectionGroups()).isZero();
    }

    @Test
    void aCancelledWatchAlsoReleasesItsConnection() throws Exception {
        JobRef job = first.addJob("queued");
        Watch watch = monitor.watch("inline:step-1", job, policy, null);
        clock.runUntil("polled once", () -> first.statusCalls.get() >= 1);

        CompletableFuture<Outcome> cancelled = watch.cancel(false);
        clock.runUntil("the watch cancelled", cancelled::isDone);

        assertThat(monitor.connectionGroups()).isZero();
    }

    private Outcome outcomeOf(Watch watch) {
        clock.runUntil("the outcome", watch.outcome()::isDone);
        return watch.outcome().join();
    }
}

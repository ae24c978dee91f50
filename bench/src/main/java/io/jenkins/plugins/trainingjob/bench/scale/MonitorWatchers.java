package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Our way: every watch registered with one shared {@link JobMonitor} on one connection. With {@code estimate},
 * each watch also estimates when its pending job starts, as a watch with {@code --max-wait} does (an ETA every
 * round from the queue's history), but without a budget, so that no watch ends early. Figure 1 proper runs
 * without: the thread-per-job baseline it is compared with does not estimate either.
 */
final class MonitorWatchers extends Watchers {
    static final String CONNECTION = "bench";

    private final JobMonitor monitor;
    private final WatchPolicy policy;
    /** With estimates, without a budget: the history is read, nothing ends a wait before its job is placed. */
    private final WaitBudget budget;

    private final AtomicInteger estimated = new AtomicInteger();

    MonitorWatchers(TrainingPlatform platform, MonitorSettings settings, Duration poll, boolean estimate) {
        this.budget = estimate ? new WaitBudget(null, null, true) : WaitBudget.NONE;
        this.monitor = new JobMonitor(id -> platform, TimeSource.system(), settings);
        // A fixed interval (initial = max) so both sides poll alike; no diagnosis within the run.
        this.policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                .withPolling(poll, poll)
                .withPendingTimeout(Duration.ofHours(1))
                .withHeartbeat(Duration.ofHours(1));
    }

    @Override
    void startWaits(List<JobRef> jobs) {
        for (JobRef job : jobs) {
            AtomicBoolean first = new AtomicBoolean();
            WatchListener countFirstEta = new WatchListener() {
                @Override
                public void onEvent(MonitorEvent event) {
                    if (event instanceof MonitorEvent.EtaChanged && first.compareAndSet(false, true)) {
                        estimated.incrementAndGet();
                    }
                }
            };
            monitor.watch(CONNECTION, job, policy, budget, countFirstEta)
                    .outcome()
                    .thenAccept(o -> {
                        if (o instanceof Outcome.Scheduled) {
                            resolvedNow();
                        } else {
                            failedNow();
                        }
                    });
        }
    }

    /** Watches that got at least one estimate of their job's start. */
    @Override
    int estimated() {
        return estimated.get();
    }

    @Override
    public void close() {
        monitor.close();
    }
}

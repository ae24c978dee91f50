package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** Our way: every watch registered with one shared {@link JobMonitor} on one connection. */
final class MonitorWatchers extends Watchers {
    static final String CONNECTION = "bench";

    private final JobMonitor monitor;
    private final WatchPolicy policy;

    MonitorWatchers(TrainingPlatform platform, MonitorSettings settings, Duration poll) {
        this.monitor = new JobMonitor(id -> platform, Clock.systemUTC(), settings);
        // A fixed interval (initial = max) so both sides poll alike; no diagnosis within the run.
        this.policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                .withPolling(poll, poll)
                .withPendingTimeout(Duration.ofHours(1))
                .withHeartbeat(Duration.ofHours(1));
    }

    @Override
    void startWaits(List<JobRef> jobs) {
        for (JobRef job : jobs) {
            monitor.watch(CONNECTION, job, policy, WatchListener.NONE).outcome().thenAccept(o -> {
                if (o instanceof Outcome.Scheduled) {
                    resolvedNow();
                } else {
                    failedNow();
                }
            });
        }
    }

    @Override
    public void close() {
        monitor.close();
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.mockito.Mockito.when;

import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * The plugin's service over the fixture's fake platform, with core's real {@link JobMonitor} (its own
 * threads) as the watcher instead of the scripted one: waits end through the monitor's polls.
 */
final class RealMonitorService implements AutoCloseable {
    final TrainingJobService service;
    private volatile JobMonitor monitor;

    /**
     * The monitor polls every {@code pollInterval} (the configured interval); steps' background work and
     * events run on {@code executor} ({@code Runnable::run}: the calling thread).
     */
    RealMonitorService(StepFixture f, Duration pollInterval, Executor executor) {
        this(f, pollInterval, executor, null);
    }

    /** As above, with the service (and so its monitor) on {@code time} ({@code null}: in real time). */
    RealMonitorService(StepFixture f, Duration pollInterval, Executor executor, TimeSource time) {
        when(f.config.pollIntervalDuration()).thenReturn(pollInterval);
        service = new TrainingJobService(
                settings -> f.platform.connectedWith(settings),
                f.service.credentials(),
                f.service.specs(),
                () -> f.config,
                (resolver, serviceTime) -> {
                    monitor = new JobMonitor(resolver, serviceTime);
                    return monitor;
                },
                executor,
                executor,
                () -> null,
                time != null ? time : TimeSource.system());
    }

    /** The monitor, once the first watch made the service create it; {@code null} before. */
    JobMonitor monitor() {
        return monitor;
    }

    @Override
    public void close() {
        JobMonitor m = monitor;
        if (m != null) {
            m.close();
        }
    }
}

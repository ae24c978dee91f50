package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.time.Clock;

/**
 * Watches many jobs for many callers with one scheduler thread and a small pool for the HTTP calls: a
 * watch costs only its state object. Jobs of the same connection are refreshed together through the
 * platform's list call when that is cheaper than one call per job.
 */
public final class JobMonitor implements AutoCloseable {

    public JobMonitor(PlatformResolver platforms, Clock clock) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    /** Starts watching a submitted job. */
    public Watch watch(String connectionId, JobRef job, WatchPolicy policy, WatchListener listener) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    /** Continues a watch from its durable state (after a restart), without re-launching a running diagnosis. */
    public Watch resume(WatchState state, WatchListener listener) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    /** Stops all polling; outstanding watches end {@link Outcome.Cancelled} without stopping remote jobs. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("TODO(monitor)");
    }
}

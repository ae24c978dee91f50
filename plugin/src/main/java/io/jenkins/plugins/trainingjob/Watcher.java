package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;

/** Starts and resumes watches: the controller's {@link JobMonitor}, or a scripted one in unit tests. */
public interface Watcher {

    Watch watch(String connectionKey, JobRef job, WatchPolicy policy, WatchListener listener);

    Watch resume(WatchState state, WatchListener listener);

    static Watcher of(JobMonitor monitor) {
        return new Watcher() {
            @Override
            public Watch watch(String connectionKey, JobRef job, WatchPolicy policy, WatchListener listener) {
                return monitor.watch(connectionKey, job, policy, listener);
            }

            @Override
            public Watch resume(WatchState state, WatchListener listener) {
                return monitor.resume(state, listener);
            }
        };
    }
}

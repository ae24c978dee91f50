package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import java.time.Duration;

/** The words of {@link MonitorEvent#message()}. */
final class MonitorEventMessages {
    private MonitorEventMessages() {
    }

    static String stateChanged(JobStatus previous, JobStatus current) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String queuePosition(JobStatus current, int position) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String heartbeat(JobStatus current, Duration waited) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String diagnosisStarted(JobStatus current, String diagnosisId) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String diagnosisWaiting(JobStatus current, String reason) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String retrying(PlatformException error, Duration delay) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }
}

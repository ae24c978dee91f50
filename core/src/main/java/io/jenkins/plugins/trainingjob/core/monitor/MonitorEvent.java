package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import java.time.Duration;

/**
 * Progress a listener hears while a watch waits: state changes (not every poll), queue position, a
 * heartbeat, diagnosis steps and retries. {@link #message()} is a console line (control characters of
 * remote strings stripped).
 */
public sealed interface MonitorEvent {

    String message();

    /** The job's state changed; {@code previous} is {@code null} for the first status seen. */
    record StateChanged(JobStatus previous, JobStatus current) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.stateChanged(previous, current);
        }
    }

    record QueuePositionChanged(JobStatus current, int position) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.queuePosition(current, position);
        }
    }

    /** Still waiting, every {@link WatchPolicy#heartbeat()}. */
    record Heartbeat(JobStatus current, Duration waited) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.heartbeat(current, waited);
        }
    }

    /** The pending timeout passed; a diagnosis was launched (or re-attached after a resume). */
    record DiagnosisStarted(JobStatus current, String diagnosisId) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.diagnosisStarted(current, diagnosisId);
        }
    }

    /** The platform refused or has not finished the diagnosis yet; we wait and try again. */
    record DiagnosisWaiting(JobStatus current, String reason) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.diagnosisWaiting(current, reason);
        }
    }

    /** A call failed in a way that may pass; the watch tries again after {@code delay}. */
    record Retrying(PlatformException error, Duration delay) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.retrying(error, delay);
        }
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
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

    /**
     * A pending job's estimate moved materially (or is the first one): a new range, or why there is none.
     * Re-estimated every poll round; said only when it moves ({@link io.jenkins.plugins.trainingjob.core.eta.EtaDamper}).
     */
    record EtaChanged(JobStatus current, Eta eta) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.etaChanged(current, eta);
        }
    }

    /**
     * The median estimate is past what is left of the wait budget, the optimistic one is not: the watch keeps
     * waiting, and says so once.
     */
    record BudgetAtRisk(JobStatus current, Eta eta, Duration left) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.budgetAtRisk(current, eta, left);
        }
    }

    /**
     * The diagnosis says the job fits once running jobs end ({@code FITS_LATER}) and a wait budget is set: the
     * budget, not the pending timeout, ends the wait, so the watch keeps waiting with the report kept.
     */
    record KeptWaiting(JobStatus current, DiagnosisReport report, Duration left) implements MonitorEvent {
        @Override
        public String message() {
            return MonitorEventMessages.keptWaiting(current, left);
        }
    }
}

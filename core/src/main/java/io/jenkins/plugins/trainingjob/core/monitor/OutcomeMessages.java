package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;

/** The words of {@link Outcome#message()}; owned by the monitor so every front end says the same thing. */
final class OutcomeMessages {
    private OutcomeMessages() {
    }

    static String scheduled(JobStatus s) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String completed(JobStatus s) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String failed(JobStatus s) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String unschedulable(JobStatus s, DiagnosisReport report) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String timedOut(JobStatus s, String what) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String cancelled(JobStatus s, boolean remoteStopped, String detail) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }

    static String platformError(JobStatus s, PlatformException e) {
        throw new UnsupportedOperationException("TODO(monitor)");
    }
}

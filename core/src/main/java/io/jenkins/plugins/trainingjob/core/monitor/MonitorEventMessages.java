package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.outcome.JobLine;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;

/** The words of {@link MonitorEvent#message()}, in the one line format of a job ({@link JobLine}). */
final class MonitorEventMessages {
    private MonitorEventMessages() {}

    static String stateChanged(JobStatus previous, JobStatus current) {
        String was = previous == null || previous.phase() == current.phase() ? "" : ", was " + previous.phase();
        return JobLine.line(current, "is " + JobLine.state(current) + queue(current) + was);
    }

    static String queuePosition(JobStatus current, int position) {
        return JobLine.line(current, "is at queue position " + position);
    }

    static String heartbeat(JobStatus current, Duration waited) {
        return JobLine.line(
                current, "still " + JobLine.state(current) + queue(current) + " after " + DurationText.exact(waited));
    }

    static String diagnosisStarted(JobStatus current, String diagnosisId) {
        return JobLine.line(
                current, "pending too long; schedule diagnosis " + ConsoleText.strip(diagnosisId) + " running");
    }

    static String diagnosisWaiting(JobStatus current, String reason) {
        return JobLine.line(current, "diagnosis waiting: " + ConsoleText.strip(reason));
    }

    static String retrying(PlatformException error, Duration delay) {
        String platform = error == null || error.platform() == null
                ? "monitor"
                : error.platform().id();
        String what = error == null ? "unknown error" : ConsoleText.strip(error.getMessage());
        return JobLine.fit("[" + platform + "] call failed, retrying in " + DurationText.exact(delay) + ": " + what);
    }

    static String etaChanged(JobStatus current, Eta eta) {
        return JobLine.line(current, ConsoleText.strip(eta.summary()));
    }

    static String budgetAtRisk(JobStatus current, Eta eta, Duration left) {
        return JobLine.line(
                current,
                "may not start within the wait budget: p50 start in " + DurationText.exact(eta.p50()) + ", "
                        + DurationText.exact(left) + " left; still waiting");
    }

    static String keptWaiting(JobStatus current, Duration left) {
        return JobLine.line(
                current,
                "fits once running jobs end; waiting on within the wait budget (" + DurationText.exact(left)
                        + " left)");
    }

    private static String queue(JobStatus s) {
        return s == null || s.queuePosition() == null ? "" : ", queue position " + s.queuePosition();
    }
}

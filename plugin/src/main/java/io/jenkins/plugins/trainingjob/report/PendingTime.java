package io.jenkins.plugins.trainingjob.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * What one wait of a build was, for the job's pending-time trend: the job, how its wait ended, the
 * diagnosis verdict and report when it stayed pending, the queue, and how long it was pending.
 *
 * <p>The pending time is the platform's own: from the job's creation to its start, when the platform
 * reported both. Otherwise it is unknown ({@code null}), not guessed: a job still pending when it was
 * diagnosed has no start yet. Plain strings and numbers, so the build record never depends on core's
 * classes. {@code eta} is the watch's last estimate of when the queued job would start (its one-line
 * summary, or why there was none), {@code null} when no estimate was made.
 */
@Restricted(NoExternalUse.class)
public final class PendingTime implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String jobId;
    private final String jobName;
    private final String outcome;
    private final String verdict;
    private final String queue;
    private final Long pendingSeconds;
    private final String diagnosisUrl;
    private final String eta;

    PendingTime(
            String jobId,
            String jobName,
            String outcome,
            String verdict,
            String queue,
            Long pendingSeconds,
            String diagnosisUrl,
            String eta) {
        this.jobId = jobId;
        this.jobName = jobName;
        this.outcome = outcome;
        this.verdict = verdict;
        this.queue = queue;
        this.pendingSeconds = pendingSeconds;
        this.diagnosisUrl = diagnosisUrl;
        this.eta = eta;
    }

    /**
     * @param diagnosisUrl the archived report's page (relative to the Jenkins root) when there is one
     */
    public static PendingTime of(Outcome outcome, JobRef job, String diagnosisUrl) {
        return of(outcome, job, diagnosisUrl, null);
    }

    /** @param eta the watch's last estimate, as the report carries it, or {@code null} */
    public static PendingTime of(Outcome outcome, JobRef job, String diagnosisUrl, WaitEstimate eta) {
        JobStatus status = outcome.lastStatus();
        String verdict = outcome instanceof Outcome.Unschedulable u
                ? u.report().verdict().name()
                : null;
        List<String> queues =
                outcome instanceof Outcome.Unschedulable u ? u.report().queues() : List.of();
        return new PendingTime(
                job.id(),
                job.name(),
                outcome.kind().name(),
                verdict,
                queues.isEmpty() ? null : String.join(", ", queues),
                pendingSeconds(status),
                diagnosisUrl,
                eta == null || eta.summary().isEmpty() ? null : eta.summary());
    }

    private static Long pendingSeconds(JobStatus status) {
        if (status == null
                || status.createdAt() == null
                || status.startedAt() == null
                || status.startedAt().isBefore(status.createdAt())) {
            return null; // no start yet, or timestamps that prove nothing
        }
        return Duration.between(status.createdAt(), status.startedAt()).getSeconds();
    }

    public String getJobId() {
        return jobId;
    }

    public String getJobName() {
        return jobName;
    }

    /** How the wait ended: {@code SCHEDULED}, {@code COMPLETED}, {@code UNSCHEDULABLE}, {@code TIMED_OUT}, … */
    public String getOutcome() {
        return outcome;
    }

    /** The diagnosis verdict when the job stayed pending, else {@code null}. */
    public String getVerdict() {
        return verdict;
    }

    public String getQueue() {
        return queue;
    }

    /** Seconds from creation to start, as the platform reported them; {@code null} when unknown. */
    public Long getPendingSeconds() {
        return pendingSeconds;
    }

    public String getDiagnosisUrl() {
        return diagnosisUrl;
    }

    public String getEta() {
        return eta;
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaDamper;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;

/**
 * One watch's wait budget ({@link WaitBudget}) and estimates: whether the budget ran out, whether an
 * estimate ends the wait early or only warns, and the {@code FITS_LATER} diagnosis the watch keeps waiting
 * with while the budget, not the pending timeout, decides. It decides; the watch acts on its
 * {@link Decision} (events, outcome, next tick).
 *
 * <p>Scheduler-thread state, like the watch that owns it; only {@link #lastEta()} is read from other threads.
 */
final class BudgetTracker {
    private final WaitBudget budget;
    /** When the budget runs out, or {@code null} without one. */
    private final Instant deadline;
    /** Shows a new estimate only when it moves materially. */
    private final EtaDamper damper = new EtaDamper();
    /** The latest estimate, shown or not; {@code null} before the first. */
    private volatile Eta lastEta;
    /** "p50 past the budget" is said once per watch. */
    private boolean warned;
    /** Once every pod was placed the budget is met: waiting for completion is not waiting to start. */
    private boolean started;
    /** A FITS_LATER diagnosis the watch waits on with, because a budget (not the pending timeout) ends it. */
    private DiagnosisReport keptReport;

    /** What the budget says after an estimate or a diagnosis. */
    sealed interface Decision {
        /** The budget does not step in: the watch goes on as it would without one. */
        Decision CONTINUE = new Continue();

        record Continue() implements Decision {}

        /** Only the median estimate is past the budget, {@code left} from now: said once; the wait goes on. */
        record Warn(Duration left) implements Decision {}

        /** A {@code FITS_LATER} diagnosis within the budget: the watch waits on with it, {@code left} to go. */
        record KeepWaiting(Duration left) implements Decision {}

        /** The wait ends: the job did not, or provably cannot, start within the budget. */
        record End(Outcome outcome) implements Decision {}
    }

    /** {@code budget} ({@code null}: none) counted for a watch that started at {@code watchStart}. */
    BudgetTracker(WaitBudget budget, Instant watchStart) {
        this.budget = budget == null ? WaitBudget.NONE : budget;
        this.deadline = this.budget.deadline(watchStart);
    }

    /** Whether the watch estimates when its pending job starts. */
    boolean estimates() {
        return budget.estimates();
    }

    /** The latest estimate, shown or not; {@code null} before the first. */
    Eta lastEta() {
        return lastEta;
    }

    /** The verdict of the diagnosis kept for the budget, which the estimate weighs; {@code null} without one. */
    Verdict keptVerdict() {
        return keptReport == null ? null : keptReport.verdict();
    }

    /** Whether a kept {@code FITS_LATER} diagnosis lets the budget, not the pending timeout, end the wait. */
    boolean keepsDiagnosis() {
        return keptReport != null;
    }

    /** A status was read: once every pod is placed, the budget is met for good. */
    void saw(JobStatus status) {
        if (status.phase().isScheduled()) {
            started = true;
        }
    }

    /** Whether the budget ran out before the job started. */
    boolean ranOut(Instant now) {
        return !started && deadline != null && !now.isBefore(deadline);
    }

    /** The budget's deadline while it can still end the wait, for the watch's timers; else {@code null}. */
    Instant deadlineAhead() {
        return started ? null : deadline;
    }

    /** The deadline passed, and the last status read (proof) shows the job not started. */
    Outcome notStarted(JobStatus last) {
        return notStarted(last, "", lastEta, keptReport);
    }

    /**
     * The deadline passed while the job's status could not be read: the job may have started meanwhile. Not
     * "did not start" (which a cleanup acts on by stopping the job), but a state nobody could read.
     */
    Outcome stateUnknown(JobStatus last, PlatformException e) {
        return new Outcome.PlatformError(
                last,
                new TransientException(
                        FailedCall.unanswered(e.platform(), e.operation()),
                        "the wait budget of " + DurationText.exact(budget.maxWait())
                                + " ran out while the job's status could not be read, so its state is unknown"
                                + " (it may have started); the job was left as it is. Last error: " + e.detail(),
                        e));
    }

    /** A new estimate: kept as the latest; true when it moved enough to be shown. */
    boolean offer(Eta eta, Instant now) {
        lastEta = eta;
        return damper.offer(eta, now);
    }

    /**
     * After an estimate: ends the wait when even the optimistic estimate (p10) is past what is left of the
     * budget, and so is the soonest start the running jobs allow ({@link Eta#provablyPast}); warns once when
     * only the median is. No estimate (no basis, needs the administrator) ends nothing: only the deadline does.
     */
    Decision decide(Instant now, JobStatus status, Eta eta) {
        if (deadline == null || started || !eta.known()) {
            return Decision.CONTINUE;
        }
        Duration left = Duration.between(now, deadline);
        if (eta.provablyPast(left)) {
            return new Decision.End(notStarted(status, StartPastBudget.of(eta).words(), eta, keptReport));
        }
        if (!warned && eta.p50().compareTo(left) > 0) {
            warned = true;
            return new Decision.Warn(left);
        }
        return Decision.CONTINUE;
    }

    /**
     * After a diagnosis. With a budget, {@code FITS_LATER} ("waiting suffices") no longer ends the wait: before
     * the deadline the watch keeps waiting with the report; once past it, the budget ended the wait (the last
     * status read showed the job not started), not the diagnosis. Any other case is the diagnosis' to end.
     */
    Decision afterDiagnosis(Instant now, JobStatus last, DiagnosisReport report) {
        if (deadline == null || report.verdict() != Verdict.FITS_LATER) {
            return Decision.CONTINUE;
        }
        if (now.isBefore(deadline)) {
            keptReport = report;
            return new Decision.KeepWaiting(Duration.between(now, deadline));
        }
        return new Decision.End(notStarted(last, "", lastEta, report));
    }

    /** The report with the last estimate in it, so every format shows when the job was expected to start. */
    DiagnosisReport withEta(DiagnosisReport report) {
        Eta eta = lastEta;
        return report == null || eta == null ? report : report.withEta(eta.toReport());
    }

    private Outcome notStarted(JobStatus last, String why, Eta eta, DiagnosisReport report) {
        return new Outcome.NotStartedInBudget(last, budget.maxWait(), why, eta, withEta(report));
    }
}

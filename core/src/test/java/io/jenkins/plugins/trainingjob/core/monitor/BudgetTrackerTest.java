package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The budget's decisions alone; {@link JobMonitorBudgetTest} runs them in the real monitor. */
class BudgetTrackerTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "train-llm", "job-1");
    private static final JobStatus PENDING =
            new JobStatus(JOB, JobPhase.PENDING, "Pending", null, null, null, null, "", List.of(), null);
    private static final JobStatus RUNNING =
            new JobStatus(JOB, JobPhase.RUNNING, "Running", null, null, null, null, "", List.of(), null);

    /** One hour, counted from T0. */
    private final BudgetTracker budget = new BudgetTracker(WaitBudget.of(Duration.ofHours(1)), T0);

    @Test
    void anOptimisticStartPastWhatIsLeftEndsTheWaitSayingWhy() {
        Eta eta = Eta.estimate(
                Duration.ofHours(2),
                Duration.ofHours(3),
                Duration.ofHours(5),
                3,
                24,
                "42 finished jobs",
                Duration.ofMinutes(90));

        budget.offer(eta, T0.plusSeconds(600));
        BudgetTracker.Decision decision = budget.decide(T0.plusSeconds(600), PENDING, eta);

        assertThat(decision).isInstanceOf(BudgetTracker.Decision.End.class);
        Outcome.NotStartedInBudget outcome =
                (Outcome.NotStartedInBudget) ((BudgetTracker.Decision.End) decision).outcome();
        assertThat(outcome.early()).isTrue();
        assertThat(outcome.why())
                .isEqualTo("p10 start in 2h; 3 jobs ahead; the running jobs free enough in 1h 30m at the soonest");
        assertThat(outcome.eta()).isSameAs(eta);
        assertThat(outcome.budget()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void aMedianPastWhatIsLeftWarnsOnceAndTheWaitGoesOn() {
        Eta eta = Eta.estimate(
                Duration.ofMinutes(10), Duration.ofHours(2), Duration.ofHours(4), 0, 0, "", Duration.ofMinutes(10));

        BudgetTracker.Decision first = budget.decide(T0, PENDING, eta);
        BudgetTracker.Decision second = budget.decide(T0.plusSeconds(60), PENDING, eta);

        assertThat(first).isEqualTo(new BudgetTracker.Decision.Warn(Duration.ofHours(1)));
        assertThat(second).isEqualTo(BudgetTracker.Decision.CONTINUE);
    }

    @Test
    void noEstimateAndAStartedJobEndNothing() {
        Eta late = Eta.estimate(
                Duration.ofHours(2), Duration.ofHours(3), Duration.ofHours(5), 0, 0, "", Duration.ofHours(2));

        assertThat(budget.decide(T0, PENDING, Eta.noBasis(3, Duration.ofDays(14))))
                .isEqualTo(BudgetTracker.Decision.CONTINUE);
        budget.saw(RUNNING);
        assertThat(budget.decide(T0, PENDING, late)).isEqualTo(BudgetTracker.Decision.CONTINUE);
        assertThat(budget.ranOut(T0.plusSeconds(7200)))
                .as("a started job met its budget")
                .isFalse();
        assertThat(budget.deadlineAhead()).isNull();
    }

    @Test
    void theBudgetRunsOutAtItsDeadlineNotBefore() {
        assertThat(budget.ranOut(T0.plusSeconds(3599))).isFalse();
        assertThat(budget.ranOut(T0.plusSeconds(3600))).isTrue();
        assertThat(budget.deadlineAhead()).isEqualTo(T0.plusSeconds(3600));
        assertThat(budget.notStarted(PENDING)).isInstanceOf(Outcome.NotStartedInBudget.class);
    }

    @Test
    void aFitsLaterDiagnosisIsKeptBeforeTheDeadlineAndEndsTheWaitAfterIt() {
        DiagnosisReport fitsLater =
                DiagnosisReport.builder(JOB, Verdict.FITS_LATER).build();

        assertThat(budget.afterDiagnosis(T0.plusSeconds(600), PENDING, fitsLater))
                .isEqualTo(new BudgetTracker.Decision.KeepWaiting(Duration.ofMinutes(50)));
        assertThat(budget.keepsDiagnosis()).isTrue();
        assertThat(budget.keptVerdict()).isEqualTo(Verdict.FITS_LATER);

        BudgetTracker.Decision late = budget.afterDiagnosis(T0.plusSeconds(3600), PENDING, fitsLater);
        assertThat(late).isInstanceOf(BudgetTracker.Decision.End.class);
        assertThat(((BudgetTracker.Decision.End) late).outcome()).isInstanceOf(Outcome.NotStartedInBudget.class);
    }

    @Test
    void anotherVerdictOrNoBudgetLeavesTheDiagnosisToEndTheWait() {
        DiagnosisReport neverFits =
                DiagnosisReport.builder(JOB, Verdict.NEVER_FITS).build();
        DiagnosisReport fitsLater =
                DiagnosisReport.builder(JOB, Verdict.FITS_LATER).build();
        BudgetTracker none = new BudgetTracker(null, T0);

        assertThat(budget.afterDiagnosis(T0, PENDING, neverFits)).isEqualTo(BudgetTracker.Decision.CONTINUE);
        assertThat(none.afterDiagnosis(T0, PENDING, fitsLater)).isEqualTo(BudgetTracker.Decision.CONTINUE);
        assertThat(none.estimates()).isFalse();
        assertThat(none.ranOut(T0.plus(Duration.ofDays(365)))).isFalse();
    }
}

package io.jenkins.plugins.trainingjob.core.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.flow.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Front ends switch on {@link Outcome#kind()}: every outcome type needs its own kind, named after it. */
class OutcomeKindTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-1");
    private static final JobStatus PENDING =
            new JobStatus(JOB, JobPhase.PENDING, "Pending", null, null, null, null, "", List.of(), null);

    private static final List<Outcome> ONE_OF_EACH = List.of(
            new Outcome.Scheduled(PENDING),
            new Outcome.Completed(PENDING),
            new Outcome.JobFailed(PENDING),
            new Outcome.Unschedulable(PENDING, null),
            new Outcome.TimedOut(PENDING, "overall timeout of 1h"),
            new Outcome.NotStartedInBudget(PENDING, Duration.ofMinutes(40), ""),
            new Outcome.Cancelled(PENDING, false, ""),
            new Outcome.PlatformError(PENDING, null));

    @Test
    void everyOutcomeTypeHasItsOwnKindNamedAfterIt() {
        assertThat(ONE_OF_EACH)
                .extracting(o -> o.getClass().getName())
                .containsExactlyInAnyOrder(Arrays.stream(Outcome.class.getPermittedSubclasses())
                        .map(Class::getName)
                        .toArray(String[]::new));
        assertThat(ONE_OF_EACH).extracting(Outcome::kind).containsExactly(OutcomeKind.values());
        assertThat(ONE_OF_EACH).allSatisfy(o -> assertThat(o.kind().name())
                .isEqualTo(upperSnake(o.getClass().getSimpleName())));
    }

    @Test
    void lastStatusIsTheStatusEachOutcomeCarries() {
        assertThat(ONE_OF_EACH).extracting(Outcome::lastStatus).containsOnly(PENDING);
        assertThat(new Outcome.TimedOut(null, "overall timeout of 1h").lastStatus())
                .isNull();
    }

    @Test
    void aWaitOverBudgetSaysWhetherItEndedAtTheDeadlineOrOnTheEstimate() {
        Outcome deadline = new Outcome.NotStartedInBudget(PENDING, Duration.ofMinutes(40), null);
        Outcome early =
                new Outcome.NotStartedInBudget(PENDING, Duration.ofMinutes(40), "p10 start in 2h 10m; 3 jobs ahead");

        assertThat(deadline.message()).contains("did not start within 40m");
        assertThat(early.message()).contains("would not start within 40m: p10 start in 2h 10m; 3 jobs ahead");
        assertThat(OutcomeClass.of(early).exitCode()).isEqualTo(8);
        assertThat(FailureCleanup.leavesJob(deadline)).isTrue();
        assertThat(FailureCleanup.leavesJob(deadline, false)).isTrue();
    }

    private static String upperSnake(String camel) {
        return camel.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }
}

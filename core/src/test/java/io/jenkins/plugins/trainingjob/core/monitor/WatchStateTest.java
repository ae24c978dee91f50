package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A watch's durable state moves by named transitions; each keeps what it does not change. */
class WatchStateTest {
    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-a", "a");
    private static final WatchPolicy POLICY =
            WatchPolicy.defaults(WaitTarget.COMPLETED).withOverallTimeout(Duration.ofHours(2));

    private final WatchState start = WatchState.start("pool", JOB, POLICY, T0);

    @Test
    void aFreshWatchWaitsWithDeadlinesFromItsStart() {
        assertThat(start.phase()).isEqualTo(WatchState.Phase.WAITING);
        assertThat(start.pendingDeadline()).isEqualTo(T0.plus(Duration.ofMinutes(10)));
        assertThat(start.overallDeadline()).isEqualTo(T0.plus(Duration.ofHours(2)));
        assertThat(start.diagnosisDeadline()).isNull();
        assertThat(start.diagnosisId()).isNull();
    }

    @Test
    void diagnosingThenLaunchedThenDoneKeepsTheDeadlinesAndTheId() {
        Instant deadline = T0.plus(Duration.ofMinutes(15));

        WatchState diagnosing = start.diagnosing(deadline);
        WatchState launched = diagnosing.withDiagnosisId("diag-1");
        WatchState done = launched.done();

        assertThat(diagnosing.phase()).isEqualTo(WatchState.Phase.DIAGNOSING);
        assertThat(diagnosing.diagnosisDeadline()).isEqualTo(deadline);
        assertThat(diagnosing.diagnosisId()).isNull();
        assertThat(launched.phase()).isEqualTo(WatchState.Phase.DIAGNOSING);
        assertThat(launched.diagnosisDeadline()).isEqualTo(deadline);
        assertThat(launched.diagnosisId()).isEqualTo("diag-1");
        assertThat(done.phase()).isEqualTo(WatchState.Phase.DONE);
        assertThat(done.diagnosisDeadline()).isEqualTo(deadline);
        assertThat(done.diagnosisId()).isEqualTo("diag-1");
        assertThat(done)
                .usingRecursiveComparison()
                .ignoringFields("phase", "diagnosisDeadline", "diagnosisId")
                .isEqualTo(start);
    }

    @Test
    void waitingAgainDropsTheDiagnosis() {
        WatchState again = start.diagnosing(T0.plus(Duration.ofMinutes(15)))
                .withDiagnosisId("diag-1")
                .waitingAgain();

        assertThat(again).isEqualTo(start);
    }

    @Test
    void aDiagnosisIdBelongsToADiagnosingWatch() {
        assertThatThrownBy(() -> start.withDiagnosisId("diag-1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a diagnosis id belongs to a diagnosing watch, this one is WAITING");
    }
}

package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * After a create of unknown outcome a client looks the job up instead of creating it again; this is the
 * policy every client shares: how long it looks, what a failed look means, and what it says at the end.
 */
class CreateRecoveryTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "job-1", "resnet");
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);
    /** A look-up that finds nothing. */
    private static final Object NOTHING = "nothing";

    /** The look-ups' time: their waits move it and are recorded, never slept. */
    private final ManualClock clock = new ManualClock();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private static TransientException answered503() {
        return new TransientException(
                new FailedCall(PlatformKind.AIHC, "POST /api/v1/aijobs", 503, "", "r-9"), "unavailable", null);
    }

    private static TransientException noAnswer() {
        return TransientException.connectionFailed(
                PlatformKind.AIHC, "POST /api/v1/aijobs", 0, "", "read timed out", null);
    }

    /** A finder that answers from a script: a job, nothing, or a failure, one per look-up. */
    private static CreateRecovery.Finder scripted(Object... answers) {
        Deque<Object> left = new ArrayDeque<>(List.of(answers));
        return () -> {
            Object next = left.isEmpty() ? Optional.empty() : left.poll();
            if (next instanceof PlatformException e) {
                throw e;
            }
            return next instanceof JobRef job ? Optional.of(job) : Optional.empty();
        };
    }

    @Test
    void aCreateThatGotAnAnswerIsLookedUpForSevenSecondsOnly() {
        assertThat(CreateRecovery.waitsAfter(answered503(), READ_TIMEOUT))
                .containsExactly(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    }

    @Test
    void aCreateThatGotNoAnswerIsLookedUpUntilTheReadTimeoutIsCoveredAgainWithWaitsCappedAtThirtySeconds() {
        List<Duration> schedule = CreateRecovery.waitsAfter(noAnswer(), Duration.ofSeconds(120));

        assertThat(schedule)
                .startsWith(
                        Duration.ZERO,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(4),
                        Duration.ofSeconds(8),
                        Duration.ofSeconds(16),
                        Duration.ofSeconds(30));
        assertThat(schedule).allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(CreateRecovery.MAX_WAIT));
        Duration total = schedule.stream().reduce(Duration.ZERO, Duration::plus);
        assertThat(total).isGreaterThanOrEqualTo(Duration.ofSeconds(120));
        assertThat(total.minus(schedule.get(schedule.size() - 1))).isLessThan(Duration.ofSeconds(120));
    }

    @Test
    void anEvenScheduleWaitsTheSameBeforeEveryLookUpAndNeedsOneLookUpAtLeast() {
        assertThat(CreateRecovery.evenly(3, Duration.ofSeconds(2)))
                .containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2));
        assertThatThrownBy(() -> CreateRecovery.evenly(0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lookups must be at least 1");
    }

    @Test
    void theSearchStopsAtTheFirstLookUpThatFindsTheJob() {
        CreateRecovery.Search search =
                CreateRecovery.of(clock, e -> true).search(CreateRecovery.ANSWERED_WAITS, scripted(NOTHING, JOB, JOB));

        assertThat(search.found()).contains(JOB);
        assertThat(search.lookups()).isEqualTo(2);
        assertThat(clock.sleeps()).containsExactly(Duration.ZERO, Duration.ofSeconds(1));
    }

    @Test
    void theLookUpsWaitOnTheGivenTimeSourceAndOnlyThere() {
        java.time.Instant start = clock.now();
        List<java.time.Instant> lookedAt = new ArrayList<>();

        CreateRecovery.Search search = CreateRecovery.of(clock, e -> true)
                .search(CreateRecovery.evenly(3, Duration.ofSeconds(2)), () -> {
                    lookedAt.add(clock.now());
                    return Optional.empty();
                });

        assertThat(search.lookups()).isEqualTo(3);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2));
        assertThat(lookedAt)
                .as("each look-up after its wait, on the manual clock")
                .containsExactly(start.plusSeconds(2), start.plusSeconds(4), start.plusSeconds(6));
    }

    @Test
    void aFailedLookUpThatTheClientAcceptsIsRememberedAndTheNextLookUpMade() {
        TransientException flaky = answered503();

        CreateRecovery.Search search = CreateRecovery.of(clock, e -> e instanceof TransientException)
                .search(CreateRecovery.evenly(3, Duration.ofSeconds(2)), scripted(NOTHING, NOTHING, flaky));

        assertThat(search.found()).isEmpty();
        assertThat(search.lookups()).isEqualTo(3);
        assertThat(search.waited()).isEqualTo(Duration.ofSeconds(6));
        assertThat(search.lastFailure()).as("the last look-up failed").isSameAs(flaky);
        assertThat(search.interrupted()).isFalse();
    }

    @Test
    void aLookUpThatSucceedsAfterAFailureForgetsTheFailure() {
        CreateRecovery.Search search = CreateRecovery.of(clock, e -> true)
                .search(CreateRecovery.evenly(2, Duration.ZERO), scripted(answered503(), NOTHING));

        assertThat(search.lastFailure()).isNull();
    }

    @Test
    void aFailureTheClientDoesNotAcceptEndsTheSearchAsItself() {
        AuthenticationException denied = new AuthenticationException(
                new FailedCall(PlatformKind.SENSECORE, "GET trainingJobs/{name}", 401, "", ""), "bad signature", null);

        assertThatThrownBy(() -> CreateRecovery.of(clock, e -> e instanceof TransientException)
                        .search(CreateRecovery.evenly(3, Duration.ZERO), scripted(denied)))
                .isSameAs(denied);
        assertThat(clock.sleeps()).hasSize(1);
    }

    @Test
    void anInterruptEndsTheLookUpsWithWhatTheyHaveAndKeepsTheInterruptFlag() {
        // an interrupt arrives while the look-ups wait for the second time
        clock.onSleep(() -> {
            if (clock.sleeps().size() == 2) {
                Thread.currentThread().interrupt();
            }
        });

        CreateRecovery.Search search =
                CreateRecovery.of(clock, e -> true).search(CreateRecovery.ANSWERED_WAITS, scripted());

        assertThat(search.lookups()).isEqualTo(1);
        assertThat(search.interruption()).isInstanceOf(InterruptedException.class);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void whenNothingWasFoundTheFailureQuotesTheLostAnswerSaysNothingWasResubmittedAndKeepsTheToken() {
        TransientException lost = answered503();
        CreateRecovery.Search miss = new CreateRecovery.Search(Optional.empty(), 4, Duration.ofSeconds(7), null, null);

        UncertainCreateException e = CreateRecovery.nothingResubmitted(lost, miss, "resnet", "tok-1");

        assertThat(e.getMessage())
                .isEqualTo("Baidu AIHC POST /api/v1/aijobs: the create may not have happened: "
                        + "unavailable (HTTP 503, request id r-9); no job named 'resnet' with client token tok-1 appeared "
                        + "after 4 look-up(s) over 7s; nothing was resubmitted; the job may still appear "
                        + "(HTTP 503, request id r-9)");
        assertThat(e.clientToken()).isEqualTo("tok-1");
        assertThat(e.jobName()).isEqualTo("resnet");
        assertThat(e).hasCause(lost);
    }

    @Test
    void whenTheLastLookUpFailedTheFailureSaysSoInsteadOfCountingLookUps() {
        NotFoundException gone = new NotFoundException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 404, "", ""), "pool not found", null);
        CreateRecovery.Search miss = new CreateRecovery.Search(Optional.empty(), 4, Duration.ofSeconds(7), gone, null);

        UncertainCreateException e = CreateRecovery.nothingResubmitted(noAnswer(), miss, "resnet", "tok-1");

        assertThat(e.getMessage())
                .contains("the look-up for client token tok-1 failed too (Baidu AIHC GET "
                        + "/api/v1/aijobs: pool not found (HTTP 404))")
                .doesNotContain("look-up(s) over");
    }

    @Test
    void whenASecondCreateByNameWasLostTooTheFailureCountsBothRoundsAndKeepsTheFirstAnswer() {
        TransientException first = noAnswer();
        TransientException again = new TransientException(
                new FailedCall(PlatformKind.SENSECORE, "POST trainingJobs", 502, "", ""), "bad gateway", null);

        UncertainCreateException e = CreateRecovery.afterResubmitByName(first, again, 10, "resnet-1");

        assertThat(e.getMessage())
                .startsWith("SenseCore ACP POST trainingJobs: the create may not have happened: "
                        + "bad gateway (HTTP 502); no training job named 'resnet-1' appeared after 10 look-ups; "
                        + "the job may still appear");
        assertThat(e.clientToken()).as("known by name only").isNull();
        assertThat(e).hasCause(again);
        assertThat(e.getSuppressed()).containsExactly(first);
    }
}

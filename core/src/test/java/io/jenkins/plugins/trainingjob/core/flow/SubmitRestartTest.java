package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.AttemptEnd;
import java.time.Duration;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A controller restart at every leg of a fallback submit and of a retry submit: the monitor closes where
 * the submit is, a new one resumes its last saved state, and the submit ends as it would have without the
 * restart, never with two live jobs and never creating an attempt twice.
 */
class SubmitRestartTest {

    private final SubmitWorld world = new SubmitWorld();

    @AfterEach
    void close() {
        world.close();
        assertThat(world.mostLive).as("never two live jobs for one submit").isLessThanOrEqualTo(1);
    }

    /** Where the controller dies during a move from a full pool to one with room. */
    enum MoveLeg {
        TOKEN_SAVED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 1, true),
        TOKEN_SAVED_NOT_ON_DISK(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 1, false),
        CREATED(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() == null, true),
        CREATED_NOT_ON_DISK(
                s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() == null, false),
        WAITING(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() != null, true),
        STOP_REQUESTED(s -> s.stage() == SubmitState.Stage.STOPPING, true),
        STOP_NOT_ON_DISK(s -> s.stage() == SubmitState.Stage.STOPPING, false),
        STOP_CONFIRMED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 2, false),
        NEXT_TOKEN_SAVED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 2, true);

        final Predicate<SubmitState> at;
        final boolean onDisk;

        MoveLeg(Predicate<SubmitState> at, boolean onDisk) {
            this.at = at;
            this.onDisk = onDisk;
        }
    }

    @ParameterizedTest
    @EnumSource(MoveLeg.class)
    void aRestartDuringAMoveEndsAsTheMoveWouldHave(MoveLeg leg) {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);
        SubmitRequest request = world.request(WaitMode.SCHEDULED).build();
        world.crashAt = leg.at;
        world.crashSaves = leg.onDisk;
        Submit first = world.start(request);
        world.runUntil("the controller dies at " + leg, () -> world.crashed);

        Submit resumed = world.restart(request);
        SubmitResult result = world.runUntilDone(resumed);

        assertThat(first.result().join().ending()).isEqualTo(SubmitResult.Ending.CLOSED);
        assertThat(result.outcome().kind()).isEqualTo(OutcomeKind.SCHEDULED);
        assertThat(result.job()).isEqualTo(b.created.get(0));
        assertThat(a.created).as("attempt 1 created once").hasSize(1);
        assertThat(b.created).as("attempt 2 created once").hasSize(1);
        assertThat(a.phase(a.created.get(0))).isEqualTo(JobPhase.STOPPED);
        assertThat(b.submittedTokens).containsExactly(result.clientToken() + "-a2");
    }

    /** Where the controller dies while a failed job waits for its retry. */
    enum RetryLeg {
        RETRY_TOKEN_SAVED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 1, true),
        RUNNING(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1, true),
        IN_BACKOFF(s -> s.stage() == SubmitState.Stage.BACKING_OFF, true),
        BACKOFF_NOT_ON_DISK(s -> s.stage() == SubmitState.Stage.BACKING_OFF, false),
        RETRY_CREATED(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 2, true);

        final Predicate<SubmitState> at;
        final boolean onDisk;

        RetryLeg(Predicate<SubmitState> at, boolean onDisk) {
            this.at = at;
            this.onDisk = onDisk;
        }
    }

    @ParameterizedTest
    @EnumSource(RetryLeg.class)
    void aRestartDuringARetryEndsAsTheRetryWouldHave(RetryLeg leg) {
        SubmitWorld.Pool a = world.pool("a", true);
        a.exitCodes.add(137);
        SubmitRequest request = world.request(WaitMode.COMPLETED)
                .retry(new RetryPolicy(1, Set.of(137), false, Duration.ofMinutes(30)))
                .build();
        world.crashAt = leg.at;
        world.crashSaves = leg.onDisk;
        world.start(request);
        // The jobs run to their end as soon as they run: attempt 1 fails with 137, attempt 2 succeeds.
        world.runUntil("the controller dies at " + leg, () -> {
            a.finishRunning();
            return world.crashed;
        });

        Submit resumed = world.restart(request);
        world.runUntil("the submit ends", () -> {
            a.finishRunning();
            return resumed.result().isDone();
        });
        SubmitResult result = resumed.result().join();

        assertThat(result.outcome().kind()).isEqualTo(OutcomeKind.COMPLETED);
        assertThat(a.submittedTokens).containsExactly(result.clientToken(), result.clientToken() + "-a2");
        assertThat(result.attempts()).extracting(Attempt::end).endsWith(AttemptEnd.FINAL);
    }

    @Test
    void theWaitBudgetCountsFromTheFirstSubmitAcrossARestart() {
        world.pool("a", false);
        world.budget = new WaitBudget(Duration.ofMinutes(30), null, false);
        world.pendingTimeout = Duration.ofHours(10);
        SubmitRequest request = world.request(WaitMode.SCHEDULED).build();
        world.start(request);
        world.runUntil(
                "20 minutes pass",
                () -> false == world.saved.isEmpty()
                        && world.clock
                                .now()
                                .isAfter(world.saved.get(0).startedAt().plus(Duration.ofMinutes(20))));

        Submit resumed = world.restart(request);
        SubmitResult result = world.runUntilDone(resumed);

        assertThat(result.outcome()).isInstanceOf(Outcome.NotStartedInBudget.class);
        assertThat(Duration.between(world.saved.get(0).startedAt(), world.clock.now()))
                .as("ended at the budget from the first start, not 30 minutes after the restart")
                .isLessThan(Duration.ofMinutes(31));
        world.pool("a").set(world.pool("a").created.get(0), JobPhase.STOPPED, "Stopped");
    }
}

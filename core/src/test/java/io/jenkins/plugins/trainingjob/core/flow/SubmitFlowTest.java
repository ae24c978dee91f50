package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.AttemptEnd;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one submit flow in small worlds, with the real monitor on a manual clock: a plain submit is a plan
 * of one target, a move stops and confirms before the next create, a retry waits on a timer. Everywhere:
 * never more than one live job for one submit.
 */
class SubmitFlowTest {

    private final SubmitWorld world = new SubmitWorld();

    @AfterEach
    void close() {
        world.close();
        assertThat(world.mostLive).as("never two live jobs for one submit").isLessThanOrEqualTo(1);
    }

    @Test
    void aPlainSubmitIsAPlanOfOneTargetWithOneAttempt() {
        SubmitWorld.Pool pool = world.pool("a", true);

        SubmitResult result =
                world.runUntilDone(world.start(world.request(WaitMode.SCHEDULED).build()));

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.WAITED);
        assertThat(result.outcome()).isInstanceOf(Outcome.Scheduled.class);
        assertThat(result.job()).isEqualTo(pool.created.get(0));
        assertThat(result.attempts()).extracting(Attempt::end).containsExactly(AttemptEnd.FINAL);
        assertThat(result.outcomeClass()).isEqualTo(OutcomeClass.SUCCESS);
        assertThat(world.lines()).anyMatch(l -> l.startsWith("submitted job a-job-1"));
        assertThat(world.lines()).noneMatch(l -> l.startsWith("attempt "));
    }

    @Test
    void aJobThatExistsIsFollowedAndItsWaitEndsAsASubmitsDoes() {
        SubmitWorld.Pool pool = world.pool("a", true);
        JobRef job = pool.submit(SubmitWorld.SPEC, "made-elsewhere");
        BoundTarget where = new BoundTarget(1, "primary", pool, null, "c-a");

        SubmitResult result = world.runUntilDone(SubmitFlow.follow(
                world.monitor, world.request(WaitMode.SCHEDULED).build(), where, job, world.listener, null));

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.WAITED);
        assertThat(result.outcome().kind()).isEqualTo(OutcomeKind.SCHEDULED);
        assertThat(result.job()).isEqualTo(job);
        assertThat(pool.submittedTokens).containsExactly("made-elsewhere");
    }

    @Test
    void aJobNotWaitedForEndsTheSubmitWithItsFirstStatus() {
        world.pool("a", false);

        SubmitResult result =
                world.runUntilDone(world.start(world.request(WaitMode.NONE).build()));

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.SUBMITTED);
        assertThat(result.status().phase()).isEqualTo(JobPhase.PENDING);
        assertThat(result.outcomeClass()).isEqualTo(OutcomeClass.SUCCESS);
    }

    @Test
    void aJobStillPendingAtThePendingTimeoutMovesToTheNextTargetAfterItsStopIsConfirmed() {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);

        SubmitResult result =
                world.runUntilDone(world.start(world.request(WaitMode.SCHEDULED).build()));

        assertThat(a.cancelled).containsExactly(a.created.get(0));
        assertThat(a.phase(a.created.get(0))).isEqualTo(JobPhase.STOPPED);
        assertThat(result.job()).isEqualTo(b.created.get(0));
        assertThat(result.outcome().kind()).isEqualTo(OutcomeKind.SCHEDULED);
        assertThat(result.attempts()).extracting(Attempt::end).containsExactly(AttemptEnd.MOVED, AttemptEnd.FINAL);
        assertThat(result.attempts().get(0).outcome()).isEqualTo("unschedulable");
        assertThat(result.attempts())
                .extracting(Attempt::clientToken)
                .containsExactly(result.clientToken(), result.clientToken() + "-a2");
        assertThat(result.outcomes().get(1)).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(world.lines())
                .contains("stopped job a-job-1 (confirmed: STOPPED)")
                .anyMatch(l -> l.startsWith("attempt 1 (primary): still pending after the pending timeout"));
    }

    /**
     * Issue 38, item 4: a diagnosis that does not come within the diagnosis timeout leaves the job pending
     * past its pending timeout all the same; on a target that is not the last, the submit moves on (it
     * ended the submit with exit 4 before), and the last target's timeout stays final.
     */
    @Test
    void aDiagnosisThatDoesNotComeInTimeMovesOnAsAPendingTimeoutDoes() {
        SubmitWorld.Pool a = world.pool("a", false);
        a.diagnosisReady = false;
        SubmitWorld.Pool b = world.pool("b", false);
        b.diagnosisReady = false;

        SubmitResult result =
                world.runUntilDone(world.start(world.request(WaitMode.SCHEDULED).build()));

        assertThat(a.phase(a.created.get(0))).isEqualTo(JobPhase.STOPPED);
        assertThat(b.created).hasSize(1);
        assertThat(result.attempts()).extracting(Attempt::end).containsExactly(AttemptEnd.MOVED, AttemptEnd.FINAL);
        assertThat(result.attempts()).extracting(Attempt::outcome).containsExactly("timed_out", "timed_out");
        assertThat(result.outcome()).isInstanceOfSatisfying(Outcome.TimedOut.class, t -> assertThat(t.deadline())
                .isEqualTo(Outcome.TimedOut.Deadline.DIAGNOSIS));
        assertThat(world.lines())
                .anyMatch(l -> l.startsWith("attempt 1 (primary): still pending after the pending timeout (no"
                        + " diagnosis within the diagnosis timeout of"));
    }

    @Test
    void aStopThatIsNeverConfirmedSubmitsNothingMore() {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);
        a.stopIgnored = true;

        SubmitResult result =
                world.runUntilDone(world.start(world.request(WaitMode.SCHEDULED).build()));

        assertThat(b.created).isEmpty();
        assertThat(result.outcome()).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(result.attempts()).extracting(Attempt::end).containsExactly(AttemptEnd.STOP_UNCONFIRMED);
        assertThat(result.end().cleanup().line()).contains("is still queued");
        world.pool("a").set(a.created.get(0), JobPhase.STOPPED, "Stopped"); // for the live-job count
    }

    @Test
    void aJobThatStartsWhileBeingStoppedIsKeptAndNothingMoves() {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);
        a.startsWhileStopped = true;

        SubmitResult result =
                world.runUntilDone(world.start(world.request(WaitMode.SCHEDULED).build()));

        assertThat(b.created).isEmpty();
        assertThat(result.job()).isEqualTo(a.created.get(0));
        assertThat(result.outcome().kind()).isEqualTo(OutcomeKind.SCHEDULED);
        assertThat(result.attempts()).extracting(Attempt::end).containsExactly(AttemptEnd.KEPT_STARTED);
    }

    @Test
    void aSenseCoreJobStillSuspendingIsNotAConfirmedStop() {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);
        a.suspends = true; // a stop leaves the job SUSPENDING (read as stopped, still holding its devices)
        Submit submit = world.start(world.request(WaitMode.SCHEDULED).build());
        world.runUntil("the move begins", () -> !a.cancelled.isEmpty());
        world.clock.advance(Duration.ofSeconds(30));
        world.settle();
        assertThat(a.phase(a.created.get(0))).isEqualTo(JobPhase.STOPPED);
        assertThat(b.created)
                .as("no create while the first job is still stopping")
                .isEmpty();

        a.set(a.created.get(0), JobPhase.STOPPED, "SUSPENDED");
        SubmitResult result = world.runUntilDone(submit);

        assertThat(result.job()).isEqualTo(b.created.get(0));
        assertThat(world.lines()).contains("stopped job a-job-1 (confirmed: STOPPED)");
    }

    @Test
    void aFailedJobIsRetriedOnTheSameTargetAfterItsBackOff() {
        SubmitWorld.Pool a = world.pool("a", true);
        a.exitCodes.add(137);
        Submit submit = world.start(world.request(WaitMode.COMPLETED)
                .retry(new RetryPolicy(2, Set.of(137), false, Duration.ofMinutes(10)))
                .build());
        world.runUntil("attempt 1 runs", () -> !a.created.isEmpty());
        a.finishRunning();
        world.runUntil("the retry waits", () -> world.lines().stream().anyMatch(l -> l.contains("retry 1 of 2")));
        assertThat(a.created).hasSize(1);

        world.clock.advance(Duration.ofMinutes(10));
        world.settle();
        assertThat(a.created).hasSize(2);
        a.finishRunning();
        SubmitResult result = world.runUntilDone(submit);

        assertThat(result.outcome().kind()).isEqualTo(OutcomeKind.COMPLETED);
        assertThat(result.attempts()).extracting(Attempt::end).containsExactly(AttemptEnd.RETRIED, AttemptEnd.FINAL);
        assertThat(result.attempts().get(0).reason()).startsWith("exit code 137; retry 1 of 2 after 10m");
    }

    @Test
    void anInterruptDuringAnHourLongBackOffEndsTheSubmitAtOnceAndStopsNothing() {
        SubmitWorld.Pool a = world.pool("a", true);
        a.exitCodes.add(137);
        Submit submit = world.start(world.request(WaitMode.COMPLETED)
                .retry(new RetryPolicy(1, Set.of(137), false, Duration.ofHours(1)))
                .build());
        world.runUntil("attempt 1 runs", () -> !a.created.isEmpty());
        a.finishRunning();
        world.runUntil("the back-off", () -> submit.state().stage() == SubmitState.Stage.BACKING_OFF);

        submit.interrupt();
        world.settle();

        assertThat(submit.result()).as("ended without time passing").isDone();
        SubmitResult result = submit.result().join();
        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.INTERRUPTED);
        assertThat(result.outcome().message()).contains("no job left running");
        assertThat(a.cancelled).isEmpty();
        assertThat(world.clock.pendingTimers()).as("the back-off timer is gone").isZero();
    }

    @Test
    void aCreateThatFailsAtAttemptTwoKeepsEveryEarlierAttemptInTheResult() {
        SubmitWorld.Pool a = world.pool("a", true);
        a.exitCodes.add(137);
        Submit submit = world.start(world.request(WaitMode.COMPLETED)
                .retry(new RetryPolicy(2, Set.of(137), false, Duration.ZERO))
                .build());
        world.runUntil("attempt 1 runs", () -> !a.created.isEmpty());
        a.createFailure = () -> new TransientException(
                new FailedCall(a.kind(), "POST /api/v1/aijobs", 503, "ServiceUnavailable", "r-9"), "try later", null);
        a.finishRunning();

        SubmitResult result = world.runUntilDone(submit);

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.FAILED);
        assertThat(result.clientToken()).isNotBlank();
        assertThat(result.attempts())
                .extracting(Attempt::end)
                .containsExactly(AttemptEnd.RETRIED, AttemptEnd.CREATE_FAILED);
        assertThat(result.attempts().get(0).jobId()).isEqualTo("a-job-1");
        assertThat(result.outcomeClass()).isEqualTo(OutcomeClass.PLATFORM_ERROR);
    }

    @Test
    void anInterruptRightAfterACreateAnswersStopsThatJob() {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);
        Submit[] submit = new Submit[1];
        b.hasRoom = true;
        world.events.clear();
        submit[0] = world.start(world.request(WaitMode.SCHEDULED).build());
        // Interrupt as soon as attempt 2's create has answered, before its watch has read anything.
        world.runUntil("attempt 2 created", () -> !b.created.isEmpty());
        submit[0].interrupt();
        SubmitResult result = world.runUntilDone(submit[0]);

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.INTERRUPTED);
        assertThat(b.phase(b.created.get(0))).isEqualTo(JobPhase.STOPPED);
        assertThat(result.outcome().message()).contains("stopped");
        assertThat(a.phase(a.created.get(0))).isEqualTo(JobPhase.STOPPED);
    }
}

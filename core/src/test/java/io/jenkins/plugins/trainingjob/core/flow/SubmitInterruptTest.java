package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An interrupt (Ctrl-C, an aborted build) at every step boundary of a move and of a retry, including while
 * a create is in flight, right after it answered, and after the result (issue 38, item 1). Whatever the
 * instant: with {@code cancelOnInterrupt} every job the submit created ends stopped or ended; without it,
 * the job left running is named; a line never says a job is stopped that was not; the result lists every
 * attempt that created a job.
 */
class SubmitInterruptTest {

    private final SubmitWorld world = new SubmitWorld();

    @AfterEach
    void close() {
        world.close();
        assertThat(world.mostLive).as("never two live jobs for one submit").isLessThanOrEqualTo(1);
    }

    /** Where the interrupt comes in a move from a full pool (a) to one with room (b). */
    enum MoveInstant {
        PLANNED(e -> e instanceof SubmitEvent.Planned),
        TOKEN_SAVED(e -> e instanceof SubmitEvent.TokenSaved t && t.attempt() == 1),
        CREATE_IN_FLIGHT(null),
        CREATE_ANSWERED(e -> e instanceof SubmitEvent.Submitted s && s.attempt() == 1),
        WAITING(e -> e instanceof SubmitEvent.Waiting w && w.job().id().startsWith("a-")),
        MOVING(e -> e instanceof SubmitEvent.Moving),
        STOP_CONFIRMED(e -> e instanceof SubmitEvent.StopConfirmed),
        NEXT_TOKEN_SAVED(e -> e instanceof SubmitEvent.TokenSaved t && t.attempt() == 2),
        NEXT_CREATE_IN_FLIGHT(null),
        NEXT_CREATE_ANSWERED(e -> e instanceof SubmitEvent.Submitted s && s.attempt() == 2),
        NEXT_WAITING(e -> e instanceof SubmitEvent.Waiting w && w.job().id().startsWith("b-"));

        final Predicate<SubmitEvent> at;

        MoveInstant(Predicate<SubmitEvent> at) {
            this.at = at;
        }
    }

    @ParameterizedTest
    @EnumSource(MoveInstant.class)
    void anInterruptDuringAMoveStopsEveryJobItCreated(MoveInstant instant) {
        SubmitWorld.Pool a = world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", true);
        b.hasRoom = false; // b's job waits too, so an interrupt after its create finds it pending
        SubmitRequest request =
                world.request(WaitMode.SCHEDULED).stopping(true, false).build();
        Submit submit = interruptedAt(instant.at, instant == MoveInstant.CREATE_IN_FLIGHT ? a : null, request);
        if (instant == MoveInstant.NEXT_CREATE_IN_FLIGHT) {
            interruptDuringCreate(b, submit);
        }

        SubmitResult result = world.runUntilDone(submit);

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.INTERRUPTED);
        assertEveryCreatedJobStopped(result);
        assertNoLineClaimsAStopThatDidNotHappen();
    }

    /** Where the interrupt comes in a retry of a job that failed with exit code 137. */
    enum RetryInstant {
        CREATE_ANSWERED(e -> e instanceof SubmitEvent.Submitted s && s.attempt() == 1),
        WAITING(e -> e instanceof SubmitEvent.Waiting),
        IN_BACKOFF(e -> e instanceof SubmitEvent.Retrying),
        NEXT_TOKEN_SAVED(e -> e instanceof SubmitEvent.TokenSaved t && t.attempt() == 2),
        NEXT_CREATE_ANSWERED(e -> e instanceof SubmitEvent.Submitted s && s.attempt() == 2);

        final Predicate<SubmitEvent> at;

        RetryInstant(Predicate<SubmitEvent> at) {
            this.at = at;
        }
    }

    @ParameterizedTest
    @EnumSource(RetryInstant.class)
    void anInterruptDuringARetryStopsEveryJobItCreated(RetryInstant instant) {
        SubmitWorld.Pool a = world.pool("a", true);
        a.exitCodes.add(137);
        SubmitRequest request = world.request(WaitMode.COMPLETED)
                .retry(new RetryPolicy(1, Set.of(137), false, Duration.ofHours(1)))
                .stopping(true, false)
                .build();
        AtomicBoolean interrupted = new AtomicBoolean();
        Submit submit = interruptedAt(instant.at, null, request, interrupted);

        // a job fails as soon as it runs, until the interrupt: then what runs stays running
        world.runUntil("the submit ends", () -> {
            if (!interrupted.get()) {
                a.finishRunning();
            }
            return submit.result().isDone();
        });
        SubmitResult result = submit.result().join();

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.INTERRUPTED);
        assertEveryCreatedJobStopped(result);
        assertNoLineClaimsAStopThatDidNotHappen();
    }

    @Test
    void anInterruptAfterTheResultChangesNothing() {
        world.pool("a", true);
        Submit submit = world.start(world.request(WaitMode.SCHEDULED).build());
        SubmitResult result = world.runUntilDone(submit);

        assertThat(submit.interrupt()).as("nothing to interrupt").isFalse();
        world.settle();

        assertThat(world.pool("a").cancelled).isEmpty();
        assertThat(submit.result().join()).isSameAs(result);
    }

    @Test
    void anInterruptWhileAFailedJobsLogIsReadSaysThereIsNothingToStop() {
        SubmitWorld.Pool a = world.pool("a", true);
        a.exitCodes.add(1);
        Submit[] submit = new Submit[1];
        AtomicBoolean once = new AtomicBoolean();
        a.duringLogRead = () -> {
            if (!once.getAndSet(true)) {
                submit[0].interrupt();
            }
        };
        submit[0] = world.start(world.request(WaitMode.COMPLETED).build());
        world.runUntil("the submit ends", () -> {
            a.finishRunning();
            return submit[0].result().isDone();
        });

        SubmitResult result = submit[0].result().join();
        assertThat(once).as("the interrupt came during the read").isTrue();
        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.WAITED);
        assertThat(world.lines())
                .contains("interrupted after job " + a.created.get(0).id() + " had ended (FAILED); nothing to stop");
        assertThat(a.cancelled).isEmpty();
    }

    @Test
    void anInterruptWhileTheCleanUpStopsTheJobSaysItWasStopped() {
        SubmitWorld.Pool a = world.pool("a", false);
        Submit[] submit = new Submit[1];
        AtomicBoolean once = new AtomicBoolean();
        a.duringStop = () -> {
            if (!once.getAndSet(true)) {
                submit[0].interrupt();
            }
        };
        submit[0] = world.start(world.request(WaitMode.SCHEDULED)
                .stopping(true, true)
                .unschedulableFails(true)
                .build());

        SubmitResult result = world.runUntilDone(submit[0]);

        JobRef job = a.created.get(0);
        assertThat(once).as("the interrupt came during the clean-up's stop").isTrue();
        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.WAITED);
        assertThat(a.cancelled).containsExactly(job);
        assertThat(world.lines())
                .contains("interrupted after the wait had ended; job " + job.id() + " was stopped, as said above");
    }

    @ParameterizedTest
    @EnumSource(
            value = MoveInstant.class,
            names = {"CREATE_ANSWERED", "WAITING", "NEXT_CREATE_ANSWERED", "NEXT_WAITING"})
    void withoutCancelOnInterruptTheJobLeftRunningIsNamed(MoveInstant instant) {
        world.pool("a", false);
        SubmitWorld.Pool b = world.pool("b", false);
        SubmitRequest request =
                world.request(WaitMode.SCHEDULED).stopping(false, false).build();
        Submit submit = interruptedAt(instant.at, null, request);

        SubmitResult result = world.runUntilDone(submit);

        assertThat(result.ending()).isEqualTo(SubmitResult.Ending.INTERRUPTED);
        JobRef left = result.job();
        assertThat(left).isNotNull();
        assertThat(world.pools.stream().flatMap(p -> p.created.stream()).filter(j -> !phaseOf(j)
                        .isTerminal()))
                .containsExactly(left);
        assertThat(String.join("\n", world.lines())).contains("job " + left.id() + " keeps running");
        assertThat(b.cancelled).doesNotContain(left);
        assertNoLineClaimsAStopThatDidNotHappen();
    }

    private Submit interruptedAt(Predicate<SubmitEvent> at, SubmitWorld.Pool createIn, SubmitRequest request) {
        return interruptedAt(at, createIn, request, new AtomicBoolean());
    }

    /** Starts the submit; it is interrupted at the first event {@code at} accepts, or during a create. */
    private Submit interruptedAt(
            Predicate<SubmitEvent> at, SubmitWorld.Pool createIn, SubmitRequest request, AtomicBoolean done) {
        AtomicReference<Submit> handle = new AtomicReference<>();
        List<SubmitEvent> early = new ArrayList<>();
        if (at != null) {
            world.onEvent = e -> {
                if (!done.get() && at.test(e)) {
                    done.set(true);
                    Submit s = handle.get();
                    if (s == null) {
                        early.add(e); // emitted while starting: interrupted right after start returns
                    } else {
                        s.interrupt();
                    }
                }
            };
        }
        if (createIn != null) {
            createIn.duringCreate = () -> {
                if (!done.getAndSet(true)) {
                    handle.get().interrupt();
                }
            };
        }
        Submit submit = world.start(request);
        handle.set(submit);
        if (!early.isEmpty()) {
            submit.interrupt();
        }
        return submit;
    }

    private void interruptDuringCreate(SubmitWorld.Pool pool, Submit submit) {
        AtomicBoolean done = new AtomicBoolean();
        pool.duringCreate = () -> {
            if (!done.getAndSet(true)) {
                submit.interrupt();
            }
        };
    }

    private JobPhase phaseOf(JobRef job) {
        return world.pools.stream()
                .filter(p -> p.created.contains(job))
                .findFirst()
                .orElseThrow()
                .phase(job);
    }

    private void assertEveryCreatedJobStopped(SubmitResult result) {
        List<JobRef> created =
                world.pools.stream().flatMap(p -> p.created.stream()).toList();
        assertThat(created).allSatisfy(j -> assertThat(phaseOf(j).isTerminal())
                .as("job %s (%s) is not left running", j.id(), phaseOf(j))
                .isTrue());
        assertThat(result.attempts().stream().map(Attempt::jobId).filter(id -> !id.isEmpty()))
                .as("every attempt that created a job is in the result")
                .containsExactlyInAnyOrderElementsOf(
                        created.stream().map(JobRef::id).toList());
    }

    private static final Pattern STOPPED = Pattern.compile("\\bstopped job (\\S+)");

    /** "stopped job X" only where X was stopped. */
    private void assertNoLineClaimsAStopThatDidNotHappen() {
        List<String> cancelled = world.pools.stream()
                .flatMap(p -> p.cancelled.stream())
                .map(JobRef::id)
                .toList();
        for (String line : world.lines()) {
            Matcher m = STOPPED.matcher(line);
            while (m.find()) {
                assertThat(cancelled).as("line: %s", line).contains(m.group(1).replaceAll("[,;:.)]+$", ""));
            }
        }
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.SettableFuture;
import hudson.AbortException;
import io.jenkins.plugins.trainingjob.core.flow.SubmitState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mockito.ArgumentCaptor;

/**
 * A controller restart at every leg of a fallback submit and of a retry submit, against the simulator
 * with core's real client and monitor (issue 32): the controller "dies" as the step saves its state at
 * that leg (the save never answers, the service closes as at shutdown), a new controller (a new service
 * on the same simulated platform) reads the state that reached the disk and resumes it. The submit ends as
 * it would have without the restart, never creating an attempt twice, never with two live jobs.
 */
class SubmitTrainingJobRestartTest {
    private static final long END = 60_000;

    @TempDir
    File buildDir;

    private StepFixture f;
    private FastSimulatedAihc first;
    private FastSimulatedAihc second;
    private final AtomicInteger mostLive = new AtomicInteger();
    private volatile boolean sampling = true;
    private Thread sampler;

    @BeforeEach
    void start() throws Exception {
        f = new StepFixture(buildDir);
        first = new FastSimulatedAihc(f);
        // what a person would see on the platform: never two live jobs of one submit at any moment
        sampler = new Thread(() -> {
            while (sampling) {
                int live = (int) first.sim.jobs().stream()
                        .filter(j -> !j.state().isTerminal())
                        .count();
                mostLive.accumulateAndGet(live, Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
    }

    @AfterEach
    void stop() throws Exception {
        sampling = false;
        sampler.join();
        if (second != null) {
            second.close();
        }
        first.close();
        assertThat(mostLive.get()).as("never two live jobs for one submit").isLessThanOrEqualTo(1);
    }

    /** Where the controller dies during a move from queue default (no room for 8 GPUs) to training. */
    enum MoveLeg {
        TOKEN_SAVED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 1, true),
        CREATED(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() == null, true),
        CREATED_NOT_ON_DISK(
                s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() == null, false),
        WAITING(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() != null, true),
        STOP_REQUESTED(s -> s.stage() == SubmitState.Stage.STOPPING, true),
        STOP_CONFIRMED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 2, false),
        NEXT_TOKEN_SAVED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 2, true),
        NEXT_WAITING(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 2 && s.watch() != null, true);

        final Predicate<SubmitState> at;
        final boolean onDisk;

        MoveLeg(Predicate<SubmitState> at, boolean onDisk) {
            this.at = at;
            this.onDisk = onDisk;
        }
    }

    @ParameterizedTest
    @EnumSource(MoveLeg.class)
    void aRestartAtEveryLegOfAMoveEndsAsTheMoveWouldHave(MoveLeg leg) throws Exception {
        SubmitTrainingJobStep step = step("default", "0");
        Fallback training = new Fallback();
        training.setQueue("training");
        step.setFallback(List.of(training));
        step.setFallbackOrder("given");
        step.setPendingTimeout("300ms");

        Map<String, Object> result = success(restartedAt(step, leg.at, leg.onDisk));

        List<JobView> jobs = first.sim.jobs();
        assertThat(jobs).as("one job per attempt, none created twice").hasSize(2);
        JobView moved = job(jobs, (String) result.get("jobId"));
        assertThat(moved.queue()).isEqualTo("training");
        assertThat(jobs)
                .filteredOn(j -> !j.id().equals(moved.id()))
                .singleElement()
                .satisfies(j -> assertThat(j.state()).isEqualTo(JobState.STOPPED));
        assertThat(attempts(result))
                .extracting(a -> a.get("number") + ":" + a.get("end"))
                .containsExactly("1:moved", "2:final");
    }

    /** Where the controller dies while a job that failed with exit code 3 is retried. */
    enum RetryLeg {
        RUNNING(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 1 && s.watch() != null, true),
        IN_BACKOFF(s -> s.stage() == SubmitState.Stage.BACKING_OFF, true),
        BACKOFF_NOT_ON_DISK(s -> s.stage() == SubmitState.Stage.BACKING_OFF, false),
        RETRY_TOKEN_SAVED(s -> s.stage() == SubmitState.Stage.TOKEN_SAVED && s.attempt() == 2, true),
        RETRY_WAITING(s -> s.stage() == SubmitState.Stage.WATCHING && s.attempt() == 2 && s.watch() != null, true);

        final Predicate<SubmitState> at;
        final boolean onDisk;

        RetryLeg(Predicate<SubmitState> at, boolean onDisk) {
            this.at = at;
            this.onDisk = onDisk;
        }
    }

    @ParameterizedTest
    @EnumSource(RetryLeg.class)
    void aRestartAtEveryLegOfARetryEndsAsTheRetryWouldHave(RetryLeg leg) throws Exception {
        SubmitTrainingJobStep step = step("training", "3");
        step.setWait("completed");
        step.setRetry(retry("1s"));

        StepContext resumed = restartedAt(step, leg.at, leg.onDisk);

        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        verify(resumed, timeout(END)).onFailure(failure.capture());
        assertThat(failure.getValue()).isInstanceOf(AbortException.class);
        assertThat(failure.getValue().getMessage().replace("\n    ", " ")).contains("exit code 3");
        List<JobView> jobs = first.sim.jobs();
        assertThat(jobs).as("one job per attempt, none created twice").hasSize(2);
        assertThat(jobs).allSatisfy(j -> assertThat(j.state()).isEqualTo(JobState.FAILED));
    }

    @Test
    void anAbortDuringAnHourLongBackOffEndsTheStepAndStopsNothing() throws Exception {
        SubmitTrainingJobStep step = step("training", "3");
        step.setWait("completed");
        step.setRetry(retry("1h"));
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(first.service);
        e.start();
        long giveUp = System.currentTimeMillis() + END;
        while (stage(e) != SubmitState.Stage.BACKING_OFF && System.currentTimeMillis() < giveUp) {
            Thread.sleep(20);
        }
        assertThat(stage(e)).as("the retry's back-off began").isEqualTo(SubmitState.Stage.BACKING_OFF);
        AbortException abort = new AbortException("aborted by the user");

        e.stop(abort);

        // ends within the test's minute: the hour-long back-off timer was cancelled, not waited out
        verify(f.context, timeout(END)).onFailure(abort);
        assertThat(first.sim.jobs()).singleElement().satisfies(j -> assertThat(j.state())
                .as("the failed job is not stopped")
                .isEqualTo(JobState.FAILED));
        assertThat(f.log()).contains("interrupted before retry 1; no job left running");
    }

    /** Issue 38 in Jenkins: an abort the moment a move's second job exists stops that job too. */
    @Test
    void anAbortRightAfterAMovesSecondCreateStopsThatJob() throws Exception {
        SubmitTrainingJobStep step = step("default", "0");
        Fallback training = new Fallback();
        training.setQueue("training");
        step.setFallback(List.of(training));
        step.setFallbackOrder("given");
        step.setPendingTimeout("300ms");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(first.service);
        e.start();
        long giveUp = System.currentTimeMillis() + END;
        while (first.sim.jobs().size() < 2 && System.currentTimeMillis() < giveUp) {
            Thread.sleep(1);
        }
        assertThat(first.sim.jobs()).as("attempt 2's job was created").hasSize(2);
        AbortException abort = new AbortException("aborted by the user");

        e.stop(abort);

        verify(f.context, timeout(END)).onFailure(abort);
        assertThat(first.sim.jobs())
                .allSatisfy(j -> assertThat(j.state()).as(j.name()).isEqualTo(JobState.STOPPED));
    }

    // ---- the controller's death and restart

    /**
     * Runs {@code step} until it saves a state {@code at} accepts; the controller dies there. The new
     * controller resumes the state that reached the disk: that one ({@code onDisk}), or the one saved before.
     */
    private StepContext restartedAt(SubmitTrainingJobStep step, Predicate<SubmitState> at, boolean onDisk)
            throws Exception {
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(first.service);
        AtomicReference<byte[]> lastSaved = new AtomicReference<>();
        AtomicReference<byte[]> onDiskAtDeath = new AtomicReference<>();
        when(f.context.saveState()).thenAnswer(i -> {
            if (onDiskAtDeath.get() != null) {
                return SettableFuture.create(); // a dying controller saves nothing more
            }
            byte[] now = StepFixture.serialize(e);
            SubmitState s = e.submitState();
            if (s != null && at.test(s)) {
                onDiskAtDeath.set(onDisk ? now : lastSaved.get());
                new Thread(first.service::close, "controller-shutdown").start();
                return SettableFuture.create();
            }
            lastSaved.set(now);
            return Futures.immediateFuture(null);
        });
        e.start();
        long giveUp = System.currentTimeMillis() + END;
        while (onDiskAtDeath.get() == null && System.currentTimeMillis() < giveUp) {
            Thread.sleep(10);
        }
        assertThat(onDiskAtDeath.get()).as("the controller died at the leg").isNotNull();
        while (!first.service.isClosing() && System.currentTimeMillis() < giveUp) {
            Thread.sleep(10);
        }
        verify(f.context, org.mockito.Mockito.after(200).never()).onSuccess(org.mockito.ArgumentMatchers.any());
        verify(f.context, org.mockito.Mockito.never()).onFailure(org.mockito.ArgumentMatchers.any());

        second = first.restarted(f);
        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restore(onDiskAtDeath.get(), afterRestart);
        resumed.useService(second.service);
        resumed.onResume();
        return afterRestart;
    }

    private SubmitTrainingJobStep step(String queue, String exitCode) {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(FastSimulatedAihc.spec());
        step.setVariables(List.of(
                "RUN=r" + System.nanoTime() % 100000,
                "QUEUE=" + queue,
                "GPU_KIND=nvidia.com/gpu",
                "EXIT_CODE=" + exitCode));
        return step;
    }

    private static Retry retry(String backoff) {
        Retry r = new Retry();
        r.setLimit(1);
        r.setOnExitCodes("3");
        r.setBackoff(backoff);
        return r;
    }

    private static SubmitState.Stage stage(SubmitTrainingJobExecution e) {
        SubmitState s = e.submitState();
        return s == null ? null : s.stage();
    }

    private static JobView job(List<JobView> jobs, String id) {
        return jobs.stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> success(StepContext context) {
        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(context, timeout(END)).onSuccess(result.capture());
        return (Map<String, Object>) result.getValue();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> attempts(Map<String, Object> result) {
        return (List<Map<String, Object>>) result.get("attempts");
    }
}

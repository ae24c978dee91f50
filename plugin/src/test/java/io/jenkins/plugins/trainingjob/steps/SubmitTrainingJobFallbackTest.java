package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.report.AttemptsAction;
import io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * {@code submitTrainingJob} with fallback targets, end to end without Jenkins: core's AIHC client, job
 * monitor and attempt loop against the simulator's documented pool in fast mode ({@link FastSimulatedAihc}),
 * with a mocked step context. Never two jobs for one submit: each test counts the simulator's jobs.
 */
class SubmitTrainingJobFallbackTest {
    private static final long END = 60_000;

    @TempDir
    File buildDir;

    StepFixture f;
    FastSimulatedAihc simulated;

    @BeforeEach
    void start() throws Exception {
        f = new StepFixture(buildDir);
        simulated = new FastSimulatedAihc(f);
    }

    @AfterEach
    void stop() throws Exception {
        simulated.close();
    }

    private static Fallback fallback(Consumer<Fallback> set) {
        Fallback fb = new Fallback();
        set.accept(fb);
        return fb;
    }

    /** The step on connection {@code sim} with the fallback-ready spec, configured further by {@code more}. */
    private SubmitTrainingJobStep step(String queue, String gpuKind, Consumer<SubmitTrainingJobStep> more) {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(FastSimulatedAihc.spec());
        step.setVariables(List.of("RUN=f1", "QUEUE=" + queue, "GPU_KIND=" + gpuKind, "EXIT_CODE=0"));
        more.accept(step);
        return step;
    }

    private SubmitTrainingJobExecution start(SubmitTrainingJobStep step) throws Exception {
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(simulated.service);
        e.start();
        return e;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> success(StepContext context) {
        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(context, timeout(END)).onSuccess(result.capture());
        return (Map<String, Object>) result.getValue();
    }

    private static Throwable failure(StepContext context) {
        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        verify(context, timeout(END)).onFailure(failure.capture());
        return failure.getValue();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> attempts(Map<String, Object> result) {
        return (List<Map<String, Object>>) result.get("attempts");
    }

    @Test
    void aPrimaryThatNeverFitsIsSkippedAndTheFallbackRuns() throws Exception {
        start(step(
                "training",
                "baidu.com/h800_80g_cgpu",
                s -> s.setFallback(List.of(fallback(fb -> fb.setVariables(List.of("GPU_KIND=nvidia.com/gpu")))))));

        Map<String, Object> result = success(f.context);

        assertThat(f.log())
                .contains("target 1 (primary): NEVER_FITS")
                .contains("; skipped")
                .contains("chose target 2 (set.GPU_KIND=nvidia.com/gpu)");
        assertThat(result)
                .containsEntry("target", "set.GPU_KIND=nvidia.com/gpu")
                .containsEntry("status", "RUNNING");
        assertThat(attempts(result)).hasSize(1);
        assertThat(attempts(result).get(0))
                .containsEntry("number", 1)
                .containsEntry("target", "set.GPU_KIND=nvidia.com/gpu")
                .containsEntry("verdict", "FITS_NOW")
                .containsEntry("outcome", "scheduled")
                .containsEntry("jobId", result.get("jobId"));
        assertThat(simulated.sim.jobs())
                .as("one job: the primary was never created")
                .hasSize(1);
        assertThat(f.run.getActions(AttemptsAction.class))
                .as("a submit of one attempt has no attempts summary on the build page")
                .isEmpty();
    }

    @Test
    void afterThePendingTimeoutTheFirstJobIsStoppedAndTheNextTargetRuns() throws Exception {
        start(step("default", "nvidia.com/gpu", s -> {
            s.setFallback(List.of(fallback(fb -> fb.setQueue("training"))));
            s.setFallbackOrder("given");
            s.setPendingTimeout("1s");
        }));

        Map<String, Object> result = success(f.context);

        List<Map<String, Object>> attempts = attempts(result);
        assertThat(attempts).hasSize(2);
        assertThat(f.run.getActions(AttemptsAction.class)).singleElement().satisfies(a -> assertThat(a.getAttempts())
                .extracting(ScheduleDiagnosisAction.AttemptRow::getTarget)
                .containsExactly("primary", "queue=training"));
        assertThat(attempts.get(0)).containsEntry("target", "primary").containsEntry("outcome", "unschedulable");
        assertThat((String) attempts.get(0).get("reason")).contains("stopped, moved to target 2");
        assertThat(attempts.get(1)).containsEntry("target", "queue=training").containsEntry("outcome", "scheduled");
        assertThat((String) attempts.get(1).get("clientToken")).endsWith("-a2");
        assertThat(result)
                .containsEntry("target", "queue=training")
                .containsEntry("jobId", attempts.get(1).get("jobId"));
        List<JobView> jobs = simulated.sim.jobs();
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).id()).isEqualTo(attempts.get(0).get("jobId"));
        assertThat(jobs.get(0).state())
                .as("the first job was stopped before the move")
                .isEqualTo(JobState.STOPPED);
        assertThat(jobs.get(1).queue()).isEqualTo("training");
        // the first attempt's diagnosis is kept with the build, with a section per attempt
        File html = new File(buildDir, "training-job/" + attempts.get(0).get("jobId") + "/schedule-diagnosis.html");
        assertThat(Files.readString(html.toPath(), StandardCharsets.UTF_8))
                .contains("<h3>Attempt 1: primary</h3>")
                .contains("<h3>Attempt 2: queue=training</h3>");
    }

    @Test
    void aBadFallbackEntryIsRefusedNamingTheTargetAndTheKeyBeforeAnythingIsCreated() {
        SubmitTrainingJobStep step = step(
                "training",
                "nvidia.com/gpu",
                s -> s.setFallback(
                        List.of(fallback(fb -> fb.setQueue("spot")), fallback(fb -> fb.setQueue("q 3; rm -rf")))));

        assertThatThrownBy(() -> start(step))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("fallback[1].queue: must be a name of 1-128 letters");
        assertThat(simulated.sim.jobs()).isEmpty();
    }

    /** Review R5 / security review N4: the configured connection lists the queues 'training' and 'spot'. */
    @Test
    void aQueueTheConfiguredConnectionDoesNotListIsRefusedNamingTheTargetBeforeAnythingIsCreated() throws Exception {
        start(step("training", "nvidia.com/gpu", s -> s.setFallback(List.of(fallback(fb -> fb.setQueue("gpu-b"))))));

        assertThat(failure(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("fallback[0]: queue: connection sim does not let fallback targets move its jobs"
                        + " to queue 'gpu-b': an administrator lists the queues allowed in the connection's"
                        + " fallbackQueues");
        assertThat(simulated.sim.jobs()).isEmpty();
    }

    /** ... and no other resource pool: its key must not submit into another team's pool (N4's exploit). */
    @Test
    void aPoolTheConfiguredConnectionDoesNotListIsRefusedNamingTheTargetBeforeAnythingIsCreated() throws Exception {
        start(step(
                "training",
                "nvidia.com/gpu",
                s -> s.setFallback(List.of(fallback(fb -> fb.setResourcePool("cce-team-b-prod"))))));

        assertThat(failure(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("fallback[0]: resourcePool: connection sim does not let fallback targets move"
                        + " its jobs to resource pool 'cce-team-b-prod'");
        assertThat(simulated.sim.jobs()).isEmpty();
    }

    @Test
    void aMalformedVariableAndARetryWithoutWaitingForTheEndAreRefusedByName() {
        SubmitTrainingJobStep badVariable = step(
                "training",
                "nvidia.com/gpu",
                s -> s.setFallback(List.of(fallback(fb -> fb.setVariables(List.of("GPU_KIND")))))); // no '='
        assertThatThrownBy(() -> start(badVariable)).hasMessageStartingWith("fallback[0].variables: 'GPU_KIND'");

        Retry retry = new Retry();
        retry.setLimit(2);
        retry.setOnExitCodes("137");
        SubmitTrainingJobStep retryScheduled = step("training", "nvidia.com/gpu", s -> s.setRetry(retry));
        assertThatThrownBy(() -> start(retryScheduled)).hasMessageStartingWith("retry.limit: needs wait: 'completed'");

        SubmitTrainingJobStep badOrder = step("training", "nvidia.com/gpu", s -> {
            s.setFallback(List.of(fallback(fb -> fb.setQueue("spot"))));
            s.setFallbackOrder("fastest");
        });
        assertThatThrownBy(() -> start(badOrder)).hasMessageStartingWith("fallbackOrder: must be best or given");
        assertThat(simulated.sim.jobs()).isEmpty();
    }

    @Test
    void aFallbackOnAnUnknownConnectionFailsTheRunNamingItBeforeAnythingIsCreated() throws Exception {
        start(step(
                "training", "nvidia.com/gpu", s -> s.setFallback(List.of(fallback(fb -> fb.setConnection("nope"))))));

        Throwable failure = failure(f.context);

        assertThat(failure).isInstanceOf(AbortException.class).hasMessageStartingWith("fallback[0].connection: ");
        assertThat(simulated.sim.jobs()).isEmpty();
    }

    @Test
    void aListedExitCodeIsRetriedOnTheSameTargetAndTheLastAttemptEndsTheStep() throws Exception {
        Retry retry = new Retry();
        retry.setLimit(1);
        retry.setOnExitCodes("3");
        SubmitTrainingJobStep step = step("training", "nvidia.com/gpu", s -> {
            s.setWait("completed");
            s.setRetry(retry);
        });
        step.setVariables(List.of("RUN=r1", "QUEUE=training", "GPU_KIND=nvidia.com/gpu", "EXIT_CODE=3"));
        start(step);

        Throwable failure = failure(f.context);

        assertThat(failure).isInstanceOf(AbortException.class);
        // the last attempt's failure, in core's words (folded at 100 columns)
        assertThat(failure.getMessage().replace("\n    ", " "))
                .contains("fallback-r1-a2")
                .contains("exit code 3");
        assertThat(f.log()).contains("failed, exit code 3; retry 1 of 1").contains("exit code 3; no retries left");
        List<JobView> jobs = simulated.sim.jobs();
        assertThat(jobs).as("the first run and its one retry").hasSize(2);
        assertThat(jobs).extracting(JobView::state).containsOnly(JobState.FAILED);
        // review R11: a retry-only submit has no diagnosis page, and its attempts are on the build page
        assertThat(f.run.getActions(ScheduleDiagnosisAction.class)).isEmpty();
        assertThat(f.run.getActions(AttemptsAction.class)).singleElement().satisfies(a -> {
            assertThat(a.getTarget()).isEqualTo("primary");
            assertThat(a.getAttempts())
                    .extracting(ScheduleDiagnosisAction.AttemptRow::getOutcome)
                    .containsExactly("job_failed", "job_failed");
            assertThat(a.getAttempts().get(0).getReason()).contains("exit code 3");
        });
    }

    @Test
    void abortingWhileAnAttemptWaitsStopsItsJobAndEndsTheStepWithTheAbort() throws Exception {
        SubmitTrainingJobExecution e = start(step("default", "nvidia.com/gpu", s -> {
            s.setFallback(List.of(fallback(fb -> fb.setQueue("training"))));
            s.setFallbackOrder("given");
            s.setPendingTimeout("1h");
        }));
        long deadline = System.currentTimeMillis() + END;
        while (e.job() == null && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(e.job()).as("attempt 1 created its job").isNotNull();
        InterruptedException abort = new InterruptedException("aborted");

        e.stop(abort);

        assertThat(failure(f.context)).isSameAs(abort);
        List<JobView> jobs = simulated.sim.jobs();
        assertThat(jobs).as("nothing moved: one job").hasSize(1);
        assertThat(jobs.get(0).state()).isIn(JobState.STOPPING, JobState.STOPPED);
    }

    /**
     * The controller dies right after attempt 2's create reached the platform, before the step saved the
     * job: the saved state has attempt 2's number and no job for it. The resumed step finds that job by
     * attempt 2's token and follows it; no third job is created.
     */
    @Test
    void aStepResumedMidFallbackFindsTheAttemptInFlightInsteadOfCreatingAnother() throws Exception {
        SubmitTrainingJobStep step = step("default", "nvidia.com/gpu", s -> {
            s.setFallback(List.of(fallback(fb -> fb.setQueue("training"))));
            s.setFallbackOrder("given");
            s.setPendingTimeout("1s");
        });
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(simulated.service);
        AtomicReference<byte[]> beforeSecondCreate = new AtomicReference<>();
        when(f.context.saveState()).thenAnswer(i -> {
            if (e.attempt() == 2 && beforeSecondCreate.get() == null) {
                beforeSecondCreate.set(StepFixture.serialize(e));
            }
            return com.google.common.util.concurrent.Futures.immediateFuture(null);
        });
        e.start();
        Map<String, Object> first = success(f.context); // the first controller's run went on to its end
        assertThat(beforeSecondCreate.get())
                .as("attempt 2's number was saved before its create")
                .isNotNull();
        String secondJob = (String) attempts(first).get(1).get("jobId");

        StepContext restarted = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restore(beforeSecondCreate.get(), restarted);
        resumed.useService(simulated.service); // the restarted controller's service, on the same simulator
        resumed.onResume();

        Map<String, Object> result = success(restarted);
        assertThat(result).containsEntry("jobId", secondJob);
        List<String> reasons = new ArrayList<>();
        attempts(result).forEach(a -> reasons.add(a.get("number") + ":" + a.get("outcome") + ":" + a.get("end")));
        // attempt 1's record was saved with the state: the resumed step reports it as it ended
        assertThat(reasons).hasSize(2).first().isEqualTo("1:unschedulable:moved");
        // the job runs for a second: by the time the resumed step looks, it may have ended already
        assertThat(reasons.get(1)).matches("2:(scheduled|completed):final");
        assertThat(f.log()).contains("resuming attempt 2 (queue=training): job " + secondJob);
        assertThat(simulated.sim.jobs())
                .as("never a third job: the resumed step found attempt 2's")
                .hasSize(2);
    }
}

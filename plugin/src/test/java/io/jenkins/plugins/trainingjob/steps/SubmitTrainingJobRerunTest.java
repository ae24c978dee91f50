package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.google.common.util.concurrent.Futures;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import java.io.File;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * Re-runs of {@code submitTrainingJob} (issue 23 item 3, review R5/R6): "Restart from stage" and Replay
 * start a new execution of the step; with the same {@code clientToken} it finds the job the first run
 * created instead of submitting again, and {@code reuse} returns an earlier job of the same spec.
 */
class SubmitTrainingJobRerunTest {

    @TempDir
    File buildDir;

    private StepFixture f;

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
    }

    private static SubmitTrainingJobStep step() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}");
        step.setVariables(StepFixture.variables("7"));
        step.setWait("none");
        return step;
    }

    /** A new execution of {@code step}, as a re-run of the stage starts one, in a context of its own. */
    private StepContext run(SubmitTrainingJobStep step) throws Exception {
        StepContext context = mock(StepContext.class);
        f.useContext(context);
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(context);
        e.useService(f.service);
        e.start();
        return context;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> result(StepContext context) {
        ArgumentCaptor<Object> captor = ArgumentCaptor.forClass(Object.class);
        verify(context).onSuccess(captor.capture());
        return (Map<String, Object>) captor.getValue();
    }

    private void finished(JobRef job, JobPhase phase) {
        f.platform.addStatus(new JobStatus(
                job,
                phase,
                phase.name(),
                Instant.now().minusSeconds(4 * 3600),
                null,
                Instant.now().minusSeconds(3 * 3600),
                null,
                "",
                List.of(),
                null));
    }

    @Test
    void aRerunWithTheSameClientTokenReturnsTheFirstJobInsteadOfSubmittingAgain() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setClientToken("nightly-42-train");

        Map<String, Object> first = result(run(step));
        Map<String, Object> rerun = result(run(step));

        assertThat(f.platform.submittedTokens).containsExactly("nightly-42-train");
        assertThat(rerun).containsEntry("jobId", first.get("jobId")).doesNotContainKey("reused");
        assertThat(f.log()).contains("already submitted as job job-1").contains("not submitting it again");
    }

    @Test
    void withoutAClientTokenEveryRunSubmits() throws Exception {
        run(step());
        run(step());

        assertThat(f.platform.submittedTokens).hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void aBadClientTokenFailsTheStepInOneLineNamingTheFieldBeforeAnythingIsSubmitted() {
        SubmitTrainingJobStep step = step();
        step.setClientToken("has space");

        assertThatThrownBy(() -> step.start(mock(StepContext.class)))
                .isInstanceOf(hudson.AbortException.class)
                .hasMessageContaining("clientToken")
                .hasMessageContaining("1-63 letters");
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    @Test
    void reuseSucceededReturnsTheSucceededJobOfTheSameSpecAndSaysSoInTheResult() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setReuse("succeeded");
        Map<String, Object> first = result(run(step));
        finished(f.platform.byToken.get(f.platform.submittedTokens.get(0)), JobPhase.SUCCEEDED);

        Map<String, Object> again = result(run(step));

        assertThat(f.platform.submittedTokens).hasSize(1);
        assertThat(f.platform.submittedTokens.get(0)).matches("tj-[0-9a-f]{20}");
        assertThat(again).containsEntry("jobId", first.get("jobId")).containsKey("reused");
        assertThat(again.get("reused")).asString().contains("status=SUCCEEDED");
        assertThat(f.log()).contains("reused job job-1 (resnet-7), SUCCEEDED 3h");
    }

    /**
     * Commit 22712e4: under a reuse policy no random token is on disk before the look-up, so a restart
     * between the step's start and the look-up looks up again (and reuses) instead of creating a new job
     * under a token nobody chose.
     */
    @Test
    void withReuseARestartBeforeTheLookUpFindsNoRandomTokenOnDiskAndLooksUpAgain() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setReuse("succeeded");
        Map<String, Object> first = result(run(step));
        finished(f.platform.byToken.get(f.platform.submittedTokens.get(0)), JobPhase.SUCCEEDED);

        StepContext context = mock(StepContext.class);
        f.useContext(context);
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(context);
        e.useService(f.service);
        AtomicReference<byte[]> savedBeforeLookUp = new AtomicReference<>();
        List<Integer> submittedAtFirstSave = new ArrayList<>();
        when(context.saveState()).thenAnswer(i -> {
            if (savedBeforeLookUp.get() == null) {
                // the step's first save: the spec is on disk, the look-up not made yet
                savedBeforeLookUp.set(StepFixture.serialize(e));
                submittedAtFirstSave.add(f.platform.submittedTokens.size());
            }
            return Futures.immediateFuture(null);
        });
        e.start();
        assertThat(submittedAtFirstSave).containsExactly(1);

        StepContext afterRestart = mock(StepContext.class);
        SubmitTrainingJobExecution resumed = f.restartFrom(savedBeforeLookUp.get(), afterRestart);
        assertThat(resumed.clientToken())
                .as("the token on disk before the look-up")
                .isNull();
        resumed.onResume();

        assertThat(f.platform.submittedTokens)
                .as("nothing created after the restart")
                .hasSize(1);
        assertThat(result(afterRestart))
                .containsEntry("jobId", first.get("jobId"))
                .containsKey("reused");
    }

    @Test
    void reuseSucceededSubmitsAgainWhenTheEarlierJobFailedOrTheVariablesChanged() throws Exception {
        SubmitTrainingJobStep step = step();
        step.setReuse("succeeded");
        run(step);
        finished(f.platform.byToken.get(f.platform.submittedTokens.get(0)), JobPhase.FAILED);

        Map<String, Object> again = result(run(step));
        SubmitTrainingJobStep changed = step();
        changed.setReuse("succeeded");
        changed.setVariables(StepFixture.variables("8"));
        run(changed);

        assertThat(again).doesNotContainKey("reused");
        assertThat(f.platform.submittedTokens).hasSize(3);
        assertThat(f.platform.submittedTokens.get(1)).isEqualTo(f.platform.submittedTokens.get(0) + "-a2");
        assertThat(f.platform.submittedTokens.get(2)).doesNotStartWith(f.platform.submittedTokens.get(0));
    }

    @Test
    void reuseWithAClientTokenIsRefusedNamingTheField() {
        SubmitTrainingJobStep step = step();
        step.setReuse("succeeded");
        step.setClientToken("nightly-1");

        assertThatThrownBy(() -> step.start(mock(StepContext.class)))
                .isInstanceOf(hudson.AbortException.class)
                .hasMessageContaining("clientToken")
                .hasMessageContaining("not with reuse");
    }

    /**
     * The same re-runs against the simulator's documented scenario, where both platforms refuse a second job
     * of a name ({@link FastSimulatedAihc}: core's real clients and monitor): what a Jenkins re-run does is
     * what the CLI does (cli's SubmitRerunTest), through the one submit flow (review newcomer-release-3 P1,
     * P2, P8, P16; issue 38 item 2).
     */
    @Nested
    class AgainstTheSimulator {
        private static final long END = 60_000;

        FastSimulatedAihc simulated;

        @BeforeEach
        void startSimulator() {
            simulated = new FastSimulatedAihc(f);
        }

        @AfterEach
        void stopSimulator() throws Exception {
            simulated.close();
        }

        /** The step on {@code connection} running the platform's spec named for {@code run}, exiting {@code exit}. */
        SubmitTrainingJobStep step(String connection, String run, int exit) {
            SubmitTrainingJobStep step = new SubmitTrainingJobStep();
            step.setConnection(connection);
            boolean senseCore = connection.equals("sim-sc");
            step.setSpecText(senseCore ? FastSimulatedAihc.senseCoreSpec() : FastSimulatedAihc.spec());
            step.setVariables(List.of("RUN=" + run, "QUEUE=training", "GPU_KIND=nvidia.com/gpu", "EXIT_CODE=" + exit));
            step.setWait("completed");
            step.setFailOnJobFailure(false);
            return step;
        }

        /** A new execution of {@code step}, as a re-run of the stage starts one, run until it returns. */
        @SuppressWarnings("unchecked")
        Map<String, Object> rerun(SubmitTrainingJobStep step) throws Exception {
            StepContext context = mock(StepContext.class);
            f.useContext(context);
            SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(context);
            e.useService(simulated.service);
            e.start();
            ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
            verify(context, org.mockito.Mockito.timeout(END)).onSuccess(result.capture());
            return (Map<String, Object>) result.getValue();
        }

        List<String> names(String prefix) {
            return simulated.sim.jobs().stream()
                    .sorted(java.util.Comparator.comparing(
                            io.jenkins.plugins.trainingjob.simulator.cluster.JobView::createdAt))
                    .map(io.jenkins.plugins.trainingjob.simulator.cluster.JobView::name)
                    .filter(n -> n.equals(prefix) || n.startsWith(prefix + "-"))
                    .toList();
        }

        void reuseAfterAFailedRun(String connection, String name) throws Exception {
            SubmitTrainingJobStep step = step(connection, "r1", 3);
            step.setReuse("succeeded");
            Map<String, Object> first = rerun(step);
            assertThat(first).containsEntry("status", "FAILED");

            Map<String, Object> again = rerun(step);

            assertThat(again)
                    .as("the re-run created and followed a job of its own: %s", f.log())
                    .containsEntry("status", "FAILED")
                    .doesNotContainKey("reused");
            assertThat(again.get("jobId")).isNotEqualTo(first.get("jobId"));
            assertThat(names(name)).containsExactly(name, name + "-a2");
            assertThat(f.log())
                    .contains("reuse succeeded: job " + first.get("jobId"))
                    .contains("FAILED) not reused (only a SUCCEEDED job is); submitting attempt 2")
                    .doesNotContain("already exists")
                    .doesNotContain("newest 150");
        }

        @Test
        void reuseSucceededAfterAFailedRunCreatesTheNextAttemptUnderANameAihcTakes() throws Exception {
            reuseAfterAFailedRun("sim", "fallback-r1");
        }

        @Test
        void reuseSucceededAfterAFailedRunCreatesTheNextAttemptUnderANameSenseCoreTakes() throws Exception {
            reuseAfterAFailedRun("sim-sc", "sc-r1");
        }

        void aNewClientTokenGetsAName(String connection, String name) throws Exception {
            SubmitTrainingJobStep first = step(connection, "r2", 3);
            first.setClientToken("nightly-41-train");
            Map<String, Object> failed = rerun(first);
            SubmitTrainingJobStep second = step(connection, "r2", 3);
            second.setClientToken("nightly-42-train");

            Map<String, Object> rerun = rerun(second);

            List<String> jobs = names(name);
            assertThat(jobs).hasSize(2);
            assertThat(jobs.get(1)).matches(java.util.regex.Pattern.quote(name) + "-[0-9a-f]{8}");
            assertThat(rerun.get("jobId")).isNotEqualTo(failed.get("jobId"));
            assertThat(f.log())
                    .contains("(the name " + name + " is another submission's job; this one is named for its client"
                            + " token nightly-42-train)");
        }

        @Test
        void aRerunUnderANewClientTokenGetsANameAihcTakes() throws Exception {
            aNewClientTokenGetsAName("sim", "fallback-r2");
        }

        @Test
        void aRerunUnderANewClientTokenGetsANameSenseCoreTakesNotTheFirstTokensJob() throws Exception {
            aNewClientTokenGetsAName("sim-sc", "sc-r2");
        }

        @Test
        void reuseSucceededReturnsTheSucceededJobAClientTokenCreated() throws Exception {
            SubmitTrainingJobStep first = step("sim", "r3", 0);
            first.setClientToken("nightly-43-train");
            Map<String, Object> succeeded = rerun(first);
            assertThat(succeeded).containsEntry("status", "SUCCEEDED");
            SubmitTrainingJobStep reuse = step("sim", "r3", 0);
            reuse.setReuse("succeeded");

            Map<String, Object> again = rerun(reuse);

            assertThat(again).containsEntry("jobId", succeeded.get("jobId")).containsKey("reused");
            assertThat(again.get("reused")).asString().contains("clientToken=nightly-43-train");
            assertThat(names("fallback-r3")).containsExactly("fallback-r3");
            assertThat(f.log())
                    .contains("reused job " + succeeded.get("jobId") + " (fallback-r3), SUCCEEDED")
                    .contains("(client token nightly-43-train); not submitting it again");
        }
    }
}

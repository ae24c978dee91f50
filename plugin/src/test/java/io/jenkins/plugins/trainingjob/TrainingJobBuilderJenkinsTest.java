package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.FreeStyleBuild;
import hudson.model.FreeStyleProject;
import hudson.model.Result;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.steps.TrainingJobBuilder;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/** The freestyle build step: configuration round trip and builds against the simulator. */
@WithJenkins
class TrainingJobBuilderJenkinsTest {
    private Simulator sim;
    private JenkinsRule j;

    @BeforeEach
    void setUp(JenkinsRule rule) throws Exception {
        j = rule;
        sim = SimulatorJenkinsTestSupport.startConfigured();
    }

    @AfterEach
    void tearDown() {
        sim.close();
    }

    private static TrainingJobBuilder builder(String queue) {
        TrainingJobBuilder b = new TrainingJobBuilder();
        b.setConnection("sim");
        b.setSpecText(SimulatorJenkinsTestSupport.aihcSpec(queue).replace("${RUN}", "${BUILD_NUMBER}"));
        b.setPendingTimeout("1s");
        return b;
    }

    @Test
    void theBuilderConfigurationRoundTrips() throws Exception {
        FreeStyleProject p = j.createFreeStyleProject();
        TrainingJobBuilder before = builder("training");
        before.setWait("completed");
        before.setCancelOnAbort(false);
        p.getBuildersList().add(before);

        p = j.configRoundtrip(p);

        j.assertEqualDataBoundBeans(before, p.getBuildersList().get(0));
    }

    /**
     * Review R13 (and R8): every field added since, through the freestyle form and back, a fallback target's
     * variables included (the form had no control for them, so a save dropped them).
     */
    @Test
    void everyFieldRoundTripsThroughTheFreestyleForm() throws Exception {
        FreeStyleProject p = j.createFreeStyleProject();
        TrainingJobBuilder before = builder("training");
        before.setWait("completed");
        before.setMaxWait("2h");
        before.setPreflight("warn");
        before.setFailOnJobFailure(false);
        before.setCancelOnFailure(false);
        before.setClientToken("release-${BUILD_NUMBER}");
        before.setReuse("succeeded");
        before.setFallbackOrder("given");
        before.setFallback(List.of(
                SubmitTrainingJobStepJenkinsTest.fallback(null, "spot", null, List.of()),
                SubmitTrainingJobStepJenkinsTest.fallback(
                        "sim", "q3", "cce-sim00002", List.of("GPU_KIND=baidu.com/h800_80g_cgpu", "GPUS=8"))));
        before.setRetry(SubmitTrainingJobStepJenkinsTest.retry());
        p.getBuildersList().add(before);

        p = j.configRoundtrip(p);

        TrainingJobBuilder after = (TrainingJobBuilder) p.getBuildersList().get(0);
        j.assertEqualDataBoundBeans(before, after);
        assertThat(after.getFallback().get(1).getVariables())
                .containsExactly("GPU_KIND=baidu.com/h800_80g_cgpu", "GPUS=8");
    }

    @Test
    void aFreestyleBuildSubmitsAndWaitsUntilScheduled() throws Exception {
        FreeStyleProject p = j.createFreeStyleProject();
        p.getBuildersList().add(builder("training"));

        FreeStyleBuild b = j.buildAndAssertSuccess(p);

        j.assertLogContains("Submitted Baidu AIHC job ci-1", b);
    }

    @Test
    void anUnschedulableJobFailsTheFreestyleBuildWithTheHeadline() throws Exception {
        FreeStyleProject p = j.createFreeStyleProject();
        p.getBuildersList().add(builder("default"));

        FreeStyleBuild b = j.assertBuildStatus(Result.FAILURE, p.scheduleBuild2(0));

        j.assertLogContains("Schedule diagnosis report: ", b);
    }
}

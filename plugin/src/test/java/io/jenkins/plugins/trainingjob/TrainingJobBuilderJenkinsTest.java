package io.jenkins.plugins.trainingjob;

import hudson.model.FreeStyleBuild;
import hudson.model.FreeStyleProject;
import hudson.model.Result;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.steps.TrainingJobBuilder;
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

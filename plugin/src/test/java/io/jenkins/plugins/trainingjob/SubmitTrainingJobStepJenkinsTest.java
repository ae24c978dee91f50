package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.Result;
import io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.steps.SubmitTrainingJobStep;
import java.util.List;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.jenkinsci.plugins.workflow.steps.StepConfigTester;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/** The Pipeline steps end to end against the in-process simulator (runs only with -Pjenkins). */
@WithJenkins
class SubmitTrainingJobStepJenkinsTest {

    @RegisterExtension
    static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

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

    private WorkflowJob pipeline(String script) throws Exception {
        WorkflowJob p = j.createProject(WorkflowJob.class, "p");
        p.setDefinition(new CpsFlowDefinition(script, true));
        return p;
    }

    private static String spec(String queue) {
        return "'''" + SimulatorJenkinsTestSupport.aihcSpec(queue) + "'''";
    }

    @Test
    void aSchedulableJobIsSubmittedWaitedForAndReturned() throws Exception {
        WorkflowJob p = pipeline("def r = submitTrainingJob(connection: 'sim', specText: " + spec("training")
                + ", variables: [RUN: '1'])\n"
                + "echo \"job=${r.jobId} name=${r.name} platform=${r.platform} status=${r.status}\"");

        WorkflowRun b = j.buildAndAssertSuccess(p);

        j.assertLogContains("Submitted Baidu AIHC job ci-1", b);
        j.assertLogContains("name=ci-1 platform=aihc", b);
        assertThat(b.getAction(ScheduleDiagnosisAction.class)).isNull();
    }

    @Test
    void anUnschedulableJobFailsTheBuildWithTheReportInTheLogAndOnTheBuildPage() throws Exception {
        WorkflowJob p = pipeline("submitTrainingJob(connection: 'sim', specText: " + spec("default")
                + ", variables: [RUN: '2'], pendingTimeout: '1s')");

        WorkflowRun b = j.assertBuildStatus(Result.FAILURE, p.scheduleBuild2(0));

        ScheduleDiagnosisAction action = b.getAction(ScheduleDiagnosisAction.class);
        assertThat(action).isNotNull();
        j.assertLogContains("ERROR: " + action.getHeadline(), b);
        j.assertLogContains("Schedule diagnosis report: ", b);
        j.assertLogNotContains("\tat ", b); // no stack trace
        assertThat(action.getFiles()).containsOnlyKeys("html", "json", "junit");
        JenkinsRule.WebClient wc = j.createWebClient();
        assertThat(wc.getPage(b, action.getUrlName()).asNormalizedText()).contains(action.getHeadline());
        // the build page shows the action's summary.jelly, which prints the whole headline (B1)
        assertThat(wc.getPage(b).asNormalizedText()).contains(action.getHeadline());
        // served by core's DirectoryBrowserSupport (the earlier .../html URL redirects there): its default
        // CSP sandboxes the page, and no script can run (review N7)
        org.htmlunit.Page html = wc.goTo(b.getUrl() + action.getUrlName() + "/html", "text/html");
        assertThat(html.getUrl().getPath()).endsWith(action.getUrlName() + "/files/schedule-diagnosis.html");
        assertThat(html.getWebResponse().getResponseHeaderValue("Content-Security-Policy"))
                .startsWith("sandbox;")
                .doesNotContain("allow-scripts");
        assertThat(html.getWebResponse().getResponseHeaderValue("X-Content-Type-Options"))
                .isEqualTo("nosniff");
        assertThat(wc.goTo(b.getUrl() + action.getUrlName() + "/json", "application/json")
                        .getWebResponse()
                        .getContentAsString())
                .contains(action.getHeadline().substring(0, 20));
    }

    @Test
    void withoutFailOnUnschedulableTheReportIsReturned() throws Exception {
        WorkflowJob p = pipeline("def r = submitTrainingJob(connection: 'sim', specText: " + spec("default")
                + ", variables: [RUN: '3'], pendingTimeout: '1s', failOnUnschedulable: false)\n"
                + "echo \"verdict=${r.verdict} files=${r.reportFiles.keySet()}\"");

        WorkflowRun b = j.buildAndAssertSuccess(p);

        j.assertLogContains("files=[html, json, junit]", b);
    }

    @Test
    void abortingTheBuildStopsTheJobOnThePlatform() throws Exception {
        WorkflowJob p = pipeline("submitTrainingJob(connection: 'sim', specText: " + spec("default")
                + ", variables: [RUN: '4'], pendingTimeout: '1h')");
        WorkflowRun b = p.scheduleBuild2(0).waitForStart();
        j.waitForMessage("Submitted Baidu AIHC job ci-4", b);

        b.getExecutor().interrupt();

        j.assertBuildStatus(Result.ABORTED, j.waitForCompletion(b));
        // the interrupt may land before the watch is registered (m8): then the step stops the job itself
        assertThat(JenkinsRule.getLog(b)).containsAnyOf("watch cancelled; ", "Stopped Baidu AIHC job ci-4");
    }

    @Test
    void awaitScheduleDiagnosisWaitsForAJobSubmittedWithoutWaiting() throws Exception {
        WorkflowJob p = pipeline("def r = submitTrainingJob(connection: 'sim', specText: " + spec("training")
                + ", variables: [RUN: '5'], wait: 'none')\n"
                + "def s = awaitScheduleDiagnosis(connection: 'sim', jobId: r.jobId)\n"
                + "echo \"awaited=${s.jobId == r.jobId} status=${s.status}\"");

        WorkflowRun b = j.buildAndAssertSuccess(p);

        j.assertLogContains("awaited=true", b);
    }

    @Test
    void theStepConfigurationRoundTripsThroughTheSnippetGenerator() throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpec("ci/job.yaml");
        step.setWait("completed");
        step.setPendingTimeout("15m");
        step.setFailOnUnschedulable(false);
        step.setVariables(List.of());

        SubmitTrainingJobStep copy = new StepConfigTester(j).configRoundTrip(step);

        j.assertEqualDataBoundBeans(step, copy);
    }
}

package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.Describable;
import hudson.model.Result;
import io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.steps.Fallback;
import io.jenkins.plugins.trainingjob.steps.Retry;
import io.jenkins.plugins.trainingjob.steps.SubmitTrainingJobStep;
import io.jenkins.plugins.trainingjob.steps.TrainingJobBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import jenkins.model.StandardArtifactManager;
import org.jenkinsci.plugins.structs.SymbolLookup;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.jenkinsci.plugins.workflow.steps.CoreStep;
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

    /**
     * Review R13: every field added since the first round trip goes through the Snippet Generator's form and
     * back (f:repeatableProperty of Fallback, with a target's variables, review R8; f:optionalProperty of
     * Retry; the selects and text boxes).
     */
    @Test
    void everyFieldRoundTripsThroughTheSnippetGenerator() throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpec("ci/job.yaml");
        step.setWait("completed");
        step.setPendingTimeout("15m");
        step.setMaxWait("2h");
        step.setPreflight("warn");
        step.setFailOnJobFailure(false);
        step.setClientToken("nightly-42");
        step.setReuse("succeeded");
        step.setFallbackOrder("given");
        step.setFallback(List.of(
                fallback(null, "spot", null, List.of()),
                fallback("sim", "q3", "cce-sim00002", List.of("GPU_KIND=baidu.com/h800_80g_cgpu", "GPUS=8"))));
        step.setRetry(retry());
        step.setVariables(List.of());

        SubmitTrainingJobStep copy = new StepConfigTester(j).configRoundTrip(step);

        j.assertEqualDataBoundBeans(step, copy);
        assertThat(copy.getFallback().get(1).getVariables())
                .containsExactly("GPU_KIND=baidu.com/h800_80g_cgpu", "GPUS=8");
    }

    static Fallback fallback(String connection, String queue, String resourcePool, List<String> variables) {
        Fallback f = new Fallback();
        f.setConnection(connection);
        f.setQueue(queue);
        f.setResourcePool(resourcePool);
        f.setVariables(variables);
        return f;
    }

    static Retry retry() {
        Retry r = new Retry();
        r.setLimit(2);
        r.setOnExitCodes("137,143");
        r.setOnPreemption(true);
        r.setBackoff("30s");
        return r;
    }

    /**
     * Review R12/R13: with core's StandardArtifactManager the job-end files are stored once, in the build's
     * artifacts, and the build folder keeps no copy.
     */
    @Test
    void theJobEndFilesAreStoredOnceByTheStandardArtifactManager() throws Exception {
        WorkflowJob p = pipeline("def r = submitTrainingJob(connection: 'sim', specText: " + spec("training")
                + ", variables: [RUN: '6'], wait: 'completed')\n"
                + "echo \"report=${r.endReportFiles.report}\"");

        WorkflowRun b = j.buildAndAssertSuccess(p);

        assertThat(b.getArtifactManager()).isInstanceOf(StandardArtifactManager.class);
        String report = JenkinsRule.getLog(b)
                .lines()
                .filter(l -> l.startsWith("report="))
                .findFirst()
                .orElseThrow()
                .substring("report=".length());
        assertThat(report).matches("training-job/[^/]+/outcome\\.md");
        assertThat(b.getArtifactManager().root().child(report).isFile()).isTrue();
        assertThat(b.getArtifacts()).extracting(a -> a.relativePath).containsOnlyOnce(report);
        try (Stream<Path> files = Files.walk(b.getRootDir().toPath())) {
            assertThat(files.filter(f -> f.getFileName().toString().equals("outcome.md")))
                    .as("the only copy is the archived one")
                    .containsExactly(b.getRootDir().toPath().resolve("archive").resolve(report));
        }
    }

    /**
     * Review R7: a Pipeline that names the freestyle builder fails before anything is submitted, in
     * Pipeline's own words and never with an AbstractMethodError, in and outside node {}; and neither the
     * general step nor the Snippet Generator offers it.
     */
    @Test
    void aPipelineThatNamesTheFreestyleBuilderFailsBeforeAnythingIsSubmitted() throws Exception {
        String args = "connection: 'sim', specText: " + spec("training");
        for (String script : List.of(
                "trainingJobBuilder(" + args + ")",
                "node { trainingJobBuilder(" + args + ") }",
                "step([$class: 'TrainingJobBuilder', " + args + "])",
                "node { step([$class: 'TrainingJobBuilder', " + args + "]) }")) {
            WorkflowJob p = j.createProject(WorkflowJob.class);
            p.setDefinition(new CpsFlowDefinition(script, true));

            WorkflowRun b = j.assertBuildStatus(Result.FAILURE, p.scheduleBuild2(0));

            j.assertLogNotContains("AbstractMethodError", b);
            j.assertLogNotContains("Submitted", b);
            assertThat(JenkinsRule.getLog(b))
                    .containsAnyOf(
                            "No such DSL method 'trainingJobBuilder'",
                            "no known implementation of interface jenkins.tasks.SimpleBuildStep");
        }
        assertThat(j.jenkins.getDescriptorByType(CoreStep.DescriptorImpl.class).getApplicableDescriptors())
                .as("the general 'step' lists it")
                .noneMatch(d -> d instanceof TrainingJobBuilder.DescriptorImpl);
        Object bySymbol = SymbolLookup.get().findDescriptor(Describable.class, "trainingJobBuilder");
        assertThat(bySymbol).as("the Snippet Generator lists it by its symbol").isNull();
    }
}

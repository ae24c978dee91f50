package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.List;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jvnet.hudson.test.junit.jupiter.BuildWatcherExtension;
import org.jvnet.hudson.test.junit.jupiter.JenkinsSessionExtension;

/**
 * A controller restart while a step waits: the step resumes the same watch and the job is not submitted
 * again. The simulator runs outside the Jenkins sessions, so it survives the restart.
 */
class SubmitTrainingJobRestartJenkinsTest {

    @RegisterExtension
    static final BuildWatcherExtension BUILD_WATCHER = new BuildWatcherExtension();

    @RegisterExtension
    final JenkinsSessionExtension sessions = new JenkinsSessionExtension();

    private static Simulator sim;

    @BeforeAll
    static void startSimulator() {
        // frozen clock: the job stays queued until the test moves time on
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
    }

    @AfterAll
    static void stopSimulator() {
        sim.close();
    }

    @Test
    void aRestartedControllerResumesTheWaitWithoutSubmittingAgain() throws Throwable {
        sessions.then(j -> {
            SimulatorJenkinsTestSupport.configure(sim);
            sim.cordon("gpu-node-01");
            sim.cordon("gpu-node-02");
            sim.cordon("gpu-node-03");
            sim.cordon("gpu-node-04");
            WorkflowJob p = j.createProject(WorkflowJob.class, "p");
            p.setDefinition(new CpsFlowDefinition(
                    "submitTrainingJob(connection: 'sim', specText: '''"
                            + SimulatorJenkinsTestSupport.aihcSpec("training")
                            + "''', variables: [RUN: '9'], pendingTimeout: '1h')",
                    true));
            WorkflowRun b = p.scheduleBuild2(0).waitForStart();
            j.waitForMessage("Submitted Baidu AIHC job ci-9", b);
            // "Submitted" comes before the watch is registered and saved (m7): end the session only once
            // the step says it is waiting, so session 2 resumes the watch, not the submit
            while (b.getExecution().getCurrentExecutions(false).get().stream()
                    .noneMatch(e -> String.valueOf(e.getStatus()).startsWith("waiting for"))) {
                Thread.sleep(100);
            }
        });
        sessions.then(j -> {
            WorkflowRun b = j.jenkins.getItemByFullName("p", WorkflowJob.class).getBuildByNumber(1);
            j.waitForMessage("Resuming the wait for Baidu AIHC job", b);
            for (String node : List.of("gpu-node-01", "gpu-node-02", "gpu-node-03", "gpu-node-04")) {
                sim.uncordon(node);
            }
            sim.advanceClock(Duration.ofSeconds(5));
            j.assertBuildStatusSuccess(j.waitForCompletion(b));
            j.assertLogContains("Submitted Baidu AIHC job ci-9", b);
            assertThat(jobsNamed("ci-9")).as("submitted once").hasSize(1);
        });
    }

    private static List<JobStatus> jobsNamed(String name) {
        AihcConnection c = (AihcConnection)
                TrainingJobConfiguration.get().findConnection("sim").orElseThrow();
        try (TrainingPlatform platform = TrainingPlatforms.connect(c.toSettings(
                io.jenkins.plugins.trainingjob.core.platform.Credentials.of("sim-access-key", "sim-secret-key")))) {
            return platform.listStatuses(null, 100).jobs().stream()
                    .filter(s -> s.job().name().equals(name))
                    .toList();
        }
    }
}

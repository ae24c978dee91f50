package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractBuild;
import io.jenkins.plugins.trainingjob.FakePlatform;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import java.io.File;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The freestyle builder blocks its executor: the scripted monitor answers at once. */
class TrainingJobBuilderTest {
    @TempDir
    File buildDir;

    private StepFixture f;
    private final FilePath workspace = mock(FilePath.class);
    private final FilePath specFile = mock(FilePath.class);

    /** A freestyle build: the builder refuses Pipeline runs. */
    private final AbstractBuild<?, ?> build = mock(AbstractBuild.class);

    @BeforeEach
    void setUp() throws Exception {
        f = new StepFixture(buildDir);
        when(build.getRootDir()).thenReturn(buildDir);
        when(build.getUrl()).thenReturn("job/p/1/");
        when(workspace.child("ci/job-7.yaml")).thenReturn(specFile);
        when(specFile.exists()).thenReturn(true);
        when(specFile.readToString()).thenReturn("name: resnet-${RUN}");
    }

    /** The build environment: RUN=7 (expand is Jenkins' own; here it is given its answer). */
    private static EnvVars env() {
        EnvVars env = spy(new EnvVars());
        env.put("RUN", "7");
        doReturn("ci/job-7.yaml").when(env).expand("ci/job-${RUN}.yaml");
        return env;
    }

    private TrainingJobBuilder builder() {
        TrainingJobBuilder b = new TrainingJobBuilder();
        b.setConnection("prod");
        b.setSpec("ci/job-${RUN}.yaml");
        b.useService(f.service);
        return b;
    }

    @Test
    void readsTheSpecFromTheWorkspaceWithTheBuildEnvironmentAndWaitsUntilScheduled() throws Exception {
        f.watcher.immediately = (job -> new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)));

        builder().perform(build, workspace, env(), mock(Launcher.class), f.listener);

        assertThat(f.specsLoaded).containsExactly("ci/job-7.yaml:name: resnet-${RUN}");
        assertThat(f.platform.submittedTokens).hasSize(1);
        assertThat(f.log()).contains("Submitted Baidu AIHC job resnet-7 (id job-1)");
    }

    @Test
    void anUnschedulableJobFailsTheBuildWithTheHeadline() throws Exception {
        DiagnosisReport[] report = new DiagnosisReport[1];
        f.watcher.immediately = job -> {
            try {
                report[0] = Reports.documentedAihcExample(job);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            return new Outcome.Unschedulable(FakePlatform.status(job, JobPhase.PENDING), report[0]);
        };

        assertThatThrownBy(() -> builder().perform(build, workspace, env(), mock(Launcher.class),
                f.listener)).isInstanceOf(AbortException.class)
                .satisfies(t -> assertThat(t.getMessage()).isEqualTo(ConsoleText.strip(report[0].headline())));
    }

    @Test
    void aMissingSpecFileIsNamedAndNothingIsSubmitted() throws Exception {
        when(specFile.exists()).thenReturn(false);

        assertThatThrownBy(() -> builder().perform(build, workspace, env(), mock(Launcher.class),
                f.listener)).isInstanceOf(AbortException.class)
                .hasMessage("spec: the file 'ci/job-7.yaml' does not exist in the workspace");
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    @Test
    void inAPipelineItRefusesWithOneLinePointingAtTheStepAndSubmitsNothing() throws Exception {
        assertThatThrownBy(() -> builder().perform(f.run, workspace, env(), mock(Launcher.class), f.listener))
                .isInstanceOf(AbortException.class)
                .hasMessage("trainingJobBuilder cannot wait across a controller restart in a Pipeline: use "
                        + "submitTrainingJob (same parameters) instead");
        assertThat(f.platform.submittedTokens).isEmpty();
        assertThat(f.watcher.watches).isEmpty();
    }

    @Test
    void onlyASpecFileNeedsAWorkspace() {
        TrainingJobBuilder inline = new TrainingJobBuilder();
        inline.setSpecText("name: resnet");
        assertThat(inline.requiresWorkspace()).isFalse();
        assertThat(builder().requiresWorkspace()).isTrue();
    }

    @Test
    void waitNoneSubmitsThroughTheSharedFlowAndReadsOneStatus() throws Exception {
        TrainingJobBuilder b = builder();
        b.setWait("none");

        b.perform(build, workspace, env(), mock(Launcher.class), f.listener);

        assertThat(f.platform.submittedTokens).hasSize(1);
        assertThat(f.watcher.watches).isEmpty();
        assertThat(f.log()).contains("Submitted Baidu AIHC job resnet-7 (id job-1)");
    }
}

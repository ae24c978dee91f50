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
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cancelOnFailure}: a job the build submitted is stopped when the wait fails with it still on
 * the platform (on by default for the builder and {@code submitTrainingJob}, off for
 * {@code awaitScheduleDiagnosis}); off, the log says it is still there and how to stop it.
 */
class CancelOnFailureTest {
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
        when(workspace.child("ci/job.yaml")).thenReturn(specFile);
        when(specFile.exists()).thenReturn(true);
        when(specFile.readToString()).thenReturn("name: resnet-1");
    }

    private TrainingJobBuilder builder() {
        TrainingJobBuilder b = new TrainingJobBuilder();
        b.setConnection("prod");
        b.setSpec("ci/job.yaml");
        b.useService(f.service);
        return b;
    }

    private static EnvVars env() {
        EnvVars env = spy(new EnvVars());
        doReturn("ci/job.yaml").when(env).expand("ci/job.yaml");
        return env;
    }

    @Test
    void theDefaultsAreOnForSubmittingStepsAndOffForTheAwaitingStep() {
        assertThat(new TrainingJobBuilder().isCancelOnFailure()).isTrue();
        assertThat(new SubmitTrainingJobStep().isCancelOnFailure()).isTrue();
        assertThat(new AwaitScheduleDiagnosisStep().isCancelOnFailure()).isFalse();
    }

    @Test
    void aTimedOutWaitStopsTheJobTheBuildSubmittedAndSaysSo() throws Exception {
        f.watcher.immediately = job -> new Outcome.TimedOut(FakePlatform.status(job, JobPhase.PENDING),
                "overall timeout of 1s");

        assertThatThrownBy(() -> builder().perform(build, workspace, env(), mock(Launcher.class), f.listener))
                .isInstanceOf(AbortException.class);

        assertThat(f.platform.cancelled).hasSize(1);
        assertThat(f.log()).contains("stopped job " + f.platform.cancelled.get(0).id() + " on Baidu AIHC "
                + "(cancelOnFailure)");
    }

    @Test
    void withoutCancelOnFailureTheLogSaysTheJobIsStillQueuedAndHowToStopIt() throws Exception {
        f.watcher.immediately = job -> new Outcome.TimedOut(FakePlatform.status(job, JobPhase.PENDING),
                "overall timeout of 1s");
        TrainingJobBuilder b = builder();
        b.setCancelOnFailure(false);

        assertThatThrownBy(() -> b.perform(build, workspace, env(), mock(Launcher.class), f.listener))
                .isInstanceOf(AbortException.class);

        assertThat(f.platform.cancelled).isEmpty();
        assertThat(f.log()).containsPattern("job \\S+ is still queued on Baidu AIHC; stop it with: the platform "
                + "console, or trainjob cancel \\S+ \\(or set cancelOnFailure\\)");
    }
}

package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cancelOnFailure}: a job the build submitted is stopped when the wait fails with it still on
 * the platform (on by default for the builder and {@code submitTrainingJob}, off for
 * {@code awaitScheduleDiagnosis}); off, the log says it is still there and how to stop it.
 */
class CancelOnFailureTest {
    private final FreestyleBuild freestyle;
    private final StepFixture f;

    CancelOnFailureTest(@TempDir File buildDir) throws Exception {
        freestyle = new FreestyleBuild(buildDir);
        f = freestyle.f;
    }

    @Test
    void theDefaultsAreOnForSubmittingStepsAndOffForTheAwaitingStep() {
        assertThat(new TrainingJobBuilder().isCancelOnFailure()).isTrue();
        assertThat(new SubmitTrainingJobStep().isCancelOnFailure()).isTrue();
        assertThat(new AwaitScheduleDiagnosisStep().isCancelOnFailure()).isFalse();
    }

    @Test
    void aTimedOutWaitStopsTheJobTheBuildSubmittedAndSaysSo() throws Exception {
        f.watcher.immediately =
                job -> new Outcome.TimedOut(FakePlatform.status(job, JobPhase.PENDING), "overall timeout of 1s");

        assertThatThrownBy(() -> freestyle.perform(freestyle.builder())).isInstanceOf(AbortException.class);

        assertThat(f.platform.cancelled).hasSize(1);
        assertThat(f.log())
                .contains("stopped job " + f.platform.cancelled.get(0).id() + " on Baidu AIHC " + "(cancelOnFailure)");
    }

    @Test
    void withoutCancelOnFailureTheLogSaysTheJobIsStillQueuedAndHowToStopIt() throws Exception {
        f.watcher.immediately =
                job -> new Outcome.TimedOut(FakePlatform.status(job, JobPhase.PENDING), "overall timeout of 1s");
        TrainingJobBuilder b = freestyle.builder();
        b.setCancelOnFailure(false);

        assertThatThrownBy(() -> freestyle.perform(b)).isInstanceOf(AbortException.class);

        assertThat(f.platform.cancelled).isEmpty();
        assertThat(f.log())
                .containsPattern("job \\S+ is still queued on Baidu AIHC; stop it with: the platform "
                        + "console, or trainjob cancel \\S+ \\(or set cancelOnFailure\\)");
    }
}

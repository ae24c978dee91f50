package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import hudson.AbortException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * {@code submitTrainingJob}'s pre-flight check against the simulator's inventory endpoints: a job that can
 * never fit fails in seconds, before the create call, with the report; {@code warn} submits anyway.
 */
class SubmitTrainingJobPreflightTest extends SimulatedAihcStepTest {

    private SubmitTrainingJobExecution start(int gpusPerPod, String preflight) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(pytorchJob("default", gpusPerPod));
        step.setVariables(List.of("RUN=42"));
        step.setWait("none");
        if (preflight != null) {
            step.setPreflight(preflight);
        }
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service);
        e.start();
        return e;
    }

    /** Moves the monitor's clock (settling with the monitor) until the step has ended. */
    private void awaitStepEnd() {
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
    }

    @Test
    void aJobThatCanNeverFitFailsBeforeItIsCreatedWithTheReport() throws Exception {
        SubmitTrainingJobExecution e = start(9, null);

        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        awaitStepEnd();
        verify(f.context).onFailure(failure.capture());
        assertThat(failure.getValue())
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("Job ci-42 can never run in default: one pod asks for 9 nvidia.com/gpu");
        assertThat(e.job()).isNull();
        assertThat(f.log())
                .contains("pre-flight: NEVER_FITS — never fits as configured")
                .contains("Schedule diagnosis report:")
                .doesNotContain("Submitted");
    }

    @Test
    void warnReportsAndSubmitsAnyway() throws Exception {
        SubmitTrainingJobExecution e = start(9, "warn");

        awaitStepEnd();
        verify(f.context).onSuccess(org.mockito.ArgumentMatchers.any());
        assertThat(e.job()).isNotNull();
        assertThat(f.log())
                .contains("(preflight: warn, so the job is submitted anyway)")
                .contains("Submitted Baidu AIHC job ci-42");
    }

    @Test
    void aJobThatFitsLaterIsSubmittedWithOneLine() throws Exception {
        SubmitTrainingJobExecution e = start(8, null);

        awaitStepEnd();
        verify(f.context).onSuccess(org.mockito.ArgumentMatchers.any());
        assertThat(e.job()).isNotNull();
        assertThat(f.log()).contains("pre-flight: FITS_LATER — fits later: free capacity holds 0 of 1 pod now");
    }

    @Test
    void aBadModeIsKeptByTheSetterAndRefusedWhenTheStepStartsNamingTheField() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(pytorchJob("default", 1));
        step.setPreflight("maybe"); // a setter that threw would give the job form Jenkins' "Oops" page (N4)
        assertThat(step.getPreflight()).isEqualTo("maybe");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> step.start(f.context))
                .isInstanceOf(AbortException.class)
                .hasMessage("preflight: must be true, strict, warn or false, was 'maybe'");
    }
}

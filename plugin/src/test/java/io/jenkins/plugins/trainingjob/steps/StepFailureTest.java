package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.InvalidFieldException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecProblem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one rule for how a failure ends a step: the user's failures abort cleanly, bugs keep their trace. */
class StepFailureTest {

    @Test
    void badInputOfEveryKindAbortsWithItsMessageOnly() {
        List<RuntimeException> userFailures = List.of(
                InvalidInputException.of("clientToken", "must be 1-63 letters"),
                new InvalidSpecException("Jenkinsfile", List.of(new SpecProblem("name", "required"))),
                new InvalidConnectionException(List.of(new ConnectionProblem("region", "required"))),
                new InvalidFieldException("pendingTimeout", "pendingTimeout: '10' has no unit"),
                new TransientException(
                        new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 503, "", "r-1"), "down", null));
        for (RuntimeException failure : userFailures) {
            assertThat(StepFailure.reported(failure))
                    .as(failure.getClass().getSimpleName())
                    .isInstanceOf(AbortException.class)
                    .hasMessage(failure.getMessage())
                    .hasNoCause();
            assertThat(StepFailure.abortOrRethrow(failure)).hasMessage(failure.getMessage());
        }
    }

    @Test
    void aPlainIllegalArgumentExceptionIsABugAndGoesOnUnchanged() {
        IllegalArgumentException bug = new IllegalArgumentException("maxLines must be at least 1, was 0");
        assertThat(StepFailure.reported(bug)).isSameAs(bug);
        assertThatThrownBy(() -> StepFailure.abortOrRethrow(bug)).isSameAs(bug);
        NullPointerException npe = new NullPointerException("job");
        assertThatThrownBy(() -> StepFailure.abortOrRethrow(npe)).isSameAs(npe);
    }

    @Test
    void controlCharactersFromRemoteTextNeverReachTheConsole() {
        AbortException abort =
                StepFailure.abortOrRethrow(InvalidInputException.of("name", "'x\u001b[31m' must be 1-63 characters"));
        assertThat(abort.getMessage()).doesNotContain("\u001b");
    }
}

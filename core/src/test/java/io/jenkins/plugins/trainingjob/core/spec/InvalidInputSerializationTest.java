package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.testkit.SerialForm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bad-input exceptions survive Java serialization with every problem (SpotBugs SE_BAD_FIELD): a
 * Pipeline step's failure may be written with the build, and an exception that cannot be written
 * fails there instead of saying what was wrong.
 */
class InvalidInputSerializationTest {

    @Test
    void anInvalidSpecKeepsItsProblems() throws Exception {
        var problems = List.of(
                new SpecProblem("jobSpec.replicas", "must be at least 1"),
                new SpecProblem("", "the document is empty"));

        var read = SerialForm.roundTrip(new InvalidSpecException("job.yaml", problems));

        assertThat(read.problems()).isEqualTo(problems);
        assertThat(read.getMessage()).contains("jobSpec.replicas: must be at least 1");
    }

    @Test
    void anInvalidConnectionKeepsItsProblems() throws Exception {
        var problems = List.of(new ConnectionProblem("resourcePool", "is required"));

        var read = SerialForm.roundTrip(new InvalidConnectionException(problems));

        assertThat(read.problems()).isEqualTo(problems);
    }
}

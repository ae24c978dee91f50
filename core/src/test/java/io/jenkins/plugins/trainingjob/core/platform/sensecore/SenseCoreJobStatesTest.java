package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SenseCoreJobStatesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "STATE_UNSPECIFIED, PENDING",
        "WAITING, PENDING",
        "INIT, PENDING",
        "QUEUEING, PENDING",
        "PENDING, PENDING",
        "WAIT_QUOTA, PENDING",
        "CREATING, STARTING",
        "STARTING, STARTING",
        "RUNNING, RUNNING",
        "RESTARTING, RUNNING",
        "RECOVERING, RUNNING",
        "SUCCEEDED, SUCCEEDED",
        "FAILED, FAILED",
        "SUSPENDING, STOPPED",
        "SUSPENDED, STOPPED",
        "DELETING, STOPPED",
        "DELETED, STOPPED",
        "STOPPED, STOPPED",
        "CANCELLED, STOPPED",
        "queueing, PENDING",
        "' Running ', RUNNING"
    })
    void knownStatesMapToTheirPhase(String raw, JobPhase expected) {
        assertThat(SenseCoreJobStates.phaseOf(raw)).isEqualTo(expected);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"HIBERNATING", "RUNNING_BUT_DIFFERENT", "\u001b[31mFAILED"})
    void anyOtherStringIsUnknownAndNotTerminal(String raw) {
        assertThat(SenseCoreJobStates.phaseOf(raw)).isEqualTo(JobPhase.UNKNOWN);
        assertThat(SenseCoreJobStates.phaseOf(raw).isTerminal()).isFalse();
    }
}

package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class WaitModeTest {

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  "})
    void anEmptyValueWaitsUntilScheduled(String value) {
        assertThat(WaitMode.parse("wait", value, true)).isEqualTo(WaitMode.SCHEDULED);
        assertThat(WaitMode.parse("until", value, false)).isEqualTo(WaitMode.SCHEDULED);
    }

    @Test
    void valuesAreReadWhateverTheirCaseAndSurroundingBlanks() {
        assertThat(WaitMode.parse("wait", " Completed ", true)).isEqualTo(WaitMode.COMPLETED);
        assertThat(WaitMode.parse("wait", "SCHEDULED", true)).isEqualTo(WaitMode.SCHEDULED);
        assertThat(WaitMode.parse("wait", "none", true)).isEqualTo(WaitMode.NONE);
    }

    @Test
    void eachModeNamesTheMonitorsTargetAndNoneHasNone() {
        assertThat(WaitMode.SCHEDULED.target()).isEqualTo(WaitTarget.SCHEDULED);
        assertThat(WaitMode.COMPLETED.target()).isEqualTo(WaitTarget.COMPLETED);
        assertThat(WaitMode.NONE.target()).isNull();
    }

    @Test
    void anUnknownValueIsBadInputNamingTheFieldAndTheChoices() {
        assertThatThrownBy(() -> WaitMode.parse("wait", "started", true))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("wait");
                    assertThat(e.reason()).isEqualTo("'started' is not one of none, scheduled, completed");
                })
                .hasMessage("wait: 'started' is not one of none, scheduled, completed");
    }

    @Test
    void noneIsRefusedWhereWaitingIsThePoint() {
        assertThatThrownBy(() -> WaitMode.parse("until", "none", false))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("until: 'none' is not one of scheduled, completed");
    }
}

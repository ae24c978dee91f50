package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.command.DemoCommand;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The demo waits with the normal policy; only AIHC's pre-check can lengthen its diagnosis timeout. */
class DemoPolicyTest {
    private final Scenario world = Scenario.bundled(DemoCommand.SCENARIO);
    private final WatchPolicy defaults = WatchPolicy.defaults(WaitTarget.COMPLETED);

    @Test
    void aPendingTimeoutPastThePreCheckKeepsTheNormalPolicy() {
        WatchPolicy policy = defaults.withPendingTimeout(Duration.ofMinutes(10));

        assertThat(DemoCommand.diagnosisAfterPreCheck(policy, world)).isEqualTo(policy);
    }

    @Test
    void aShorterPendingTimeoutLeavesTheRestOfThePreCheckToTheDiagnosis() {
        // the scenario's pre-check wants 5 minutes of queueing; 1 minute of it passed before the diagnosis
        WatchPolicy policy = defaults.withPendingTimeout(Duration.ofMinutes(1));

        WatchPolicy demo = DemoCommand.diagnosisAfterPreCheck(policy, world);

        assertThat(demo.diagnosisTimeout())
                .isEqualTo(defaults.diagnosisTimeout().plus(Duration.ofMinutes(4)));
        assertThat(demo.withDiagnosisTimeout(policy.diagnosisTimeout())).isEqualTo(policy);
    }
}

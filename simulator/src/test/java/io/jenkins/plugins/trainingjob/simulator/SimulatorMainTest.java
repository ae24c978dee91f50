package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SimulatorMainTest {

    @Test
    void optionsDefaultToTheSeedScenarioOnAnyPort() {
        SimulatorMain.Options o = SimulatorMain.Options.parse(new String[0]);
        assertThat(o.scenario).isEqualTo("seed-taint-and-gpu");
        assertThat(o.port).isZero();
        SimulatorMain.Options set =
                SimulatorMain.Options.parse(new String[] {"--scenario", "tiny", "--port", "8080", "--speed", "0"});
        assertThat(set.scenario).isEqualTo("tiny");
        assertThat(set.port).isEqualTo(8080);
        assertThat(set.speed).isZero();
    }

    @Test
    void badArgumentsExitWithUsageInsteadOfAStackTrace() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SimulatorMain.run(
                new String[] {"--port", "99999"}, System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--port must be an integer from 0 to 65535")
                .contains("usage:");
        assertThatThrownBy(() -> SimulatorMain.Options.parse(new String[] {"--frobnicate"}))
                .hasMessageContaining("unknown option --frobnicate");
    }

    @Test
    void theBannerNamesEndpointAccessKeyAndAddressesButNotTheSecret() {
        try (Simulator sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu"))) {
            String banner = SimulatorMain.banner(sim);
            assertThat(banner)
                    .contains(sim.baseUrl().toString())
                    .contains("sim-access-key")
                    .contains("cce-sim00001")
                    .contains("sim-sub/default/cn-sh-01z/sim-ws")
                    .doesNotContain("sim-secret-key");
        }
    }
}

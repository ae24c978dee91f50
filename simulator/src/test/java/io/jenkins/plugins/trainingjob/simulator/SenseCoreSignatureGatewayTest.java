package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulated SenseCore gateway set to accept one signature scheme only (its knob), against the real
 * client: both directions of the default's fallback, and explicit settings that never fall back.
 */
class SenseCoreSignatureGatewayTest {

    private Simulator sim;
    private final List<String> notices = new ArrayList<>();

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    private SenseCoreClient client(SenseCoreSignature chosen) {
        ConnectionSettings settings = ConnectionSettings.senseCore(
                        sim.baseUrl(), null, SimClients.KEYS, "sim-sub", "default", "cn-sh-01z", "sim-ws")
                .withSenseCoreSignature(chosen);
        SenseCoreClient client = SenseCoreClient.builder(settings)
                .time(ManualClock.startingNow())
                .build();
        client.onNotice(notices::add);
        return client;
    }

    @Test
    void aDateOnlyGatewayIsReachedByTheDefaultAfterOneRefusalAndTheNoticeIsSaidOnce() {
        sim.acceptSenseCoreSignatures(Set.of(Scheme.X_DATE));
        try (SenseCoreClient client = client(null)) {
            client.listStatuses(null, 10);
            client.listStatuses(null, 10);
            assertThat(client.scheme()).isEqualTo(Scheme.X_DATE);
        }
        assertThat(notices)
                .singleElement()
                .asString()
                .startsWith("the gateway at 127.0.0.1:" + sim.port() + " refused the request-bound signature and"
                        + " accepted the date-only one");
    }

    @Test
    void aRequestBoundGatewayKeepsTheDefaultAndRefusesAnExplicitDateOnly() {
        sim.acceptSenseCoreSignatures(Set.of(Scheme.DATE_HOST_TARGET));
        try (SenseCoreClient client = client(null)) {
            client.listStatuses(null, 10);
            assertThat(client.scheme()).isEqualTo(Scheme.DATE_HOST_TARGET);
        }
        try (SenseCoreClient client = client(SenseCoreSignature.DATE_ONLY)) {
            assertThatThrownBy(() -> client.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("does not accept signed headers \"x-date\"");
        }
        assertThat(notices).isEmpty();
    }

    @Test
    void anExplicitRequestSettingOnADateOnlyGatewayFailsRatherThanFallBack() {
        sim.acceptSenseCoreSignatures(EnumSet.of(Scheme.X_DATE));
        try (SenseCoreClient client = client(SenseCoreSignature.REQUEST)) {
            assertThatThrownBy(() -> client.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("does not accept signed headers \"date host @request-target\"");
            assertThat(client.scheme()).isEqualTo(Scheme.DATE_HOST_TARGET);
        }
        assertThat(notices).isEmpty();
    }

    @Test
    void aScenarioNamesTheSchemesItsGatewayAccepts() {
        Scenario s = Scenario.bundled("seed-taint-and-gpu").withSpeed(0);
        Scenario dateOnly = new Scenario(
                s.name(),
                s.seed(),
                s.credentials(),
                s.timing(),
                s.nodes(),
                s.aihc(),
                new Scenario.SenseCoreDecl(
                        s.sensecore().specs(),
                        s.sensecore().pools(),
                        s.sensecore().workspaces(),
                        List.of("date-only")),
                s.faults());
        sim.close();
        sim = Simulator.start(dateOnly);
        try (SenseCoreClient client = client(SenseCoreSignature.REQUEST)) {
            assertThatThrownBy(() -> client.listStatuses(null, 10)).isInstanceOf(AuthenticationException.class);
        }
        try (SenseCoreClient client = client(null)) {
            client.listStatuses(null, 10);
            assertThat(client.scheme()).isEqualTo(Scheme.X_DATE);
        }
    }
}

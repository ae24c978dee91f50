package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScenarioTest {

    @Test
    void theBundledScenariosLoad() {
        for (String name : Scenario.BUNDLED) {
            assertThat(Scenario.bundled(name).name()).isEqualTo(name);
        }
        Scenario seed = Scenario.bundled("seed-taint-and-gpu");
        assertThat(seed.nodeNames()).contains("10.3.0.118", "fake-node-a800-04", "10.3.0.123", "gpu-node-01");
        assertThat(seed.credentials()).singleElement().satisfies(c -> assertThat(c.accessKey())
                .isEqualTo("sim-access-key"));
        assertThat(seed.timing().effectivePreCheckMinQueueSeconds()).isEqualTo(300);
    }

    @Test
    void fastModeZeroesTheDelaysThatAreNotSet() {
        Scenario tiny = Scenario.bundled("tiny");
        assertThat(tiny.timing().effectivePreCheckMinQueueSeconds()).isZero();
        assertThat(tiny.timing().effectiveDiagnosisLatencySeconds()).isZero();
    }

    @Test
    void anUnknownBundledNameListsTheKnownOnes() {
        assertThatThrownBy(() -> Scenario.bundled("nope")).hasMessageContaining("seed-taint-and-gpu");
    }

    @Test
    void errorsNameTheFieldAndTheRule() {
        String base = "credentials: [{accessKey: a, secretKey: s}]\n";
        assertThatThrownBy(() -> Scenario.parse(base + "nodes: [{name: n, allocatable: {cpu: lots}}]", "x.yaml"))
                .hasMessageContaining("scenario x.yaml")
                .hasMessageContaining("allocatable.cpu")
                .hasMessageContaining("'lots'");
        assertThatThrownBy(() -> Scenario.parse(base + "nodez: []", "x.yaml")).hasMessageContaining("nodez");
        assertThatThrownBy(() -> Scenario.parse(base + "nodes: [{name: n}, {name: 'n'}]", "x.yaml"))
                .hasMessageContaining("declared twice");
        assertThatThrownBy(() -> Scenario.parse(
                        base + "aihc: {resourcePools: [{id: p, queues: [{name: q, nodes: [ghost]}]}]}", "x.yaml"))
                .hasMessageContaining("unknown node ghost");
        assertThatThrownBy(() -> Scenario.parse("nodes: []", "x.yaml")).hasMessageContaining("credentials");
        assertThatThrownBy(() -> Scenario.parse(base + "faults: [{path: /x, kind: explode}]", "x.yaml"))
                .hasMessageContaining("faults[0].kind")
                .hasMessageContaining("latency, error");
    }

    @Test
    void theSecretNeverShowsInToString() {
        assertThat(new Scenario.CredentialPair("ak", "very-secret").toString()).doesNotContain("very-secret");
    }
}

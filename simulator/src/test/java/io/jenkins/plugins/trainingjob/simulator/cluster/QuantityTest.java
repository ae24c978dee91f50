package io.jenkins.plugins.trainingjob.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class QuantityTest {

    @Test
    void parsesKubernetesQuantities() {
        assertThat(Quantity.parse("8")).isEqualTo(8);
        assertThat(Quantity.parse("500m")).isEqualTo(0.5);
        assertThat(Quantity.parse("1Gi")).isEqualTo(1024d * 1024 * 1024);
        assertThat(Quantity.parse("2G")).isEqualTo(2e9);
    }

    @Test
    void bareAihcMemoryRequestsAreGibibytes() {
        assertThat(Quantity.parseRequest("memory", "16")).isEqualTo(16d * 1024 * 1024 * 1024);
        assertThat(Quantity.parseRequest("cpu", "16")).isEqualTo(16);
    }

    @Test
    void formatsAsTheDiagnosisPrintsThem() {
        assertThat(Quantity.format("nvidia.com/gpu", 8)).isEqualTo("8");
        assertThat(Quantity.format("cpu", 1.5)).isEqualTo("1.5");
        assertThat(Quantity.format("memory", 512d * 1024 * 1024 * 1024)).isEqualTo("512Gi");
    }

    @Test
    void refusesWhatIsNotAQuantity() {
        assertThatThrownBy(() -> Quantity.parse("eight")).hasMessageContaining("'eight'");
        assertThatThrownBy(() -> Quantity.parse("-1")).hasMessageContaining("'-1'");
    }
}

package io.jenkins.plugins.trainingjob.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NodeNamesTest {

    @Test
    void aRangeExpandsKeepingTheZeroPaddingOfItsLowerBound() {
        assertThat(NodeNames.expand("fake-node-a800-[01-04]"))
                .containsExactly("fake-node-a800-01", "fake-node-a800-02", "fake-node-a800-03", "fake-node-a800-04");
    }

    @Test
    void aRangeMayStandInsideAnIpAddress() {
        assertThat(NodeNames.expand("10.3.0.[122-123]")).containsExactly("10.3.0.122", "10.3.0.123");
    }

    @Test
    void aPlainNameIsItself() {
        assertThat(NodeNames.expand("10.3.0.118")).containsExactly("10.3.0.118");
    }

    @Test
    void malformedRangesAreRefusedWithTheExpectedForm() {
        assertThatThrownBy(() -> NodeNames.expand("n-[04-01]")).hasMessageContaining("empty or too large");
        assertThatThrownBy(() -> NodeNames.expand("n-[a-b]")).hasMessageContaining("name-[01-04]");
    }
}

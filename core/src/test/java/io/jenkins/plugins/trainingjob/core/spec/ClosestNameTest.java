package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClosestNameTest {

    private static final List<String> KNOWN =
            List.of("name", "replicas", "display_name", "total_replicas", "enableRDMA");

    @Test
    void suggestsTheNameOneOrTwoEditsAway() {
        assertThat(ClosestName.among("replics", KNOWN)).contains("replicas");
        assertThat(ClosestName.among("totl_replica", KNOWN)).contains("total_replicas");
    }

    @Test
    void matchesAcrossCaseUnderscoresAndDashes() {
        assertThat(ClosestName.among("displayName", KNOWN)).contains("display_name");
        assertThat(ClosestName.among("enable_rdma", KNOWN)).contains("enableRDMA");
    }

    @Test
    void suggestsNothingForUnrelatedNames() {
        assertThat(ClosestName.among("gpu", KNOWN)).isEmpty();
        assertThat(ClosestName.among("image", KNOWN)).isEmpty();
        assertThat(ClosestName.among("x", List.of())).isEmpty();
    }
}

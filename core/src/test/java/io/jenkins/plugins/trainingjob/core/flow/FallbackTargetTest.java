package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FallbackTargetTest {

    @Test
    void readsTheCliFormWithEveryKey() {
        FallbackTarget t = FallbackTarget.parseOption(
                3, "profile=bj-b,queue=q3,set.GPU_KIND=baidu.com/h800_80g_cgpu", FrontEndNames.CLI);
        assertThat(t.connection()).isEqualTo("bj-b");
        assertThat(t.queue()).isEqualTo("q3");
        assertThat(t.variables()).containsEntry("GPU_KIND", "baidu.com/h800_80g_cgpu");
        assertThat(t.label("profile")).isEqualTo("profile=bj-b,queue=q3,set.GPU_KIND=baidu.com/h800_80g_cgpu");
    }

    @Test
    void refusesAnUnknownKeyNamingTheTargetAndTheKey() {
        assertThatThrownBy(() -> FallbackTarget.parseOption(3, "queue=q3,zone=b", FrontEndNames.CLI))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--fallback #2 zone")
                .hasMessageContaining("use queue, resource-pool, profile or set.NAME");
    }

    @Test
    void refusesAnItemWithoutAValueAndAKeyGivenTwice() {
        assertThatThrownBy(() -> FallbackTarget.parseOption(2, "spot", FrontEndNames.CLI))
                .hasMessageContaining("--fallback #1")
                .hasMessageContaining("'spot' is not KEY=VALUE");
        assertThatThrownBy(() -> FallbackTarget.parseOption(2, "queue=a,queue=b", FrontEndNames.CLI))
                .hasMessageContaining("--fallback #1 queue")
                .hasMessageContaining("given twice");
        assertThatThrownBy(() -> FallbackTarget.parseOption(2, "queue=a b", FrontEndNames.CLI))
                .hasMessageContaining("--fallback #1 queue")
                .hasMessageContaining("must be a name");
        assertThatThrownBy(() -> FallbackTarget.parseOption(2, "set.1X=3", FrontEndNames.CLI))
                .hasMessageContaining("set.1X")
                .hasMessageContaining("placeholder name");
    }

    @Test
    void readsTheJenkinsFormAndNamesItsIndex() {
        FallbackTarget t = FallbackTarget.fromMap(
                3, Map.of("connection", "aihc-b", "queue", "q3", "variables", List.of("GPU_KIND=h800", "WORKERS=2")));
        assertThat(t.label("connection")).isEqualTo("connection=aihc-b,queue=q3,set.GPU_KIND=h800,set.WORKERS=2");
        assertThatThrownBy(() -> FallbackTarget.fromMap(3, Map.of("queu", "q3")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("fallback[1].queu");
        assertThatThrownBy(() -> FallbackTarget.fromMap(2, Map.of("variables", "GPU=1")))
                .hasMessageContaining("fallback[0].variables")
                .hasMessageContaining("list");
        assertThatThrownBy(() -> FallbackTarget.fromMap(2, Map.of()))
                .hasMessageContaining("fallback[0]")
                .hasMessageContaining("must name what changes");
    }

    @Test
    void fallbackOrderReadsBothWordsAndRefusesOthers() {
        assertThat(FallbackOrder.parse("--fallback-order", "Given")).isEqualTo(FallbackOrder.GIVEN);
        assertThatThrownBy(() -> FallbackOrder.parse("fallbackOrder", "fastest"))
                .hasMessageContaining("fallbackOrder")
                .hasMessageContaining("best or given");
    }
}

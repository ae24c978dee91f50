package io.jenkins.plugins.trainingjob.bench.figures;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.simulator.Scenario;
import org.junit.jupiter.api.Test;

class PreflightFigureTest {

    private static final PreflightFigure.Result RESULT = new PreflightFigure.Result(
            100, 600_000, 10_000, "NEVER_FITS", "NEVER_FITS", 5000, 900, 4, 3_000_000, "NEVER_FITS");

    @Test
    void theSectionIsAppendedOnceAndThenReplaced() {
        String once = PreflightFigure.splice("# Benchmarks\n\nfigures 1-4\n", RESULT);
        assertThat(once)
                .startsWith("# Benchmarks\n\nfigures 1-4\n\n" + PreflightFigure.BEGIN)
                .contains("| speed-up | 6,000 x | >= 300 x | yes |")
                .endsWith(PreflightFigure.END + "\n");

        PreflightFigure.Result slower = new PreflightFigure.Result(
                3000, 600_000, 10_000, "NEVER_FITS", "NEVER_FITS", 5000, 900, 400, 3_000_000, "NEVER_FITS");
        String twice = PreflightFigure.splice(once + "after\n", slower);
        assertThat(twice)
                .contains("| speed-up | 200 x | >= 300 x | NO |")
                .contains("check (NEVER_FITS) | 400.0 ms | < 200 ms | NO |")
                .doesNotContain("6,000 x")
                .endsWith(PreflightFigure.END + "\nafter\n");
        assertThat(twice.split(java.util.regex.Pattern.quote(PreflightFigure.BEGIN), -1))
                .hasSize(2);
    }

    @Test
    void theBigPoolHasFiveThousandNodesInOneQueue() {
        Scenario s = Scenario.parse(PreflightFigure.bigPool(), "big");
        assertThat(s.nodeNames()).hasSize(PreflightFigure.BIG_POOL);
        assertThat(s.aihc().resourcePools().get(0).queues()).hasSize(1);
    }
}

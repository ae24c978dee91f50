package io.jenkins.plugins.trainingjob.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.bench.scale.HistoryReadsFigure;
import org.junit.jupiter.api.Test;

class BenchMainTest {

    private static final String SECTION =
            HistoryReadsFigure.BEGIN + "\n## Figure 1, history reads\n| 10,000 | 3 |\n" + HistoryReadsFigure.END;

    @Test
    void aFullRunKeepsTheHistoryReadsOfThePreviousDocumentAfterFigure1() {
        String old = "# Benchmarks\n\n## Figure 1\nold\n\n" + SECTION + "\n\n## Figure 2\nold\n";
        String rendered = "# Benchmarks\n\n## Figure 1\nnew\n\n## Figure 2\nnew\n";
        assertThat(BenchMain.keepHistoryReads(rendered, old))
                .isEqualTo("# Benchmarks\n\n## Figure 1\nnew\n\n" + SECTION + "\n\n## Figure 2\nnew\n");
    }

    @Test
    void aDocumentWithoutTheSectionLeavesTheRenderingAlone() {
        String rendered = "# Benchmarks\n\n## Figure 2\nnew\n";
        assertThat(BenchMain.keepHistoryReads(rendered, "# Benchmarks\n")).isEqualTo(rendered);
    }
}

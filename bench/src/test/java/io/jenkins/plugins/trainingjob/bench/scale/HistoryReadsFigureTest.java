package io.jenkins.plugins.trainingjob.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryReadsFigureTest {

    private static ScaleResult run(int n, double rounds, int reads, int pages, long lists, int estimated) {
        return new ScaleResult(
                "monitor", n, 5000, 500, 17, 7, 20.0, 7.0, 0.1, 2.0, 20, 20, n, 3 * n, n, 0, 100, 200, 300, 30.0, 7.0,
                100.0, rounds, reads, pages, lists, estimated);
    }

    @Test
    void givesReadsAndListRequestsPerQueueAndRound() {
        String md = HistoryReadsFigure.markdown(
                List.of(run(10_000, 13.0, 3, 303, 563, 10_000)), "2026-12-02 05:30 UTC", "cmd");
        // 3 reads in 13 rounds; 563 list requests in 13 rounds; p99 200 ms of a 5-s poll
        assertThat(md)
                .contains("| 10,000 | 5.0 s | 13.0 | 10,000 / 10,000 | 3 | 0.23 | 303 | 563 | 43.3 | 0.10 | 0.04 x |");
        assertThat(md).contains("Run 2026-12-02 05:30 UTC: `cmd`.");
    }

    @Test
    void replacesItsOwnSectionAndKeepsTheRest() {
        String doc = "# B\n\n" + HistoryReadsFigure.BEGIN + "\nold\n" + HistoryReadsFigure.END + "\n\n## Figure 2\n";
        String out = HistoryReadsFigure.splice(doc, "new\n");
        assertThat(out)
                .isEqualTo("# B\n\n" + HistoryReadsFigure.BEGIN + "\nnew\n" + HistoryReadsFigure.END
                        + "\n\n## Figure 2\n");
    }

    @Test
    void appendsTheSectionToADocumentWithoutOne() {
        assertThat(HistoryReadsFigure.splice("# B\n", "new\n"))
                .isEqualTo("# B\n\n" + HistoryReadsFigure.BEGIN + "\nnew\n" + HistoryReadsFigure.END + "\n");
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextReportRendererTest {

    @Test
    void theDocumentedExampleFitsInTwentyLinesAndStatesEveryBlocker() {
        String text = new TextReportRenderer(false).render(DocumentedExample.report());
        List<String> lines = text.lines().toList();

        assertThat(lines).hasSizeLessThanOrEqualTo(20).allMatch(l -> l.length() <= 100);
        assertThat(lines)
                .contains(
                        "  node cordoned (unschedulable) — 1 node: 10.3.0.118",
                        "  untolerated taint kwok.x-k8s.io/node: fake — 4 nodes: fake-node-a800-[01-04]",
                        "  insufficient nvidia.com/gpu (0 allocatable of 8 requested) — 2 nodes: 10.3.0.[122-123]");
        assertThat(lines).anyMatch(l -> l.startsWith("Pod: sulingang-diagnose-node-taint-master-0; Queue: default"));
        assertThat(lines).anyMatch(l -> l.startsWith("Verdict: FITS_LATER — fits later, after a change"));
        assertThat(text).doesNotContain("\u001b");
    }

    @Test
    void colourIsOnlyUsedWhenAsked() {
        String coloured = new TextReportRenderer(true).render(DocumentedExample.report());
        assertThat(coloured).contains("\u001b[1m", "\u001b[33mVerdict: FITS_LATER — fits later");
        assertThat(coloured.replaceAll("\u001b\\[[0-9;]*m", ""))
                .isEqualTo(new TextReportRenderer(false).render(DocumentedExample.report()));
    }

    @Test
    void tenThousandNodesInThirtyReasonsStayWellUnderAHundredLines() {
        DiagnosisReport report = Reports.large(10_000, 30);
        List<String> lines =
                new TextReportRenderer(false).render(report).lines().toList();

        assertThat(lines.size()).isLessThan(100);
        assertThat(lines).allMatch(l -> l.length() <= 100);
        // each reason names 333 or 334 scattered nodes: the line shows the first ranges and counts the rest
        assertThat(lines)
                .contains("  untolerated taint team-0: reserved — 334 nodes: "
                        + "node-[00000,00030,00060,00090], … and 330 more");
        assertThat(lines)
                .filteredOn(l -> l.startsWith("  untolerated taint team-") && l.contains(", … and 3"))
                .hasSize(30);
    }

    @Test
    void moreReasonsThanTheCapAreCountedNotListed() {
        DiagnosisReport report = Reports.large(600, 60);
        List<String> lines =
                new TextReportRenderer(false).render(report).lines().toList();
        assertThat(lines.size()).isLessThan(100);
        assertThat(lines).contains("… and 20 more reasons (see the JSON or HTML report)");
    }

    @Test
    void wrappingKeepsWordsAndFoldsAWordWiderThanALineWithoutCuttingIt() {
        assertThat(TextReportRenderer.wrap("a ".repeat(60).strip(), "  "))
                .containsExactly("a ".repeat(50).strip(), "  " + "a ".repeat(10).strip());
        List<String> folded = TextReportRenderer.wrap("start " + "y".repeat(150), "  ");
        assertThat(folded).allMatch(l -> l.length() <= 100).noneMatch(l -> l.contains("…"));
        assertThat(Arrays.asList("start")).containsExactly(folded.get(0));
        assertThat(String.join("", folded.subList(1, folded.size())).replace(" ", ""))
                .isEqualTo("y".repeat(150));
    }

    @Test
    void tableCellsFoldOntoContinuationLines() {
        List<String> lines = TextReportRenderer.table(
                List.of(new String[] {"Resource", "Requested", "Basis"}, new String[] {
                    "nvidia.com/gpu",
                    "8 per worker",
                    "per worker vs free per node (FailedScheduling: "
                            + "0/2 nodes are available: 2 Insufficient nvidia.com/gpu), less free on 2 of 2 nodes of pool "
                            + "sim-pool-with-a-long-name"
                }),
                new int[] {30, 20});
        assertThat(lines).allMatch(l -> l.length() <= 100).noneMatch(l -> l.contains("…"));
        assertThat(String.join(" ", lines).replaceAll(" +", " "))
                .contains("less free on 2 of 2 nodes of pool")
                .contains("sim-pool-with-a-long-name");
        assertThat(lines.get(2)).startsWith(" ".repeat(14 + 2 + 12 + 2));
    }
}

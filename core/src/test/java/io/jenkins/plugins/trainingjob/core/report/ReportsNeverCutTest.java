package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The text, Markdown and HTML reports wrap, they never cut: the only ellipsis left is "… and N more",
 * which says how much a list folded. The sentence a person acts on (verdict, headline, suggestions) and
 * the ids a person copies (job, diagnosis) appear whole; text lines stay within 100 columns.
 */
class ReportsNeverCutTest {

    /** "…" only as "… and N more": the report says how many it folded. */
    private static final Pattern ELLIPSIS = Pattern.compile("…(?! and \\d+ more)");

    static Stream<Arguments> reports() {
        return Stream.of(
                Arguments.of("the documented example", DocumentedExample.report()),
                Arguments.of("a 2,740-node pool", Reports.large(2_740, 60)),
                Arguments.of("hostile strings", Reports.hostile()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reports")
    void noFormatCutsASentenceOrAnId(String name, DiagnosisReport report) {
        for (ReportFormat format : List.of(ReportFormat.TEXT, ReportFormat.MARKDOWN, ReportFormat.HTML)) {
            String rendered = format.render(report);
            Matcher cut = ELLIPSIS.matcher(rendered);
            assertThat(cut.find())
                    .as(
                            "%s as %s cuts at: %s",
                            name,
                            format,
                            cut.find(0) ? rendered.substring(Math.max(0, cut.start() - 60), cut.start() + 1) : "")
                    .isFalse();
        }
        String text = ReportFormat.TEXT.render(report);
        assertThat(text.lines()).as(name).allMatch(l -> l.length() <= TextReportRenderer.WIDTH);
        String unfolded = text.replaceAll("\\s+", " ");
        String whole = text.replaceAll("\\s+", "");
        assertThat(unfolded).contains(ReportLimits.bounded(report.verdictText()).replaceAll("\\s+", " "));
        report.hints().stream().limit(ReportLimits.MAX_HINTS).forEach(h -> assertThat(whole)
                .contains(ReportLimits.bounded(h.text()).replaceAll("\\s+", "")));
        if (!report.diagnosisId().isEmpty()) {
            assertThat(whole)
                    .contains(ReportLimits.bounded(report.diagnosisId()).replaceAll("\\s+", ""));
        }
    }
}

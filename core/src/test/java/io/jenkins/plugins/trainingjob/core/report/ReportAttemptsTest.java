package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A report of a submit that took several attempts has a section per attempt in text, Markdown and HTML:
 * target, pre-flight verdict, job, outcome, wait and why it moved on; remote text escaped, lines at most
 * 100 columns, nothing cut. Without attempts every format reads as before.
 */
class ReportAttemptsTest {

    private static final String LONG_REASON = "still pending after the pending timeout (diagnosis kept); stopped,"
            + " moved to target 2 after confirming job pytorchjob-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-1"
            + " stopped";

    private final DiagnosisReport report = DocumentedExample.report();
    private final List<Attempt> attempts = List.of(
            new Attempt(
                    1,
                    "primary",
                    "tok-a1",
                    "pytorchjob-1",
                    Verdict.FITS_LATER,
                    "unschedulable",
                    Duration.ofMinutes(10),
                    LONG_REASON),
            new Attempt(
                    2,
                    "connection=aihc-b,queue=<script>q3</script>",
                    "tok-a2",
                    "pytorchjob-2",
                    Verdict.FITS_NOW,
                    "scheduled",
                    Duration.ofSeconds(12),
                    ""));

    @Test
    void textHasASectionPerAttemptWrappedAt100ColumnsWithNothingCut() {
        String text = ReportFormat.TEXT.render(report, attempts);

        assertThat(text)
                .contains("Attempts (2)")
                .contains("  1. primary: job pytorchjob-1")
                .contains("pre-flight FITS_LATER, unschedulable, waited 10 min")
                .contains("  2. connection=aihc-b,queue=<script>q3</script>: job pytorchjob-2")
                .contains("pre-flight FITS_NOW, scheduled, waited 12 s");
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        // folded, not cut: joined again, the reason is whole
        assertThat(unfold(text)).contains(LONG_REASON);
        // the attempts come before the findings, right after the verdict
        assertThat(text.indexOf("Attempts (2)")).isLessThan(text.indexOf("NodeTaintToleranceDiagnostics"));
    }

    @Test
    void markdownHasAHeadingPerAttemptAndEscapesRemoteText() {
        String md = ReportFormat.MARKDOWN.render(report, attempts);

        assertThat(md)
                .contains("## Attempts")
                .contains("### Attempt 1: primary")
                .contains("- **Pre-flight:** FITS_LATER")
                .contains("- **Waited:** 10 min")
                .contains("### Attempt 2: connection=aihc-b,queue=&lt;script&gt;q3&lt;/script&gt;")
                .doesNotContain("<script>");
        // the section's lines (the findings' table rows are never folded: Markdown needs one line per row)
        String section = md.substring(md.indexOf("## Attempts"), md.indexOf("##", md.indexOf("### Attempt 2")));
        assertThat(section.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        assertThat(unfold(md)).contains(MarkdownReportRenderer.esc(LONG_REASON));
    }

    @Test
    void htmlHasASectionPerAttemptAndEscapesRemoteText() throws Exception {
        String html = ReportFormat.HTML.render(report, attempts);

        assertThat(html)
                .contains("<h2>Attempts</h2>")
                .contains("<section class=\"attempt\">\n<h3>Attempt 1: primary</h3>")
                .contains("<dt>Why it moved on</dt><dd>" + LONG_REASON + "</dd>")
                .contains("<h3>Attempt 2: connection=aihc-b,queue=&lt;script&gt;q3&lt;/script&gt;</h3>")
                .doesNotContain("<script>");
        // for a person to look at (the screenshot in the change note): target/attempts.html
        Path out = Path.of("target", "attempts.html");
        Files.createDirectories(out.getParent());
        Files.writeString(out, html);
    }

    @Test
    void withoutAttemptsEveryFormatIsTheReportAlone() {
        for (ReportFormat f : ReportFormat.values()) {
            assertThat(f.render(report, List.of())).isEqualTo(f.render(report));
        }
        assertThat(ReportFormat.TEXT.render(report)).doesNotContain("Attempts");
        // JSON and JUnit stay the report alone: the CLI's JSON and the steps' results list the attempts
        assertThat(ReportFormat.JSON.render(report, attempts)).isEqualTo(ReportFormat.JSON.render(report));
    }

    private static String unfold(String s) {
        return String.join(" ", Arrays.stream(s.split("\n")).map(String::strip).toList());
    }
}

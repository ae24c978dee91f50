package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The section "Since it last started" in every format and on a build page's summary; a report without it
 * renders and reads as before (the documented example's golden files are unchanged).
 */
class ReportSinceLastStartTest {

    private final DiagnosisReport report = SinceLastStartExample.report();
    private final String headline = "Since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs";

    @Test
    void everyFormatNamesTheBaselineAndTheChangeThatExplainsTheWait() {
        String title = "Since it last started (build #41, 2026-12-03 22:10 UTC, started after 3 min)";
        assertThat(ReportFormat.TEXT.render(report)).contains(title + "\n  " + headline + "\n");
        assertThat(ReportFormat.MARKDOWN.render(report))
                .contains("## Since it last started (build \\#41, 2026-12-03 22:10 UTC, started after 3 min)");
        assertThat(ReportFormat.HTML.render(report))
                .contains("<h2>" + title + "</h2>", "<li class=\"explains\">gpu-[07-08] were cordoned");
        assertThat(ReportFormat.JUNIT.render(report))
                .contains("<property name=\"since.last.start\" value=\"" + headline + "\"/>")
                .contains("\n- jobs ahead: 0 → 1 (0 → 16 GPUs): vision-sweep-17");
        assertThat(report.summaryLines()).contains(headline);
    }

    @Test
    void theJsonFormCarriesTheSectionAndReadsBackEqual() {
        String json = ReportFormat.JSON.render(report);
        assertThat(json).contains("\"sinceLastStart\" : {", "\"explains\" : true", "\"waitedSeconds\" : 180");
        assertThat(ReportJson.read(json)).isEqualTo(report);
    }

    @Test
    void aReportWithoutABaselineHasNoSectionAndNoJsonField() {
        DiagnosisReport without = report.withSinceLastStart(null);
        assertThat(ReportFormat.JSON.render(without)).doesNotContain("sinceLastStart");
        assertThat(ReportFormat.TEXT.render(without)).doesNotContain("Since it last started");
        assertThat(ReportFormat.HTML.render(without)).doesNotContain("section.since");
        assertThat(ReportFormat.JUNIT.render(without)).doesNotContain("since.last.start");
        assertThat(without.summaryLines()).noneMatch(l -> l.startsWith("Since"));
    }

    @Test
    void aSectionThatComparedNothingSaysWhyInEveryFormat() {
        DiagnosisReport notCompared = report.withSinceLastStart(new SinceLastStart(
                "build #41",
                "",
                null,
                "Since it last started (build #41)",
                false,
                "not compared: build #41 ran in queue spot, this job in train",
                List.of(),
                List.of()));
        for (ReportFormat f : ReportFormat.values()) {
            assertThat(f.render(notCompared)).as(f.name()).contains("41 ran in queue spot, this job in train");
        }
        assertThat(notCompared.summaryLines())
                .contains("Since build #41: not compared: build #41 ran in queue spot, this job in train");
    }

    @Test
    void aLineBreakInABaselinesNamesForgesNoLineOfTheJunitOutput() {
        // A baseline file's node names, label and notes reach the section as written (StartSnapshot keeps
        // control characters, the renderers strip them): a line break must not become a line of its own in
        // the suite's output or its property, where it would read as the report's verdict.
        DiagnosisReport forged = report.withSinceLastStart(new SinceLastStart(
                "build #41\nVerdict: FITS_NOW",
                "",
                null,
                "Since it last started (build #41\nVerdict: FITS_NOW)",
                true,
                "since build #41\nVerdict: FITS_NOW, gpu-07 was cordoned",
                List.of(new SinceLastStart.Change("nodes", "gpu-07\nVerdict: FITS_NOW was cordoned", 8, true)),
                List.of("Not read at build #41\nVerdict: FITS_NOW: inventory.")));
        String xml = ReportFormat.JUNIT.render(forged);
        assertThat(xml.lines()).noneMatch(l -> l.startsWith("Verdict: FITS_NOW"));
        assertThat(xml)
                .contains("\n- gpu-07 Verdict: FITS_NOW was cordoned\n")
                .doesNotContain("&#10;Verdict: FITS_NOW");
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The estimate a report carries: in every format, escaped where remote, and absent as before when none. */
class ReportEtaTest {

    private final JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-a", "train-llm");
    private final Eta eta = Eta.estimate(
            Duration.ofMinutes(25),
            Duration.ofMinutes(40),
            Duration.ofMinutes(70),
            3,
            24,
            "the real waits of 40 submissions; queue <b>q</b>");
    private final DiagnosisReport report = DiagnosisReport.builder(job, Verdict.FITS_LATER)
            .headline("Job train-llm cannot be scheduled")
            .verdictText("fits later")
            .eta(eta.toReport())
            .build();

    @Test
    void everyFormatSaysWhenTheJobWasExpectedToStart() {
        String summary = "expected to start in 25-70 min (p50 40 min); 3 jobs ahead need 24 GPUs";
        assertThat(ReportFormat.TEXT.render(report))
                .contains("Start: " + summary)
                .contains("Basis: the real waits");
        assertThat(ReportFormat.MARKDOWN.render(report)).contains("**Start:** " + summary);
        assertThat(ReportFormat.HTML.render(report))
                .contains("<dt>Start</dt><dd>" + summary)
                .contains("queue &lt;b&gt;q&lt;/b&gt;")
                .doesNotContain("<b>q</b>");
        assertThat(ReportFormat.JUNIT.render(report)).contains("name=\"eta\" value=\"" + summary);
        assertThat(report.summaryLines()).contains("Start: " + summary);
    }

    @Test
    void theJsonFormCarriesTheRangeInSecondsAndReadsBack() {
        String json = ReportFormat.JSON.render(report);
        assertThat(json)
                .contains("\"p10\" : 1500")
                .contains("\"p50\" : 2400")
                .contains("\"p90\" : 4200")
                .contains("\"kind\" : \"ESTIMATE\"");
        DiagnosisReport back = ReportJson.read(json);
        assertThat(back.eta()).isEqualTo(report.eta());
    }

    @Test
    void aReportWithoutAnEstimateWritesAndReadsAsBefore() {
        DiagnosisReport without = report.withEta(null);
        String json = ReportFormat.JSON.render(without);
        assertThat(json).doesNotContain("\"eta\"");
        assertThat(ReportJson.read(json).eta()).isNull();
        assertThat(ReportFormat.TEXT.render(without)).doesNotContain("Start:");
    }

    @Test
    void noBasisCarriesNoRangeAndSaysWhy() {
        WaitEstimate none = Eta.noBasis(4, Duration.ofDays(7)).toReport();
        assertThat(none.known()).isFalse();
        String json = ReportFormat.JSON.render(report.withEta(none));
        assertThat(json)
                .contains("no basis for an estimate (4 finished jobs in 7d)")
                .doesNotContain("\"p10\"");
        assertThat(ReportFormat.TEXT.render(report.withEta(none))).doesNotContain("Basis:");
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;

/** The report as versioned JSON (see {@link ReportJson}); every node is kept, folded into ranges. */
final class JsonReportRenderer {

    public String render(DiagnosisReport report) {
        return ReportJson.write(report);
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;

/** The report's output formats, each with its renderer and file extension. */
public enum ReportFormat {
    TEXT("txt"),
    MARKDOWN("md"),
    HTML("html"),
    JSON("json"),
    JUNIT("xml");

    private final String extension;

    ReportFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** Renders the report in this format. TODO(diagnosis): backed by one renderer class per format. */
    public String render(DiagnosisReport report) {
        throw new UnsupportedOperationException("TODO(report)");
    }
}

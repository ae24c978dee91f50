package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.List;
import java.util.Locale;

/**
 * The reports' output formats, each with its renderers (the diagnosis report's and the short report of any
 * other outcome's) and file extension.
 */
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

    /** Renders the report in this format; text comes without colour (see {@link TextReportRenderer}). */
    public String render(DiagnosisReport report) {
        return switch (this) {
            case TEXT -> new TextReportRenderer(false).render(report);
            case MARKDOWN -> new MarkdownReportRenderer().render(report);
            case HTML -> new HtmlReportRenderer().render(report);
            case JSON -> new JsonReportRenderer().render(report);
            case JUNIT -> new JunitReportRenderer().render(report);
        };
    }

    /**
     * As {@link #render(DiagnosisReport)} for the last diagnosed attempt of a submit that took several: text,
     * Markdown and HTML add a section per attempt; JSON and JUnit XML stay the report alone (the CLI's JSON
     * and the steps' results carry the attempts).
     */
    public String render(DiagnosisReport report, List<Attempt> attempts) {
        if (attempts == null || attempts.isEmpty()) {
            return render(report);
        }
        return switch (this) {
            case TEXT -> new TextReportRenderer(false).render(report, attempts);
            case MARKDOWN -> new MarkdownReportRenderer().render(report, attempts);
            case HTML -> new HtmlReportRenderer().render(report, attempts);
            case JSON, JUNIT -> render(report);
        };
    }

    /**
     * Renders the short report of a wait that ended any way but unschedulable in this format, with the same
     * escaping as the diagnosis report's.
     */
    public String render(OutcomeSummary summary) {
        return switch (this) {
            case TEXT -> OutcomeTextRenderer.text().render(summary);
            case MARKDOWN -> OutcomeTextRenderer.markdown().render(summary);
            case HTML -> new OutcomeHtmlRenderer().render(summary);
            case JSON -> new OutcomeJsonRenderer().render(summary);
            case JUNIT -> new OutcomeJunitRenderer().render(summary);
        };
    }

    /** Parses a format name as users type it: {@code text}, {@code md}, {@code markdown}, {@code junit}... */
    public static ReportFormat parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (ReportFormat f : values()) {
            if (f.name().toLowerCase(Locale.ROOT).equals(n) || f.extension.equals(n)) {
                return f;
            }
        }
        throw InvalidInputException.worded(
                "format", "unknown report format '" + name + "': expected text, markdown, html, json or junit");
    }
}

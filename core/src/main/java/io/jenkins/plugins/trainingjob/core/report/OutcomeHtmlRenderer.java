package io.jenkins.plugins.trainingjob.core.report;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The short report of an outcome as a standalone HTML page: the headline, a table of facts, the last
 * events, the attempts and the log tail. Remote strings and our own words alike go through the diagnosis
 * report's one HTML escape ({@link HtmlReportRenderer#esc}).
 */
final class OutcomeHtmlRenderer {

    String render(OutcomeSummary summary) {
        UnaryOperator<String> raw = UnaryOperator.identity();
        String title = HtmlReportRenderer.esc(summary.headline());
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(title)
                .append("</title></head><body>\n<h1>")
                .append(title)
                .append("</h1>\n<table>\n");
        for (String[] f : summary.facts(raw)) {
            b.append("<tr><th>")
                    .append(HtmlReportRenderer.esc(f[0]))
                    .append("</th><td>")
                    .append(HtmlReportRenderer.esc(f[1]))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        List<String> events = summary.events(raw);
        if (!events.isEmpty()) {
            b.append("<h2>Last events</h2>\n<ul>\n");
            events.forEach(
                    e -> b.append("<li>").append(HtmlReportRenderer.esc(e)).append("</li>\n"));
            b.append("</ul>\n");
        }
        if (!summary.attempts().isEmpty()) {
            b.append("<h2>Attempts</h2>\n<ol>\n");
            summary.attempts().forEach(a -> b.append("<li>")
                    .append(HtmlReportRenderer.esc(a.line()))
                    .append("</li>\n"));
            b.append("</ol>\n");
        }
        if (summary.tail() != null) {
            b.append("<h2>")
                    .append(HtmlReportRenderer.esc(summary.tailTitle(raw)))
                    .append("</h2>\n<pre>");
            summary.tail().lines().forEach(l -> b.append(HtmlReportRenderer.esc(l))
                    .append('\n'));
            b.append("</pre>\n");
            if (!summary.tail().note().isEmpty()) {
                b.append("<p>")
                        .append(HtmlReportRenderer.esc(summary.tail().note()))
                        .append("</p>\n");
            }
        }
        return b.append("</body></html>\n").toString();
    }
}

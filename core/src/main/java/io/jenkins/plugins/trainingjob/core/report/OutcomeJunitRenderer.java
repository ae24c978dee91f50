package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass;

/**
 * The short report of an outcome as a JUnit XML suite of one test case, which a CI's test view shows: passed
 * when the outcome is a success ({@link OutcomeClass#SUCCESS}), else failed with the headline as its
 * message; the plain text report is the body. Escaped for XML as the diagnosis report's JUnit file is
 * ({@link JunitReportRenderer#esc}, {@link JunitReportRenderer#escText}).
 */
final class OutcomeJunitRenderer {

    String render(OutcomeSummary summary) {
        boolean ok = OutcomeClass.of(summary.outcome()) == OutcomeClass.SUCCESS;
        // Remote parts one line each here: the XML escaping strips, bounds and drops once, line by line.
        String body = OutcomeTextRenderer.raw().render(summary);
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<testsuite name=\"trainjob\" tests=\"1\" failures=\"")
                .append(ok ? 0 : 1)
                .append("\">\n")
                .append("  <testcase classname=\"trainjob.")
                .append(summary.job().platform().id())
                .append("\" name=\"")
                .append(JunitReportRenderer.esc(summary.job().name()))
                .append("\">\n");
        if (ok) {
            b.append("    <system-out>")
                    .append(JunitReportRenderer.escText(body))
                    .append("</system-out>\n");
        } else {
            b.append("    <failure message=\"")
                    .append(JunitReportRenderer.esc(summary.headline()))
                    .append("\" type=\"")
                    .append(summary.kind())
                    .append("\">")
                    .append(JunitReportRenderer.escText(body))
                    .append("</failure>\n");
        }
        return b.append("  </testcase>\n</testsuite>\n").toString();
    }
}

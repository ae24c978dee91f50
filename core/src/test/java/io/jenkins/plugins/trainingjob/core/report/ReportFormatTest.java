package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReportFormatTest {

    @Test
    void namesAndExtensionsParse() {
        assertThat(ReportFormat.parse("text")).isEqualTo(ReportFormat.TEXT);
        assertThat(ReportFormat.parse("MD")).isEqualTo(ReportFormat.MARKDOWN);
        assertThat(ReportFormat.parse(" junit ")).isEqualTo(ReportFormat.JUNIT);
        assertThat(ReportFormat.parse("xml")).isEqualTo(ReportFormat.JUNIT);
        assertThatThrownBy(() -> ReportFormat.parse("pdf"))
                .hasMessage("unknown report format 'pdf': expected text, markdown, html, json or junit");
    }

    @Test
    void largeReportsStayBoundedInEveryHumanFormat() {
        var report = Reports.large(10_000, 30);
        assertThat(ReportFormat.MARKDOWN.render(report).lines().count()).isLessThan(150);
        String html = ReportFormat.HTML.render(report);
        assertThat(html.split("class=\"cell c-", -1).length - 1).isLessThanOrEqualTo(301);
        assertThat(html).contains("… and ");
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.util.List;

/**
 * The report as Markdown (for pull-request comments, job summaries, wikis). Remote strings are stripped of
 * control characters and escaped, so a value cannot open a code span, a link, a table cell or raw HTML;
 * snippets sit in fences longer than any backtick run they contain. The same caps as the text report.
 */
final class MarkdownReportRenderer {

    public String render(DiagnosisReport report) {
        return render(report, List.of());
    }

    /** As {@link #render(DiagnosisReport)}, with a section per attempt of a submit that took several. */
    public String render(DiagnosisReport report, List<Attempt> attempts) {
        StringBuilder b = new StringBuilder();
        b.append("# Schedule diagnosis: ").append(esc(report.job().name())).append("\n\n");
        b.append(paragraph("**" + esc(report.headline()) + "**", "")).append("\n\n");
        b.append(paragraph("- **Verdict:** " + report.verdict().name() + " — " + esc(report.verdictText()), "  "))
                .append('\n');
        if (report.eta() != null) {
            b.append(paragraph("- **Start:** " + esc(report.eta().summary()), "  "))
                    .append('\n');
            if (report.eta().known()) {
                b.append(paragraph("- **Basis:** " + esc(report.eta().basis()), "  "))
                        .append('\n');
            }
        }
        b.append("- **Job:** ")
                .append(esc(report.job().name()))
                .append(" (")
                .append(esc(report.job().platform().displayName()))
                .append(", id ")
                .append(esc(report.job().id()))
                .append(")\n");
        if (!report.diagnosisId().isEmpty()) {
            b.append("- **Diagnosis:** ").append(esc(report.diagnosisId())).append('\n');
        }
        if (!report.pods().isEmpty()) {
            b.append("- **Pods:** ")
                    .append(esc(String.join(", ", report.pods())))
                    .append('\n');
        }
        if (!report.queues().isEmpty()) {
            b.append("- **Queues:** ")
                    .append(esc(String.join(", ", report.queues())))
                    .append('\n');
        }
        since(report.sinceLastStart(), b);
        attempts(attempts, b);
        rules(report, b);
        resources(report, b);
        hints(report, b);
        return b.toString();
    }

    /** What changed since the job last started: a heading naming the baseline, the headline, a list. */
    private static void since(SinceLastStart since, StringBuilder b) {
        if (since == null) {
            return;
        }
        b.append("\n## ").append(esc(since.title())).append("\n\n"); // a heading is one line, as every heading here
        b.append(paragraph("**" + esc(since.sentence()) + "**", "")).append('\n');
        if (!since.changes().isEmpty()) {
            b.append('\n');
            for (SinceLastStart.Change c : since.changes()) {
                b.append(paragraph("- " + esc(c.text()), "  ")).append('\n');
            }
        }
        for (String note : since.notes()) {
            b.append('\n').append(paragraph(esc(note), "")).append('\n');
        }
    }

    /** A heading per attempt and its facts as a list: table rows could not be folded at 100 columns. */
    private static void attempts(List<Attempt> attempts, StringBuilder b) {
        if (attempts.isEmpty()) {
            return;
        }
        b.append("\n## Attempts\n");
        for (Attempt a : attempts) {
            b.append("\n### Attempt ")
                    .append(a.number())
                    .append(": ")
                    .append(esc(a.target()))
                    .append("\n\n");
            b.append("- **Job:** ")
                    .append(a.jobId().isEmpty() ? "none created" : esc(a.jobId()))
                    .append('\n');
            if (a.verdict() != null) {
                b.append("- **Pre-flight:** ").append(a.verdict().name()).append('\n');
            }
            if (!a.outcome().isEmpty()) {
                b.append("- **Outcome:** ").append(esc(a.outcome())).append('\n');
            }
            b.append("- **Waited:** ").append(DurationText.compact(a.waited())).append('\n');
            if (!a.reason().isEmpty()) {
                b.append(paragraph("- **Why it moved on:** " + esc(a.reason()), "  "))
                        .append('\n');
            }
        }
    }

    private static void rules(DiagnosisReport report, StringBuilder b) {
        int shown = 0;
        int total = report.rules().stream().mapToInt(r -> r.reasons().size()).sum();
        for (RuleGroup rule : report.rules()) {
            if (shown >= ReportLimits.MAX_REASONS) {
                break;
            }
            b.append("\n## ").append(rule.rule().isEmpty() ? "(unnamed rule)" : esc(rule.rule()));
            if (!rule.ruleType().isEmpty() && !rule.ruleType().equals(rule.rule())) {
                b.append(" (").append(esc(rule.ruleType())).append(')');
            }
            b.append("\n\n| Reason | Category | Nodes | Node names |\n|---|---|---:|---|\n");
            for (ReasonGroup reason : rule.reasons()) {
                if (shown >= ReportLimits.MAX_REASONS) {
                    break;
                }
                shown++;
                String text = (reason.reason().isEmpty() ? "(no reason given)" : esc(reason.reason()))
                        + ReasonText.shortfall(reason, MarkdownReportRenderer::esc);
                b.append("| ")
                        .append(text)
                        .append(" | ")
                        .append(reason.category().title())
                        .append(" | ")
                        .append(reason.nodeCount())
                        .append(" | ")
                        .append(ReasonText.namesCell(reason, MarkdownReportRenderer::esc))
                        .append(" |\n");
            }
        }
        if (shown < total) {
            b.append("\n… and ")
                    .append(ReportLimits.plural(total - shown, "more reason", "more reasons"))
                    .append(" (see the JSON report)\n");
        }
    }

    private static void resources(DiagnosisReport report, StringBuilder b) {
        if (report.resources().isEmpty()) {
            return;
        }
        b.append(
                "\n## Resources\n\n| Resource | Requested | Available | Nodes short | Basis |\n|---|---:|---:|---:|---|\n");
        int n = Math.min(ReportLimits.MAX_RESOURCES, report.resources().size());
        for (int i = 0; i < n; i++) {
            ResourceRow r = report.resources().get(i);
            b.append("| ")
                    .append(esc(r.resource()))
                    .append(" | ")
                    .append(esc(r.requested()))
                    .append(" | ")
                    .append(esc(r.available()))
                    .append(" | ")
                    .append(r.basis().startsWith("per pod") ? Integer.toString(r.nodesShort()) : "-")
                    .append(" | ")
                    .append(esc(r.basis()))
                    .append(" |\n");
        }
        if (n < report.resources().size()) {
            b.append("\n… and ").append(report.resources().size() - n).append(" more resources\n");
        }
    }

    private static void hints(DiagnosisReport report, StringBuilder b) {
        if (report.hints().isEmpty()) {
            return;
        }
        b.append("\n## Suggestions\n\n");
        int n = Math.min(ReportLimits.MAX_HINTS, report.hints().size());
        for (int i = 0; i < n; i++) {
            Hint h = report.hints().get(i);
            b.append(paragraph("- " + esc(h.text()), "  ")).append('\n');
            if (!h.snippet().isEmpty()) {
                fence(h.snippet(), b);
            }
        }
        if (n < report.hints().size()) {
            b.append("\n… and ").append(report.hints().size() - n).append(" more suggestions\n");
        }
    }

    /**
     * Folds a paragraph (or list item) at spaces to 100 columns, continuation lines indented by
     * {@code indent}: the source reads well in a terminal and renders as one paragraph. A word is never
     * split (an id would render with a space in it), and table rows are never folded (Markdown needs one
     * line per row).
     */
    static String paragraph(String text, String indent) {
        StringBuilder out = new StringBuilder();
        int lineStart = 0;
        boolean empty = true;
        for (String word : text.split(" ")) {
            if (!empty && out.length() - lineStart + 1 + word.length() > TextReportRenderer.WIDTH) {
                out.append('\n');
                lineStart = out.length();
                out.append(indent);
                empty = true;
            }
            out.append(empty ? "" : " ").append(word);
            empty = false;
        }
        return out.toString();
    }

    /** A fenced block, indented under its list item, with a fence longer than any backtick run inside. */
    private static void fence(String snippet, StringBuilder b) {
        b.append('\n')
                .append(RemoteText.markdownFence(List.of(snippet.split("\n", -1)), "  "))
                .append('\n');
    }

    /** Strips control characters, bounds hostile lengths and escapes Markdown and HTML syntax. */
    static String esc(String remote) {
        return RemoteText.markdown(remote);
    }
}

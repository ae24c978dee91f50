package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The report as one standalone HTML page: inline CSS, no script and no external resource (a
 * Content-Security-Policy says so too), a grid of nodes coloured by reason and a table per rule. Every
 * remote string is stripped of control characters and HTML-escaped, attributes included.
 */
final class HtmlReportRenderer {

    private static final String CSS = String.join(
            "\n",
            "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em;color:#1d2330;max-width:80em}",
            "h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.6em}h3{font-size:1em}",
            "table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #c8ccd4;padding:.3em .6em;"
                    + "text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#eef0f4}td.n{text-align:right}",
            ".verdict{padding:.6em 1em;border-radius:4px}.v-never_fits{background:#fde2e1}"
                    + ".v-fits_later{background:#fff3cd}.v-unknown{background:#eef0f4}",
            ".grid{display:flex;flex-wrap:wrap;gap:4px}.cell{padding:.2em .5em;border-radius:3px;font-size:.85em;"
                    + "font-family:monospace}",
            ".c-cordoned{background:#cfe2ff}.c-untolerated_taint{background:#e2d9f3}"
                    + ".c-insufficient_resource{background:#f8d7da}.c-queue_or_quota{background:#fff3cd}"
                    + ".c-configuration{background:#f5c2c7}.c-other{background:#e9ecef}.c-context{background:#f8f9fa}"
                    + ".c-node_unavailable{background:#cfe2ff}.c-node_selection{background:#f5c2c7}"
                    + ".c-pod_placement{background:#fff3cd}.c-storage{background:#d1e7dd}",
            "dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:bold}dd{margin:0}",
            "pre{background:#f6f8fa;padding:.6em;border-radius:4px}");

    /** Only reports with attempts carry it, so the others stay as they were. */
    private static final String ATTEMPT_CSS =
            "section.attempt{border-left:4px solid #c8ccd4;padding:0 0 0 .8em;margin:.8em 0}"
                    + "section.attempt h3{margin:.2em 0 .4em}";

    /** Only reports with a "Since it last started" section carry it, so the others stay as they were. */
    private static final String SINCE_CSS = "section.since{border-left:4px solid #f0ad4e;padding:0 0 0 .8em;"
            + "margin:1em 0}section.since h2{margin:.2em 0 .4em}li.explains{font-weight:bold}"
            + "p.since-note{color:#4a5160;font-size:.9em}";

    public String render(DiagnosisReport report) {
        return render(report, List.of());
    }

    /** As {@link #render(DiagnosisReport)}, with a section per attempt of a submit that took several. */
    public String render(DiagnosisReport report, List<Attempt> attempts) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                        + "style-src 'unsafe-inline'\">\n")
                .append("<title>Schedule diagnosis: ")
                .append(esc(report.job().name()))
                .append("</title>\n")
                .append("<style>\n")
                .append(CSS)
                // only pages that use them carry these, so reports without a pool picture stay as they were
                .append(
                        report.verdict() == io.jenkins.plugins.trainingjob.core.diagnosis.Verdict.FITS_NOW
                                ? "\n.v-fits_now{background:#d1e7dd}"
                                : "")
                .append(report.pool().isEmpty() ? "" : "\n" + PoolPictureHtml.CSS)
                .append(attempts.isEmpty() ? "" : "\n" + ATTEMPT_CSS)
                .append(report.sinceLastStart() == null ? "" : "\n" + SINCE_CSS)
                .append("\n</style>\n</head>\n<body>\n");
        b.append("<h1>").append(esc(report.headline())).append("</h1>\n");
        b.append("<p class=\"verdict v-")
                .append(report.verdict().name().toLowerCase(Locale.ROOT))
                .append("\"><strong>Verdict: ")
                .append(report.verdict().name())
                .append("</strong> — ")
                .append(esc(report.verdictText()))
                .append("</p>\n");
        b.append("<dl>\n");
        facts(report, b);
        b.append("</dl>\n");
        since(report.sinceLastStart(), b);
        attempts(attempts, b);
        if (report.pool().isEmpty()) {
            grid(report, b);
        } else {
            PoolPictureHtml.append(report, b); // the same nodes with their devices: it replaces the grid
        }
        rules(report, b);
        resources(report, b);
        hints(report, b);
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    /**
     * What changed since the job last started: the title naming the baseline, the headline, the changes
     * most important first (one that alone explains the wait is marked), then what was not compared.
     */
    private static void since(SinceLastStart since, StringBuilder b) {
        if (since == null) {
            return;
        }
        b.append("<section class=\"since\">\n<h2>")
                .append(esc(since.title()))
                .append("</h2>\n<p class=\"since-headline\"><strong>")
                .append(esc(since.sentence()))
                .append("</strong></p>\n");
        if (!since.changes().isEmpty()) {
            b.append("<ul>\n");
            for (SinceLastStart.Change c : since.changes()) {
                b.append(c.explains() ? "<li class=\"explains\">" : "<li>")
                        .append(esc(c.text()))
                        .append("</li>\n");
            }
            b.append("</ul>\n");
        }
        for (String note : since.notes()) {
            b.append("<p class=\"since-note\">").append(esc(note)).append("</p>\n");
        }
        b.append("</section>\n");
    }

    /** A section per attempt, first first; the one the job ran in (or ended in) is the last. */
    private static void attempts(List<Attempt> attempts, StringBuilder b) {
        if (attempts.isEmpty()) {
            return;
        }
        b.append("<h2>Attempts</h2>\n");
        for (Attempt a : attempts) {
            b.append("<section class=\"attempt\">\n<h3>Attempt ")
                    .append(a.number())
                    .append(": ")
                    .append(esc(a.target()))
                    .append("</h3>\n<dl>\n");
            dd(b, "Job", a.jobId().isEmpty() ? "none created" : a.jobId());
            if (a.verdict() != null) {
                dd(b, "Pre-flight", a.verdict().name());
            }
            if (!a.outcome().isEmpty()) {
                dd(b, "Outcome", a.outcome());
            }
            dd(b, "Waited", DurationText.compact(a.waited()));
            if (!a.reason().isEmpty()) {
                dd(b, "Why it moved on", a.reason());
            }
            b.append("</dl>\n</section>\n");
        }
    }

    /** The report's facts as definition rows: the estimate, the job, the diagnosis, pods, queues, refusing nodes. */
    private static void facts(DiagnosisReport report, StringBuilder b) {
        if (report.eta() != null) {
            dd(b, "Start", report.eta().summary());
            if (report.eta().known()) {
                dd(b, "Basis", report.eta().basis());
            }
        }
        dd(
                b,
                "Job",
                report.job().name() + " (" + report.job().platform().displayName() + ", id "
                        + report.job().id() + ")");
        if (!report.diagnosisId().isEmpty()) {
            dd(b, "Diagnosis", report.diagnosisId());
        }
        if (!report.pods().isEmpty()) {
            dd(b, "Pods", String.join(", ", report.pods()));
        }
        if (!report.queues().isEmpty()) {
            dd(b, "Queues", String.join(", ", report.queues()));
        }
        dd(b, "Nodes refusing", Integer.toString(report.nodeCount()));
    }

    private static void dd(StringBuilder b, String term, String value) {
        b.append("<dt>").append(term).append("</dt><dd>").append(esc(value)).append("</dd>\n");
    }

    /** One cell per folded node range, coloured by the category of its reason. */
    private static void grid(DiagnosisReport report, StringBuilder b) {
        if (report.nodeCount() == 0) {
            return;
        }
        b.append("<h2>Nodes by reason</h2>\n<div class=\"grid\">\n");
        int cells = 0;
        int hidden = 0;
        Set<ReasonCategory> used = EnumSet.noneOf(ReasonCategory.class);
        for (RuleGroup rule : report.rules()) {
            for (ReasonGroup reason : rule.reasons()) {
                for (NodeRange r : reason.nodes()) {
                    if (cells >= ReportLimits.MAX_GRID_CELLS) {
                        hidden += r.count();
                        continue;
                    }
                    cells++;
                    used.add(reason.category());
                    b.append("<span class=\"cell c-")
                            .append(reason.category().name().toLowerCase(Locale.ROOT))
                            .append("\" title=\"")
                            .append(esc(rule.rule() + ": " + reason.reason()))
                            .append("\">")
                            .append(esc(r.folded()));
                    if (r.count() > 1) {
                        b.append(" ×").append(r.count());
                    }
                    b.append("</span>\n");
                }
            }
        }
        if (hidden > 0) {
            b.append("<span class=\"cell\">… and ").append(hidden).append(" more</span>\n");
        }
        b.append("</div>\n<p>");
        for (ReasonCategory c : used) {
            b.append("<span class=\"cell c-")
                    .append(c.name().toLowerCase(Locale.ROOT))
                    .append("\">")
                    .append(c.title())
                    .append("</span> ");
        }
        b.append("</p>\n");
    }

    private static void rules(DiagnosisReport report, StringBuilder b) {
        int shown = 0;
        int total = report.rules().stream().mapToInt(r -> r.reasons().size()).sum();
        for (RuleGroup rule : report.rules()) {
            if (shown >= ReportLimits.MAX_REASONS) {
                break;
            }
            b.append("<h2>").append(rule.rule().isEmpty() ? "(unnamed rule)" : esc(rule.rule()));
            if (!rule.ruleType().isEmpty() && !rule.ruleType().equals(rule.rule())) {
                b.append(" <small>(").append(esc(rule.ruleType())).append(")</small>");
            }
            b.append("</h2>\n<table>\n<thead><tr><th>Reason</th><th>Category</th><th>Nodes</th><th>Node names</th>"
                    + "</tr></thead>\n<tbody>\n");
            for (ReasonGroup reason : rule.reasons()) {
                if (shown >= ReportLimits.MAX_REASONS) {
                    break;
                }
                shown++;
                String text = (reason.reason().isEmpty() ? "(no reason given)" : esc(reason.reason()))
                        + ReasonText.shortfall(reason, HtmlReportRenderer::esc);
                b.append("<tr class=\"c-")
                        .append(reason.category().name().toLowerCase(Locale.ROOT))
                        .append("\"><td>")
                        .append(text)
                        .append("</td><td>")
                        .append(reason.category().title())
                        .append("</td><td class=\"n\">")
                        .append(reason.nodeCount())
                        .append("</td><td>")
                        .append(ReasonText.namesCell(reason, HtmlReportRenderer::esc))
                        .append("</td></tr>\n");
            }
            b.append("</tbody>\n</table>\n");
        }
        if (shown < total) {
            b.append("<p>… and ")
                    .append(ReportLimits.plural(total - shown, "more reason", "more reasons"))
                    .append(" (see the JSON report)</p>\n");
        }
    }

    private static void resources(DiagnosisReport report, StringBuilder b) {
        if (report.resources().isEmpty()) {
            return;
        }
        b.append("<h2>Resources</h2>\n<table>\n<thead><tr><th>Resource</th><th>Requested</th><th>Available</th>"
                + "<th>Nodes short</th><th>Basis</th></tr></thead>\n<tbody>\n");
        int n = Math.min(ReportLimits.MAX_RESOURCES, report.resources().size());
        for (int i = 0; i < n; i++) {
            ResourceRow r = report.resources().get(i);
            b.append("<tr><td>")
                    .append(esc(r.resource()))
                    .append("</td><td class=\"n\">")
                    .append(esc(r.requested()))
                    .append("</td><td class=\"n\">")
                    .append(esc(r.available()))
                    .append("</td><td class=\"n\">")
                    .append(r.basis().startsWith("per pod") ? Integer.toString(r.nodesShort()) : "-")
                    .append("</td><td>")
                    .append(esc(r.basis()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
        if (n < report.resources().size()) {
            b.append("<p>… and ").append(report.resources().size() - n).append(" more resources</p>\n");
        }
    }

    private static void hints(DiagnosisReport report, StringBuilder b) {
        if (report.hints().isEmpty()) {
            return;
        }
        b.append("<h2>Suggestions</h2>\n<ul>\n");
        int n = Math.min(ReportLimits.MAX_HINTS, report.hints().size());
        for (int i = 0; i < n; i++) {
            Hint h = report.hints().get(i);
            b.append("<li>").append(esc(h.text()));
            if (!h.snippet().isEmpty()) {
                b.append("\n<pre><code>");
                String[] lines = h.snippet().split("\n", -1);
                for (int l = 0; l < lines.length; l++) {
                    b.append(l == 0 ? "" : "\n").append(esc(lines[l]));
                }
                b.append("</code></pre>");
            }
            b.append("</li>\n");
        }
        b.append("</ul>\n");
        if (n < report.hints().size()) {
            b.append("<p>… and ").append(report.hints().size() - n).append(" more suggestions</p>\n");
        }
    }

    /** Strips control characters, bounds hostile lengths and escapes for text and attribute contexts. */
    static String esc(String remote) {
        return RemoteText.html(remote);
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.PoolCell;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The pool picture of an HTML report: one tile per node of the queue (folded ranges in large pools, as the
 * report carries them), coloured by the reason the node refused the job, with its free and total devices
 * as a number and a bar. Drawn only when an inventory was joined. Every remote string is escaped.
 */
final class PoolPictureHtml {

    static final String CSS = String.join(
            "\n",
            ".pool{display:grid;grid-template-columns:repeat(auto-fill,minmax(11em,1fr));gap:6px;margin:.5em 0}",
            ".tile{border-radius:4px;padding:.35em .5em;font-size:.8em;border:1px solid #c8ccd4;overflow:hidden}",
            ".tile .name{font-family:monospace;font-weight:bold;overflow-wrap:anywhere}",
            ".tile .why{color:#3d4452}.tile .gpu{font-family:monospace}",
            ".bar{height:6px;background:#adb5bd;border-radius:3px;margin-top:.25em;overflow:hidden}",
            ".bar span{display:block;height:100%;background:#198754}",
            ".c-none{background:#e8f5e9}");

    private PoolPictureHtml() {}

    static void append(DiagnosisReport report, StringBuilder b) {
        if (report.pool().isEmpty()) {
            return;
        }
        int nodes = report.pool().stream().mapToInt(PoolCell::count).sum();
        b.append("<h2>The pool: ")
                .append(ReportLimits.plural(nodes, "node", "nodes"))
                .append(" of the queue, free/total devices</h2>\n<div class=\"pool\">\n");
        Set<ReasonCategory> used = EnumSet.noneOf(ReasonCategory.class);
        boolean anyFree = false;
        int shown = 0;
        int hidden = 0;
        for (PoolCell c : report.pool()) {
            if (shown >= ReportLimits.MAX_GRID_CELLS) {
                hidden += c.count();
                continue;
            }
            shown++;
            if (c.refusal() == null) {
                anyFree = true;
            } else {
                used.add(c.refusal());
            }
            appendTile(c, b);
        }
        if (hidden > 0) {
            b.append("<div class=\"tile\">… and ").append(hidden).append(" more nodes</div>\n");
        }
        b.append("</div>\n<p>");
        for (ReasonCategory c : used) {
            b.append("<span class=\"cell c-")
                    .append(c.name().toLowerCase(Locale.ROOT))
                    .append("\">")
                    .append(c.title())
                    .append("</span> ");
        }
        if (anyFree) {
            b.append("<span class=\"cell c-none\">not refused</span> ");
        }
        b.append("</p>\n");
    }

    /** One node's (or one folded range's) tile: its name, why it refused, its free and total devices. */
    private static void appendTile(PoolCell c, StringBuilder b) {
        String css = c.refusal() == null ? "none" : c.refusal().name().toLowerCase(Locale.ROOT);
        String why = c.refusal() == null ? "not refused" : c.refusal().title();
        if (!c.intervention().isEmpty() && c.refusal() == null) {
            why = c.intervention();
        }
        b.append("<div class=\"tile c-")
                .append(css)
                .append("\" title=\"")
                .append(HtmlReportRenderer.esc(c.nodes() + ": " + why))
                .append("\">")
                .append("<div class=\"name\">")
                .append(HtmlReportRenderer.esc(c.nodes()))
                .append(c.count() > 1 ? " ×" + c.count() : "")
                .append("</div>")
                .append("<div class=\"why\">")
                .append(HtmlReportRenderer.esc(why))
                .append("</div>");
        if (c.gpuTotal() >= 0) {
            long pct = c.gpuTotal() == 0 ? 0 : Math.round(100.0 * c.gpuFree() / c.gpuTotal());
            b.append("<div class=\"gpu\">")
                    .append(c.gpuFree())
                    .append('/')
                    .append(c.gpuTotal())
                    .append(' ')
                    .append(HtmlReportRenderer.esc(c.gpuResource().isEmpty() ? "devices" : c.gpuResource()))
                    .append(" free</div><div class=\"bar\"><span style=\"width:")
                    .append(pct)
                    .append("%\"></span></div>");
        } else {
            b.append("<div class=\"gpu\">not in the inventory</div>");
        }
        b.append("</div>\n");
    }
}

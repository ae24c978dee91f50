package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.List;

/**
 * The console report: at most 100 columns, stable order, no colour unless asked. Recognised reasons are
 * shown by their short label ({@code untolerated taint k: v}), others verbatim. Every remote string goes
 * through {@link ConsoleText#strip} and is cut when very long; node lists are folded and cut to one line
 * with "… and N more", and the number of reasons is capped, so the output stays short on large clusters.
 */
final class TextReportRenderer {

    static final int WIDTH = 100;
    private static final String BOLD = "\u001b[1m";
    private static final String RED = "\u001b[31m";
    private static final String YELLOW = "\u001b[33m";
    private static final String RESET = "\u001b[0m";

    private final boolean colour;

    /** @param colour whether to emphasise the headline and verdict with ANSI colours */
    public TextReportRenderer(boolean colour) {
        this.colour = colour;
    }

    public String render(DiagnosisReport report) {
        List<String> out = new ArrayList<>();
        List<String> headline = wrap(clean(report.headline()), "  ");
        for (String line : headline) {
            out.add(paint(BOLD, line));
        }
        String about = joinNonEmpty("; ",
                report.pods().isEmpty() ? "" : (report.pods().size() == 1 && !report.pods().get(0).contains("[")
                        ? "Pod: " : "Pods: ")
                        + clean(String.join(", ", report.pods())),
                report.queues().isEmpty() ? "" : (report.queues().size() == 1 ? "Queue: " : "Queues: ")
                        + clean(String.join(", ", report.queues())),
                report.diagnosisId().isEmpty() ? "" : "Diagnosis: " + clean(report.diagnosisId()));
        if (!about.isEmpty()) {
            out.addAll(wrap(about, "  "));
        }
        String colourOfVerdict = report.verdict() == Verdict.NEVER_FITS ? RED
                : report.verdict() == Verdict.FITS_LATER || report.verdict() == Verdict.NEEDS_ADMIN ? YELLOW : "";
        for (String line : wrap("Verdict: " + ConsoleText.strip(report.verdictText(), ReportLimits.MAX_VERDICT), "  ")) {
            out.add(paint(colourOfVerdict, line));
        }
        rules(report, out);
        resources(report, out);
        hints(report, out);
        return String.join("\n", out) + "\n";
    }

    private void rules(DiagnosisReport report, List<String> out) {
        if (report.rules().isEmpty()) {
            return;
        }
        out.add("");
        int shown = 0;
        int total = 0;
        for (RuleGroup rule : report.rules()) {
            total += rule.reasons().size();
        }
        for (RuleGroup rule : report.rules()) {
            if (shown >= ReportLimits.MAX_REASONS) {
                break;
            }
            String type = rule.ruleType().isEmpty() || rule.ruleType().equals(rule.rule()) ? ""
                    : " (" + clean(rule.ruleType()) + ")";
            String name = rule.rule().isEmpty() ? "(unnamed rule)" : clean(rule.rule());
            out.add(paint(BOLD, cut(name + type, WIDTH)));
            for (ReasonGroup reason : rule.reasons()) {
                if (shown >= ReportLimits.MAX_REASONS) {
                    break;
                }
                out.addAll(reasonLines(reason));
                shown++;
            }
        }
        if (shown < total) {
            out.add("… and " + ReportLimits.plural(total - shown, "more reason", "more reasons")
                    + " (see the JSON or HTML report)");
        }
    }

    private static List<String> reasonLines(ReasonGroup reason) {
        // our label is shorter than the scheduler's words for the reasons we recognise; other formats keep both
        String text = clean(reason.category() == ReasonCategory.OTHER || reason.category() == ReasonCategory.CONTEXT
                || reason.label().isEmpty() ? reason.reason() : reason.label());
        if (text.isEmpty()) {
            text = "(no reason given)";
        }
        text += ReasonText.shortfall(reason, TextReportRenderer::clean);
        String who;
        if (reason.nodeCount() > 0) {
            who = ReportLimits.plural(reason.nodeCount(), "node", "nodes") + ": ";
        } else if (!reason.pods().isEmpty()) {
            who = "pods: ";
        } else {
            return wrap("  " + text, "    ");
        }
        List<String> lines = new ArrayList<>();
        String first = "  " + text + " — " + who;
        if (first.length() < WIDTH - 20) {
            String names = names(reason, WIDTH - first.length());
            if (names != null) {
                lines.add(first + names);
                return lines;
            }
        }
        lines.addAll(wrap("  " + text, "    "));
        String second = "    " + who;
        String names = names(reason, WIDTH - second.length());
        lines.add(second + (names != null ? names : cut(clean(firstName(reason)), WIDTH - second.length() - 16)
                + ", … and " + (Math.max(reason.nodeCount(), reason.pods().size()) - 1) + " more"));
        return lines;
    }

    private static String firstName(ReasonGroup reason) {
        return reason.nodeCount() > 0 ? reason.nodes().get(0).folded() : reason.pods().get(0);
    }

    /**
     * As many folded ranges (or pods) as fit in {@code room} columns, then "… and N more"; {@code null}
     * when not even the first one fits.
     */
    private static String names(ReasonGroup reason, int room) {
        List<NodeRange> ranges = reason.nodeCount() > 0 ? reason.nodes()
                : reason.pods().stream().map(p -> new NodeRange(p, 1)).toList();
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < ranges.size(); i++) {
            String name = clean(ranges.get(i).folded());
            int rest = ReportLimits.countFrom(ranges, i + 1);
            String tail = rest == 0 ? "" : ", … and " + rest + " more";
            String sep = i == 0 ? "" : ", ";
            if (b.length() + sep.length() + name.length() + tail.length() > room) {
                break;
            }
            b.append(sep).append(name);
        }
        if (i == 0) {
            return null;
        }
        if (i < ranges.size()) {
            b.append(", … and ").append(ReportLimits.countFrom(ranges, i)).append(" more");
        }
        return b.toString();
    }

    private static void resources(DiagnosisReport report, List<String> out) {
        if (report.resources().isEmpty()) {
            return;
        }
        out.add("");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Resource", "Requested", "Available", "Short", "Basis"});
        for (int i = 0; i < Math.min(ReportLimits.MAX_RESOURCES, report.resources().size()); i++) {
            ResourceRow r = report.resources().get(i);
            rows.add(new String[] {cut(clean(r.resource()), 30), cut(clean(r.requested()), 20),
                    cut(clean(r.available()), 14), r.basis().startsWith("per pod") ? Integer.toString(r.nodesShort())
                    : "-", clean(r.basis())});
        }
        int[] w = new int[4];
        for (String[] row : rows) {
            for (int c = 0; c < 4; c++) {
                w[c] = Math.max(w[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder b = new StringBuilder();
            for (int c = 0; c < 4; c++) {
                b.append(pad(row[c], w[c])).append("  ");
            }
            b.append(row[4]);
            out.add(cut(b.toString(), WIDTH));
        }
        if (report.resources().size() > ReportLimits.MAX_RESOURCES) {
            out.add("… and " + (report.resources().size() - ReportLimits.MAX_RESOURCES) + " more resources");
        }
    }

    private static void hints(DiagnosisReport report, List<String> out) {
        if (report.hints().isEmpty()) {
            return;
        }
        out.add("");
        int n = Math.min(ReportLimits.MAX_HINTS, report.hints().size());
        for (int i = 0; i < n; i++) {
            Hint h = report.hints().get(i);
            String text = clean(h.text());
            String snippet = clean(h.snippetOneLine());
            if (!snippet.isEmpty() && text.length() + 1 + snippet.length() <= WIDTH) {
                out.add(text + " " + snippet);
                continue;
            }
            out.addAll(wrap(text, "  "));
            if (!snippet.isEmpty()) {
                out.add(cut("  " + snippet, WIDTH));
            }
        }
        if (report.hints().size() > n) {
            out.add("… and " + (report.hints().size() - n) + " more suggestions");
        }
    }

    private String paint(String code, String line) {
        return colour && !code.isEmpty() ? code + line + RESET : line;
    }

    private static String clean(String remote) {
        return ConsoleText.strip(remote, ReportLimits.MAX_VALUE);
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    private static String joinNonEmpty(String sep, String... parts) {
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            if (!p.isEmpty()) {
                b.append(b.length() == 0 ? "" : sep).append(p);
            }
        }
        return b.toString();
    }

    /** Word-wraps at {@link #WIDTH}; continuation lines start with {@code indent}; long words are cut. */
    static List<String> wrap(String text, String indent) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        String lead = leadingSpaces(text);
        for (String word : text.strip().split(" +")) {
            String prefix = lines.isEmpty() ? lead : indent;
            if (line.length() == 0) {
                line.append(prefix);
            } else if (line.length() + 1 + word.length() <= WIDTH) {
                line.append(' ');
            } else {
                lines.add(line.toString());
                line.setLength(0);
                line.append(indent);
            }
            int room = WIDTH - line.length();
            line.append(word.length() > room ? cut(word, room) : word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    private static String leadingSpaces(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        return s.substring(0, i);
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.diagnosis.ReasonCategory;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.DurationWords;
import java.util.ArrayList;
import java.util.List;

/**
 * The console report: at most 100 columns, stable order, no colour unless asked. Recognised reasons are
 * shown by their short label ({@code untolerated taint k: v}), others verbatim. Every remote string goes
 * goes through {@link ReportLimits#bounded}; sentences, names and table cells wrap onto continuation lines,
 * never cut; node lists are folded and end with "… and N more" (saying how many), and the number of
 * reasons is capped, so the output stays short on large clusters.
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
        return render(report, List.of());
    }

    /**
     * The report of the last diagnosed attempt of a submit that took several, with a section per attempt
     * (target, pre-flight verdict, job, outcome, wait, why it moved on) after the verdict.
     */
    public String render(DiagnosisReport report, List<Attempt> attempts) {
        List<String> out = new ArrayList<>();
        List<String> headline = wrap(clean(report.headline()), "  ");
        for (String line : headline) {
            out.add(paint(BOLD, line));
        }
        String about = joinNonEmpty(
                "; ",
                report.pods().isEmpty()
                        ? ""
                        : (report.pods().size() == 1 && !report.pods().get(0).contains("[") ? "Pod: " : "Pods: ")
                                + clean(String.join(", ", report.pods())),
                report.queues().isEmpty()
                        ? ""
                        : (report.queues().size() == 1 ? "Queue: " : "Queues: ")
                                + clean(String.join(", ", report.queues())),
                report.diagnosisId().isEmpty() ? "" : "Diagnosis: " + clean(report.diagnosisId()));
        if (!about.isEmpty()) {
            out.addAll(wrap(about, "  "));
        }
        String colourOfVerdict = report.verdict() == Verdict.NEVER_FITS
                ? RED
                : report.verdict() == Verdict.FITS_LATER || report.verdict() == Verdict.NEEDS_ADMIN ? YELLOW : "";
        for (String line : wrap("Verdict: " + clean(report.verdictLine()), "  ")) {
            out.add(paint(colourOfVerdict, line));
        }
        if (report.eta() != null) {
            out.addAll(wrap("Start: " + clean(report.eta().summary()), "  "));
            if (report.eta().known()) {
                out.addAll(wrap("Basis: " + clean(report.eta().basis()), "  "));
            }
        }
        since(report.sinceLastStart(), out);
        attempts(attempts, out);
        rules(report, out);
        resources(report, out);
        hints(report, out);
        return String.join("\n", out) + "\n";
    }

    /**
     * What changed since the job last started: the title naming the baseline, the headline, one bullet per
     * change (most important first), then what was not compared. Every line wraps, nothing is cut.
     */
    private void since(SinceLastStart since, List<String> out) {
        if (since == null) {
            return;
        }
        out.add("");
        for (String line : wrap(clean(since.title()), "  ")) {
            out.add(paint(BOLD, line));
        }
        out.addAll(wrap("  " + clean(since.sentence()), "    "));
        for (SinceLastStart.Change c : since.changes()) {
            out.addAll(wrap("  - " + clean(c.text()), "    "));
        }
        for (String note : since.notes()) {
            out.addAll(wrap("  " + clean(note), "    "));
        }
    }

    /** One block per attempt: its target and job on the first line, how it ended and why it moved below. */
    private void attempts(List<Attempt> attempts, List<String> out) {
        if (attempts.isEmpty()) {
            return;
        }
        out.add("");
        out.add(paint(BOLD, "Attempts (" + attempts.size() + ")"));
        for (Attempt a : attempts) {
            String job = a.jobId().isEmpty() ? "no job" : "job " + clean(a.jobId());
            out.addAll(wrap("  " + a.number() + ". " + clean(a.target()) + ": " + job, "     "));
            String how = joinNonEmpty(
                    ", ",
                    a.verdict() == null ? "" : "pre-flight " + a.verdict().name(),
                    clean(a.outcome()),
                    "waited " + DurationWords.compact(a.waited()));
            out.addAll(wrap("     " + how, "     "));
            if (!a.reason().isEmpty()) {
                out.addAll(wrap("     " + clean(a.reason()), "     "));
            }
        }
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
            String type = rule.ruleType().isEmpty() || rule.ruleType().equals(rule.rule())
                    ? ""
                    : " (" + clean(rule.ruleType()) + ")";
            String name = rule.rule().isEmpty() ? "(unnamed rule)" : clean(rule.rule());
            for (String line : wrap(name + type, "  ")) {
                out.add(paint(BOLD, line));
            }
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
        String text = clean(
                reason.category() == ReasonCategory.OTHER
                                || reason.category() == ReasonCategory.CONTEXT
                                || reason.label().isEmpty()
                        ? reason.reason()
                        : reason.label());
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
        if (names != null) {
            lines.add(second + names);
        } else {
            // Not even the first name fits the line: it is folded onto more lines, never cut (it may be copied).
            int rest = Math.max(reason.nodeCount(), reason.pods().size()) - 1;
            lines.addAll(
                    wrap(second + clean(firstName(reason)) + (rest > 0 ? ", … and " + rest + " more" : ""), "      "));
        }
        return lines;
    }

    private static String firstName(ReasonGroup reason) {
        return reason.nodeCount() > 0
                ? reason.nodes().get(0).folded()
                : reason.pods().get(0);
    }

    /**
     * As many folded ranges (or pods) as fit in {@code room} columns, then "… and N more"; {@code null}
     * when not even the first one fits.
     */
    private static String names(ReasonGroup reason, int room) {
        List<NodeRange> ranges = reason.nodeCount() > 0
                ? reason.nodes()
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

    /** Widest a resources column gets before its cells fold onto continuation lines; Basis takes the rest. */
    private static final int[] RESOURCE_COLUMNS = {30, 20, 14, 11};

    private static void resources(DiagnosisReport report, List<String> out) {
        if (report.resources().isEmpty()) {
            return;
        }
        out.add("");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Resource", "Requested", "Available", "Nodes short", "Basis"});
        for (int i = 0;
                i < Math.min(ReportLimits.MAX_RESOURCES, report.resources().size());
                i++) {
            ResourceRow r = report.resources().get(i);
            rows.add(new String[] {
                clean(r.resource()),
                clean(r.requested()),
                clean(r.available()),
                r.basis().startsWith("per pod") ? Integer.toString(r.nodesShort()) : "-",
                clean(r.basis())
            });
        }
        out.addAll(table(rows, RESOURCE_COLUMNS));
        if (report.resources().size() > ReportLimits.MAX_RESOURCES) {
            out.add("… and " + (report.resources().size() - ReportLimits.MAX_RESOURCES) + " more resources");
        }
    }

    /**
     * A table at most {@link #WIDTH} columns wide whose cells fold onto continuation lines instead of being
     * cut: each column is as wide as its longest cell up to {@code maxWidths}, the last takes the rest.
     */
    static List<String> table(List<String[]> rows, int[] maxWidths) {
        int columns = maxWidths.length + 1;
        int[] w = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < maxWidths.length; c++) {
                w[c] = Math.min(maxWidths[c], Math.max(w[c], row[c].length()));
            }
        }
        int used = 0;
        for (int c = 0; c < maxWidths.length; c++) {
            used += w[c] + 2;
        }
        w[columns - 1] = Math.max(20, WIDTH - used);
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            List<List<String>> cells = new ArrayList<>();
            int height = 0;
            for (int c = 0; c < columns; c++) {
                List<String> folded = fold(row[c], c == 0 && row[c].length() > w[c] ? w[c] - 2 : w[c]);
                if (c == 0) {
                    // The first column's continuation is indented: a folded value never starts a line of its own
                    // that could pass for a row (or a forged line) in a log.
                    for (int l = 1; l < folded.size(); l++) {
                        folded.set(l, "  " + folded.get(l));
                    }
                }
                cells.add(folded);
                height = Math.max(height, folded.size());
            }
            for (int l = 0; l < height; l++) {
                StringBuilder b = new StringBuilder();
                for (int c = 0; c < columns; c++) {
                    String part = l < cells.get(c).size() ? cells.get(c).get(l) : "";
                    b.append(c == columns - 1 ? part : pad(part, w[c]) + "  ");
                }
                lines.add(b.toString().stripTrailing());
            }
        }
        return lines;
    }

    /** {@code text} folded at spaces into lines of at most {@code width}; a longer word is split, not cut. */
    static List<String> fold(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split(" +")) {
            if (line.length() > 0 && line.length() + 1 + word.length() <= width) {
                line.append(' ').append(word);
                continue;
            }
            if (line.length() > 0) {
                lines.add(line.toString());
                line.setLength(0);
            }
            while (word.length() > width) {
                lines.add(word.substring(0, width));
                word = word.substring(width);
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
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
                out.addAll(wrap("  " + snippet, "    "));
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
        return ReportLimits.bounded(remote);
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

    /**
     * Word-wraps at {@link #WIDTH}; continuation lines start with {@code indent}; a word longer than a line
     * (an id, a URL) is split across lines, never cut, so it can still be copied whole.
     */
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
            while (word.length() > WIDTH - line.length()) {
                int room = WIDTH - line.length();
                if (room < 20 && line.length() > indent.length()) {
                    lines.add(line.toString().stripTrailing()); // a long word starts on a line of its own
                    line.setLength(0);
                    line.append(indent);
                    continue;
                }
                line.append(word, 0, room);
                lines.add(line.toString());
                line.setLength(0);
                line.append(indent);
                word = word.substring(room);
            }
            line.append(word);
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

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The report as JUnit XML, so Jenkins' test-result page and other test-report viewers list the reasons:
 * one test suite per job, one failed test case per blocking rule and reason (class name = rule, name =
 * reason), context as skipped cases; beyond {@value ReportLimits#MAX_TEST_CASES} cases one more failed case
 * counts the rest. A report with no blocking reason gets one passing case. Remote
 * strings are XML-escaped and characters XML 1.0 forbids are dropped, so the document is always
 * well-formed.
 */
final class JunitReportRenderer {

    private static final String PACKAGE = "trainingjob.diagnosis.";

    public String render(DiagnosisReport report) {
        Map<String, List<Hint>> hintsByReason = hintsByReason(report);
        int tests = 0;
        int failures = 0;
        int skipped = 0;
        int omitted = 0;
        StringBuilder cases = new StringBuilder();
        for (RuleGroup rule : report.rules()) {
            for (ReasonGroup reason : rule.reasons()) {
                if (tests >= ReportLimits.MAX_TEST_CASES) {
                    omitted++;
                    continue;
                }
                tests++;
                if (appendCase(cases, report, rule, reason, hintsByReason.getOrDefault(reason.reason(), List.of()))) {
                    failures++;
                } else {
                    skipped++;
                }
            }
        }
        if (omitted > 0) {
            tests++;
            failures++;
            appendOmitted(cases, omitted);
        }
        if (tests == 0) {
            tests = 1;
            appendPassing(cases, report);
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\""
                + esc("schedule diagnosis: " + report.job().name()) + "\" tests=\"" + tests + "\" failures=\""
                + failures + "\" errors=\"0\" skipped=\"" + skipped + "\" time=\"0\">\n"
                + "  <properties>\n"
                + property("platform", report.job().platform().id())
                + property("job.id", report.job().id())
                + property("diagnosis.id", report.diagnosisId())
                + property("verdict", report.verdict().name())
                + (report.eta() == null ? "" : property("eta", report.eta().summary()))
                + (report.sinceLastStart() == null
                        ? ""
                        : property(
                                "since.last.start",
                                ConsoleText.strip(report.sinceLastStart().summary())))
                + "  </properties>\n"
                + cases
                + "  <system-out>"
                + escText(report.headline() + "\nVerdict: " + report.verdictLine() + since(report.sinceLastStart()))
                + "</system-out>\n"
                + "</testsuite>\n";
    }

    /**
     * The section "Since it last started" as lines for the suite's output, every change in full. Each part is
     * one line ({@link ConsoleText#strip}): a line break in a baseline file's names would otherwise forge a
     * line of the output ({@code Verdict: ...}), since {@link #escText} keeps line breaks.
     */
    private static String since(SinceLastStart since) {
        if (since == null) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n\n")
                .append(ConsoleText.strip(since.title()))
                .append('\n')
                .append(ConsoleText.strip(since.sentence()));
        for (SinceLastStart.Change c : since.changes()) {
            b.append("\n- ").append(ConsoleText.strip(c.text()));
        }
        for (String note : since.notes()) {
            b.append('\n').append(ConsoleText.strip(note));
        }
        return b.toString();
    }

    private static String property(String name, String value) {
        return "    <property name=\"" + name + "\" value=\"" + esc(value) + "\"/>\n";
    }

    private static String message(ReasonGroup reason) {
        if (reason.nodeCount() == 0) {
            return reason.label();
        }
        return reason.label() + " on " + ReportLimits.plural(reason.nodeCount(), "node", "nodes");
    }

    private static String body(DiagnosisReport report, RuleGroup rule, ReasonGroup reason, List<Hint> hints) {
        StringBuilder b = new StringBuilder();
        b.append("Rule: ").append(rule.rule());
        if (!rule.ruleType().isEmpty() && !rule.ruleType().equals(rule.rule())) {
            b.append(" (").append(rule.ruleType()).append(')');
        }
        b.append("\nReason: ")
                .append(reason.reason())
                .append("\nCategory: ")
                .append(reason.category().title());
        if (!reason.resource().isEmpty()) {
            b.append("\nResource: ")
                    .append(reason.resource())
                    .append(", requested ")
                    .append(reason.request())
                    .append(", allocatable ")
                    .append(reason.allocatable());
        }
        if (reason.nodeCount() > 0) {
            b.append("\nNodes (")
                    .append(reason.nodeCount())
                    .append("): ")
                    .append(ReasonText.nodeRanges(reason, UnaryOperator.identity()));
        }
        if (!reason.pods().isEmpty()) {
            b.append("\nPods: ").append(String.join(", ", reason.pods()));
        }
        b.append("\nVerdict: ").append(report.verdictLine());
        for (Hint h : hints) {
            b.append('\n').append(h.text());
            if (!h.snippet().isEmpty()) {
                b.append('\n').append(h.snippet());
            }
        }
        return b.toString();
    }

    private static Map<String, List<Hint>> hintsByReason(DiagnosisReport report) {
        Map<String, List<Hint>> hintsByReason = new HashMap<>();
        for (Hint h : report.hints()) {
            hintsByReason.computeIfAbsent(h.reason(), k -> new ArrayList<>()).add(h);
        }
        return hintsByReason;
    }

    /** One test case: failed when the reason blocks (returns true), else skipped as context. */
    private static boolean appendCase(
            StringBuilder cases, DiagnosisReport report, RuleGroup rule, ReasonGroup reason, List<Hint> hints) {
        String ruleName = rule.rule().isEmpty() ? "unnamed" : rule.rule();
        cases.append("  <testcase classname=\"")
                .append(esc(PACKAGE + ruleName))
                .append("\" name=\"")
                .append(esc(reason.reason().isEmpty() ? reason.label() : reason.reason()))
                .append("\" time=\"0\">\n");
        boolean blocks = reason.category().blocks();
        if (blocks) {
            cases.append("    <failure type=\"")
                    .append(reason.category().name())
                    .append("\" message=\"")
                    .append(esc(message(reason)))
                    .append("\">")
                    .append(escText(body(report, rule, reason, hints)))
                    .append("</failure>\n");
        } else {
            cases.append("    <skipped message=\"").append(esc(message(reason))).append("\"/>\n");
        }
        cases.append("  </testcase>\n");
        return blocks;
    }

    /** The one failed case that counts the reasons beyond the cap. */
    private static void appendOmitted(StringBuilder cases, int omitted) {
        cases.append("  <testcase classname=\"")
                .append(PACKAGE)
                .append("Diagnosis\" name=\"")
                .append(omitted)
                .append(" more reasons\" time=\"0\">\n    <failure type=\"OTHER\" message=\"")
                .append(omitted)
                .append(" more reasons are not listed here; see the JSON report\"/>\n  </testcase>\n");
    }

    /** The one passing case of a report with no reason at all. */
    private static void appendPassing(StringBuilder cases, DiagnosisReport report) {
        cases.append("  <testcase classname=\"")
                .append(PACKAGE)
                .append("Diagnosis\" name=\"")
                .append(esc(report.headline()))
                .append("\" time=\"0\"/>\n");
    }

    /**
     * Escapes XML markup and drops characters XML 1.0 does not allow (C0 controls except tab and line
     * breaks, lone surrogates, U+FFFE/U+FFFF); ANSI escape sequences are stripped first. Line breaks and
     * tabs in attributes become character references so parsers keep them.
     */
    static String esc(String remote) {
        return RemoteText.xmlAttribute(remote);
    }

    /** As {@link #esc} for element content, where line breaks stay line breaks. */
    static String escText(String remote) {
        return RemoteText.xmlText(remote);
    }
}

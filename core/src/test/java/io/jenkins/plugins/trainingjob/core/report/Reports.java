package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Finding;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.List;

/** Reports that stress the renderers: a large cluster and hostile remote strings. */
final class Reports {

    static final String SCRIPT = "<script>alert('x')</script>";
    static final String ANSI = "\u001b[31mred\u001b[0m\u001b]0;title\u0007";
    static final String NEWLINES = "first line\nInjected: second line\r\nthird";
    static final String QUOTES = "\"quoted\" & 'apostrophe' `tick` | pipe *star* [link](http://x)";
    static final String XML_INVALID = "nul\u0000 bell\u0007 ffff\uFFFF lone\uD800 end";
    static final String LONG = "x".repeat(10_000);

    private Reports() {}

    /** {@code nodes} nodes spread round-robin over {@code reasons} taints in three rules, so nothing folds. */
    static DiagnosisReport large(int nodes, int reasons) {
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            int r = i % reasons;
            findings.add(Finding.classified(
                    "Rule" + (r % 3),
                    "NodeAvailabilityDiagnostics",
                    "node(s) had untolerated taint: {team-" + r + ": reserved}",
                    Finding.Where.podOnNode(String.format("node-%05d", i), "big-master-0", "big", "default", "default"),
                    Finding.Shortfall.NONE));
        }
        return new DiagnosisAnalyzer().analyze(new JobRef(PlatformKind.AIHC, "pytorchjob-big", "big"), "d", findings);
    }

    /** Every remote field carries every kind of hostile text, the section "Since it last started" too. */
    static DiagnosisReport hostile() {
        List<String> evil = List.of(SCRIPT, ANSI, NEWLINES, QUOTES, XML_INVALID, LONG);
        List<Finding> findings = new ArrayList<>();
        for (String e : evil) {
            findings.add(Finding.classified(
                    "Rule " + e,
                    "Type " + e,
                    "node(s) had untolerated taint: {" + e + ": " + e + "}",
                    Finding.Where.podOnNode("node-" + e, "pod-" + e, "job", "ns", "queue-" + e),
                    Finding.Shortfall.NONE));
            findings.add(Finding.classified(
                    "Rule " + e,
                    "Type " + e,
                    "reason " + e,
                    Finding.Where.podOnNode("n2-" + e, "pod-" + e, "job", "ns", "queue-" + e),
                    Finding.Shortfall.of("nvidia.com/gpu" + e, "8", "0" + e)));
        }
        List<SinceLastStart.Change> changes = new ArrayList<>();
        for (String e : evil) {
            changes.add(new SinceLastStart.Change("nodes", "node-[" + e + "] were cordoned: " + e, 8, false));
        }
        SinceLastStart since = new SinceLastStart(
                "build " + SCRIPT + ANSI,
                "2026-12-03T22:10:00Z",
                180L,
                SinceLastStart.TITLE + " (build " + SCRIPT + ANSI + NEWLINES + ")",
                true,
                "since build " + QUOTES + ", " + XML_INVALID + LONG,
                changes,
                evil);
        return new DiagnosisAnalyzer()
                .analyze(
                        new JobRef(PlatformKind.AIHC, "id-" + SCRIPT, "job-" + ANSI + SCRIPT),
                        "diag-" + NEWLINES,
                        findings)
                .withSinceLastStart(since);
    }
}

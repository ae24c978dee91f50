package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import java.util.List;

/**
 * How much of a large diagnosis each human-readable format shows, so 10,000 nodes in 30 reasons still fit
 * on a screen. Everything cut is announced ("… and N more"); the JSON report keeps it all.
 */
final class ReportLimits {

    /** Reasons (across all rules) shown before "… and N more reasons". */
    static final int MAX_REASONS = 40;
    /** Folded node ranges listed per reason in Markdown and HTML. */
    static final int MAX_RANGES_PER_REASON = 20;
    /** Cells in the HTML node grid. */
    static final int MAX_GRID_CELLS = 300;
    /** Test cases in the JUnit report before one case counts the rest. */
    static final int MAX_TEST_CASES = 500;
    /** Suggestions shown. */
    static final int MAX_HINTS = 8;
    /** Resource rows shown. */
    static final int MAX_RESOURCES = 10;
    /** Longest remote value printed in full (reasons, names); longer ones are cut with an ellipsis. */
    static final int MAX_VALUE = 200;
    /**
     * The verdict sentence is ours, not remote: it names every action an administrator can take and every
     * rule pre-flight could not check, so it is wrapped, and cut only far beyond what a report ever needs.
     */
    static final int MAX_VERDICT = 4000;

    private ReportLimits() {
    }

    /** How many nodes the ranges from {@code shown} on stand for. */
    static int countFrom(List<NodeRange> ranges, int shown) {
        int n = 0;
        for (int i = shown; i < ranges.size(); i++) {
            n += ranges.get(i).count();
        }
        return n;
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}

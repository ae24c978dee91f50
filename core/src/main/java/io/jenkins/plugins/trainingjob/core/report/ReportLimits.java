package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.util.List;

/**
 * How much of a large diagnosis each human-readable format shows, so 10,000 nodes in 30 reasons still fit
 * on a screen. Everything cut is announced ("… and N more"); the JSON report keeps it all.
 */
public final class ReportLimits {

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
    /**
     * Longest value printed in full (a reason, a name, a sentence): far past any real one (a Kubernetes
     * name is at most 253 characters, our longest sentence about 400), so only a hostile or broken value
     * is cut, and the cut says how many characters the JSON report still has. Everything shorter is
     * wrapped by the renderers, never cut.
     */
    public static final int MAX_VALUE = 2_000;

    private ReportLimits() {}

    /**
     * A remote string made safe for a console ({@link ConsoleText#strip}) and bounded at {@link #MAX_VALUE}
     * characters, the cut saying how much was left out (never a bare ellipsis).
     */
    static String bounded(String remote) {
        return bounded(remote, MAX_VALUE, "see the JSON report");
    }

    /**
     * A remote string stripped for a console and cut at {@code max} characters, the cut saying how many
     * were left out and, unless {@code whereTheRestIs} is empty, where they are.
     */
    public static String bounded(String remote, int max, String whereTheRestIs) {
        String s = ConsoleText.strip(remote);
        if (s.length() <= max) {
            return s;
        }
        int end = max;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--; // never half of a surrogate pair
        }
        return s.substring(0, end) + " [" + (s.length() - end) + " more characters"
                + (whereTheRestIs.isEmpty() ? " cut]" : ": " + whereTheRestIs + "]");
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
        return Plural.count(n, one, many);
    }
}

package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import java.util.function.UnaryOperator;

/**
 * The parts of a reason every format words the same way: the shortfall ("0 allocatable of 8 requested")
 * and the capped list of node ranges. Each format passes its own escaping of remote strings.
 */
final class ReasonText {

    private ReasonText() {}

    /** {@code " (<allocatable> allocatable of <request> requested)"} for a resource shortage on nodes, else {@code ""}. */
    static String shortfall(ReasonGroup reason, UnaryOperator<String> escape) {
        if (reason.resource().isEmpty()
                || reason.request().isEmpty()
                || reason.allocatable().isEmpty()
                || reason.nodeCount() == 0) {
            return "";
        }
        return " (" + escape.apply(reason.allocatable()) + " allocatable of " + escape.apply(reason.request())
                + " requested)";
    }

    /** The first {@link ReportLimits#MAX_RANGES_PER_REASON} node ranges, then "… and N more". */
    static String nodeRanges(ReasonGroup reason, UnaryOperator<String> escape) {
        StringBuilder b = new StringBuilder();
        int n = Math.min(ReportLimits.MAX_RANGES_PER_REASON, reason.nodes().size());
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ")
                    .append(escape.apply(reason.nodes().get(i).folded()));
        }
        if (n < reason.nodes().size()) {
            b.append(", … and ")
                    .append(ReportLimits.countFrom(reason.nodes(), n))
                    .append(" more");
        }
        return b.toString();
    }

    /** A table cell naming who is concerned: the node ranges, else the pods, else nothing. */
    static String namesCell(ReasonGroup reason, UnaryOperator<String> escape) {
        if (reason.nodeCount() > 0) {
            return nodeRanges(reason, escape);
        }
        return reason.pods().isEmpty() ? "" : "pods: " + escape.apply(String.join(", ", reason.pods()));
    }
}

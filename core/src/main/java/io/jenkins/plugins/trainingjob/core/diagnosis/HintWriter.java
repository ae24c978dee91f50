package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Writes one remediation suggestion per reason group. Suggestions are worded as such: the report never
 * changes anything, and a person decides whether a toleration or an uncordon is safe.
 */
final class HintWriter {

    private static final int MAX_UNCORDON_NAMES = 5;
    /** Node names that are safe to put on a command line: DNS subdomains and IP addresses. */
    private static final Pattern NODE_NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");

    private static final Pattern NUMERIC = Pattern.compile("[0-9._+-]+");
    private static final Pattern PLAIN_YAML = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]*");

    private HintWriter() {}

    /** The suggestion for one reason group, given that group's own findings; {@code null} when none fits. */
    static Hint forGroup(ReasonGroup g, List<Finding> findings, Set<String> queues) {
        return switch (g.category()) {
            case UNTOLERATED_TAINT ->
                Taint.parse(g.reason()).map(t -> toleration(g, t)).orElseGet(() -> known(g));
            case CORDONED -> uncordon(g, findings);
            case INSUFFICIENT_RESOURCE -> g.nodeCount() == 0 ? null : resource(g, findings);
            case QUEUE_OR_QUOTA ->
                new Hint(
                        g.reason(),
                        "Suggestion: wait for quota"
                                + (queues.isEmpty() ? "" : " in queue " + String.join(", ", queues))
                                + ", raise the job's priority, or ask for more quota.",
                        "",
                        "");
            default -> known(g);
        };
    }

    /** The suggestion kube-scheduler's message calls for ({@link SchedulerReasons}), if it is one. */
    private static Hint known(ReasonGroup g) {
        return SchedulerReasons.hint(g.reason())
                .map(text -> new Hint(g.reason(), text, "", ""))
                .orElse(null);
    }

    private static Hint toleration(ReasonGroup g, Taint t) {
        if (!t.isValid()) {
            return new Hint(
                    g.reason(),
                    "Suggestion: if the job may use nodes tainted " + t.text()
                            + ", tolerate that taint (check it with kubectl describe node).",
                    "",
                    "");
        }
        boolean exists = t.value().isEmpty();
        String block = "tolerations:\n- key: " + yaml(t.key()) + "\n  operator: " + (exists ? "Exists" : "Equal")
                + (exists ? "" : "\n  value: " + yaml(t.value())) + "\n  effect: NoSchedule";
        String line = "tolerations: [{key: " + yaml(t.key()) + ", operator: " + (exists ? "Exists" : "Equal")
                + (exists ? "" : ", value: " + yaml(t.value())) + ", effect: NoSchedule}]";
        return new Hint(
                g.reason(),
                "Suggestion: tolerate the taint " + t.text() + " (effect NoSchedule assumed; check the node):",
                block,
                line);
    }

    private static Hint uncordon(ReasonGroup g, List<Finding> findings) {
        Set<String> names = new TreeSet<>();
        for (Finding f : findings) {
            if (f.category() == ReasonCategory.CORDONED
                    && f.reason().equals(g.reason())
                    && NODE_NAME.matcher(f.node()).matches()) {
                names.add(f.node());
            }
        }
        if (names.isEmpty()) {
            return new Hint(
                    g.reason(),
                    "Suggestion: ask an administrator to uncordon the nodes, or pick another pool.",
                    "",
                    "");
        }
        List<String> shown = names.stream().limit(MAX_UNCORDON_NAMES).toList();
        String command = "kubectl uncordon " + String.join(" ", shown);
        String more = names.size() > shown.size() ? " (first " + shown.size() + " of " + names.size() + ")" : "";
        return new Hint(
                g.reason(),
                "Suggestion: if the " + (names.size() == 1 ? "node is" : "nodes are") + " healthy, uncordon "
                        + (names.size() == 1 ? "it" : "them") + more + " or pick another pool:",
                command,
                command);
    }

    private static Hint resource(ReasonGroup g, List<Finding> findings) {
        double max = -1;
        double request = -1;
        boolean anyShort = false;
        for (Finding f : findings) {
            if (f.reason().equals(g.reason())
                    && f.resource().equals(g.resource())
                    && !f.node().isEmpty()) {
                Double a = Quantities.parse(f.allocatable());
                Double q = Quantities.parse(f.request());
                max = a == null ? max : Math.max(max, a);
                request = q == null ? request : Math.max(request, q);
                anyShort |= f.isShort();
            }
        }
        String r = g.resource().isEmpty() ? "the resource" : g.resource();
        if (!anyShort || max < 0 || request < 0) {
            return new Hint(
                    g.reason(),
                    "Suggestion: wait for " + r + " to be freed, raise the job's priority, or pick " + "another pool.",
                    "",
                    "");
        }
        if (max == 0) {
            return new Hint(
                    g.reason(),
                    "Suggestion: the " + (g.nodeCount() == 1 ? "node" : g.nodeCount() + " nodes") + " short offer no "
                            + r + "; target nodes with " + Quantities.format(request) + " or request fewer per pod.",
                    "",
                    "");
        }
        return new Hint(
                g.reason(),
                "Suggestion: reduce " + r + " per worker to at most " + Quantities.format(max)
                        + " (the most these nodes offer) and add workers, or pick a pool with larger nodes.",
                "",
                "");
    }

    /** A YAML scalar: plain when safe, else double-quoted with escapes, so a pasted snippet stays valid. */
    static String yaml(String s) {
        if (PLAIN_YAML.matcher(s).matches()
                && !NUMERIC.matcher(s).matches()
                && !s.equalsIgnoreCase("true")
                && !s.equalsIgnoreCase("false")
                && !s.equalsIgnoreCase("null")
                && !s.equalsIgnoreCase("yes")
                && !s.equalsIgnoreCase("no")) {
            return s;
        }
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}

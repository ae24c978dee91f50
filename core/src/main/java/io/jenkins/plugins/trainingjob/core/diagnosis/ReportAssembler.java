package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the report from findings, whatever platform they came from: groups rule → reason → nodes, ranks
 * the groups, writes the headline, the resource table, the verdict and the hints.
 */
final class ReportAssembler {

    private ReportAssembler() {}

    static DiagnosisReport assemble(
            JobRef job,
            String diagnosisId,
            List<Finding> findings,
            List<ResourceRow> extraRows,
            List<Hint> extraHints) {
        Map<ReasonGroup, List<Finding>> sources = new java.util.IdentityHashMap<>();
        List<RuleGroup> rules = groupRules(findings, sources);
        List<ReasonGroup> ranked = new ArrayList<>();
        for (RuleGroup r : rules) {
            ranked.addAll(r.reasons());
        }
        ranked.sort(ReasonGroup.RANKING);

        Set<String> blockingNodes = new HashSet<>();
        Set<String> pods = new HashSet<>();
        Set<String> queues = new TreeSet<>();
        for (Finding f : findings) {
            if (f.category().blocks() && !f.node().isEmpty()) {
                blockingNodes.add(f.node());
            }
            if (!f.pod().isEmpty()) {
                pods.add(f.pod());
            }
            if (!f.queue().isEmpty()) {
                queues.add(f.queue());
            }
        }
        List<String> foldedPods = NodeRangeFolder.fold(pods);
        VerdictRule.Judgement judgement = VerdictRule.judge(findings);

        List<ResourceRow> rows = new ArrayList<>(nodeResourceRows(findings));
        rows.addAll(extraRows);
        List<Hint> hints = hints(ranked, sources, queues, extraHints);
        String headline = headline(job, blockingNodes.size(), pods.size(), foldedPods, ranked);
        return DiagnosisReport.builder(job, judgement.verdict())
                .diagnosisId(diagnosisId)
                .headline(headline)
                .verdictText(judgement.text())
                .nodeCount(blockingNodes.size())
                .pods(foldedPods)
                .queues(List.copyOf(queues))
                .rules(rules)
                .resources(rows)
                .hints(hints)
                .build();
    }

    /**
     * The platform's own hints first, then one per ranked reason group the platform did not phrase a hint
     * for, each text once.
     */
    private static List<Hint> hints(
            List<ReasonGroup> ranked,
            Map<ReasonGroup, List<Finding>> sources,
            Set<String> queues,
            List<Hint> extraHints) {
        List<Hint> hints = new ArrayList<>(extraHints);
        Set<String> hintTexts = new HashSet<>();
        Set<String> hintedReasons = new HashSet<>();
        for (Hint h : extraHints) {
            hintTexts.add(h.text());
            hintedReasons.add(h.reason());
        }
        for (ReasonGroup g : ranked) {
            if (hintedReasons.contains(g.reason())) {
                continue; // the platform's own findings phrased a better hint for this reason
            }
            Hint h = HintWriter.forGroup(g, sources.get(g), queues);
            if (h != null && hintTexts.add(h.text())) {
                hints.add(h);
            }
        }
        return hints;
    }

    /** Groups findings; {@code sources} receives each reason group's own findings, for its hint. */
    private static List<RuleGroup> groupRules(List<Finding> findings, Map<ReasonGroup, List<Finding>> sources) {
        // rule name + type -> reason text -> findings; insertion order does not matter, all is sorted below
        Map<List<String>, Map<String, List<Finding>>> byRule = new LinkedHashMap<>();
        for (Finding f : findings) {
            byRule.computeIfAbsent(List.of(f.rule(), f.ruleType()), k -> new TreeMap<>())
                    .computeIfAbsent(f.reason(), k -> new ArrayList<>())
                    .add(f);
        }
        List<RuleGroup> rules = new ArrayList<>();
        for (Map.Entry<List<String>, Map<String, List<Finding>>> e : byRule.entrySet()) {
            List<ReasonGroup> reasons = new ArrayList<>();
            Set<String> ruleNodes = new HashSet<>();
            for (Map.Entry<String, List<Finding>> r : e.getValue().entrySet()) {
                ReasonGroup group = reasonGroup(r.getKey(), r.getValue());
                sources.put(group, r.getValue());
                reasons.add(group);
                for (Finding f : r.getValue()) {
                    if (!f.node().isEmpty()) {
                        ruleNodes.add(f.node());
                    }
                }
            }
            reasons.sort(ReasonGroup.RANKING);
            rules.add(new RuleGroup(e.getKey().get(0), e.getKey().get(1), ruleNodes.size(), reasons));
        }
        // blocking rules first, most nodes first, then by the rank of their top reason, then by name
        rules.sort(Comparator.comparing(
                        (RuleGroup r) -> !r.reasons().get(0).category().blocks())
                .thenComparing(RuleGroup::nodeCount, Comparator.reverseOrder())
                .thenComparing((RuleGroup r) -> r.reasons().get(0), ReasonGroup.RANKING)
                .thenComparing(RuleGroup::rule)
                .thenComparing(RuleGroup::ruleType));
        return rules;
    }

    private static ReasonGroup reasonGroup(String reason, List<Finding> findings) {
        Set<String> nodes = new HashSet<>();
        Set<String> pods = new HashSet<>();
        Set<String> resources = new TreeSet<>();
        List<String> requests = new ArrayList<>();
        List<String> allocatables = new ArrayList<>();
        ReasonCategory category = findings.get(0).category();
        for (Finding f : findings) {
            if (!f.node().isEmpty()) {
                nodes.add(f.node());
            }
            if (!f.pod().isEmpty()) {
                pods.add(f.pod());
            }
            if (!f.resource().isEmpty()) {
                resources.add(f.resource());
            }
            requests.add(f.request());
            allocatables.add(f.allocatable());
            if (f.category().compareTo(category) < 0) {
                category = f.category();
            }
        }
        String resource = String.join(", ", resources);
        return new ReasonGroup(
                reason,
                category,
                label(reason, category, resource),
                nodes.size(),
                NodeRangeFolder.foldCounted(nodes),
                NodeRangeFolder.fold(pods),
                resource,
                span(requests),
                span(allocatables));
    }

    /** Our short wording of a reason, used in headlines and summaries. */
    static String label(String reason, ReasonCategory category, String resource) {
        return switch (category) {
            case CORDONED -> "node cordoned (unschedulable)";
            case UNTOLERATED_TAINT ->
                reason.indexOf('{') != reason.lastIndexOf('{')
                        ? reason
                        : Taint.parse(reason)
                                .map(t -> "untolerated taint " + t.text())
                                .orElse(reason);
            case INSUFFICIENT_RESOURCE ->
                resource.isEmpty() || !reason.toLowerCase(java.util.Locale.ROOT).startsWith("insufficient")
                        ? reason
                        : "insufficient " + resource;
            default -> reason.isEmpty() ? "(no reason given)" : reason;
        };
    }

    /** Distinct quantities as {@code min–max} (numerically), a single value, or verbatim values joined. */
    static String span(List<String> values) {
        Set<String> distinct = new LinkedHashSet<>();
        for (String v : values) {
            if (!v.isEmpty()) {
                distinct.add(v);
            }
        }
        if (distinct.isEmpty()) {
            return "";
        }
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        String minText = null;
        String maxText = null;
        for (String v : distinct) {
            Double d = Quantities.parse(v);
            if (d == null) {
                return String.join(", ", new TreeSet<>(distinct));
            }
            if (d < min) {
                min = d;
                minText = v;
            }
            if (d > max) {
                max = d;
                maxText = v;
            }
        }
        return min == max ? minText : minText + "–" + maxText;
    }

    private static List<ResourceRow> nodeResourceRows(List<Finding> findings) {
        Map<String, List<Finding>> byResource = new TreeMap<>();
        for (Finding f : findings) {
            if (!f.node().isEmpty() && !f.resource().isEmpty() && f.category().blocks()) {
                byResource.computeIfAbsent(f.resource(), k -> new ArrayList<>()).add(f);
            }
        }
        List<ResourceRow> rows = new ArrayList<>();
        for (Map.Entry<String, List<Finding>> e : byResource.entrySet()) {
            List<String> requests = new ArrayList<>();
            List<String> allocatables = new ArrayList<>();
            Set<String> shortNodes = new HashSet<>();
            for (Finding f : e.getValue()) {
                requests.add(f.request());
                allocatables.add(f.allocatable());
                if (f.isShort()) {
                    shortNodes.add(f.node());
                }
            }
            rows.add(new ResourceRow(
                    e.getKey(),
                    span(requests),
                    span(allocatables),
                    "per pod vs allocatable per node",
                    shortNodes.size(),
                    NodeRangeFolder.foldCounted(shortNodes)));
        }
        return rows;
    }

    private static String headline(
            JobRef job, int nodes, int podCount, List<String> foldedPods, List<ReasonGroup> ranked) {
        String subject = "Job " + job.name();
        ReasonGroup top = ranked.isEmpty() || !ranked.get(0).category().blocks() ? null : ranked.get(0);
        if (top == null) {
            return subject + " is pending; the diagnosis named no blocking reason";
        }
        if (nodes == 0) {
            long blocking = ranked.stream().filter(g -> g.category().blocks()).count();
            return subject + " cannot be scheduled: " + top.label()
                    + (blocking > 1 ? " (+" + (blocking - 1) + " more)" : "");
        }
        String pods = podCount == 0 ? "the job" : podCount == 1 ? "pod " + foldedPods.get(0) : podCount + " pods";
        return subject + " cannot be scheduled: " + Plural.count(nodes, "node", "nodes") + " refused " + pods
                + "; most: " + top.label() + " (" + top.nodeCount() + (top.nodeCount() == 1 ? " node)" : " nodes)");
    }
}

package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.util.List;

/**
 * Why a job is pending, ready to render: a headline naming the blocker that affects the most nodes,
 * findings grouped rule → reason → nodes (node names folded into ranges), a resource table, the verdict,
 * the pods and queues concerned, and remediation hints (suggestions, worded as such).
 *
 * <p>TODO(diagnosis): the diagnosis issue owns this model's final shape; fields listed are the contract
 * the monitor, the CLI and the plugin rely on.
 */
public record DiagnosisReport(
        int schemaVersion,
        JobRef job,
        String diagnosisId,
        String headline,
        Verdict verdict,
        String verdictText,
        List<RuleGroup> rules,
        List<ResourceRow> resources,
        List<String> pods,
        List<String> queues,
        List<Hint> hints,
        int nodeCount) {

    public static final int SCHEMA_VERSION = 1;

    /** One rule (e.g. {@code NodeTaintToleranceDiagnostics}) with its reasons. */
    public record RuleGroup(String rule, String ruleType, List<ReasonGroup> reasons) {
    }

    /** One reason text with the nodes it applies to, both as a list and folded into ranges. */
    public record ReasonGroup(String reason, List<String> nodes, List<String> foldedNodes) {
    }

    /** A resource short: what a pod requests, what nodes offer, how many nodes are short. */
    public record ResourceRow(String resource, String requestedPerPod, String allocatablePerNode, int nodesShort) {
    }

    /** A remediation suggestion, with an optional ready-to-paste snippet (e.g. a toleration). */
    public record Hint(String text, String snippet) {
    }
}

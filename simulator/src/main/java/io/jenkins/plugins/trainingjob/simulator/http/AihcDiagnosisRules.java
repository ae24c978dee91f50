package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.simulator.cluster.FilterOutcome;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.PendingAnalysis;
import io.jenkins.plugins.trainingjob.simulator.cluster.PodVerdict;
import io.jenkins.plugins.trainingjob.simulator.cluster.Quantity;
import io.jenkins.plugins.trainingjob.simulator.cluster.QueueShortage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The AIHC schedule diagnosis a pending job gets, built from the cluster's analysis: the
 * {@code ScheduleDiagnosisResult} list with rule names and types as the platform documents them
 * (NodeAffinityDiagnostics and the queue rule are the simulator's own).
 */
final class AihcDiagnosisRules {

    private static final Set<String> NON_GPU = Set.of("cpu", "memory", "pods", "ephemeral-storage", "sharedMemory");

    private AihcDiagnosisRules() {}

    /**
     * The {@code ScheduleDiagnosisResult} list: one rule per kind of refusal, details sorted by pod and
     * node. Rule names as the platform documents them; the queue rule is the simulator's own.
     */
    static ArrayNode rules(PendingAnalysis a) {
        JobView job = a.job();
        Map<String, List<ObjectNode>> byRule = new LinkedHashMap<>();
        Map<String, String> ruleTypes = new LinkedHashMap<>();
        for (String[] r : new String[][] {
            {"NodeAvailabilityDiagnostics", "NodeAvailabilityDiagnostics"},
            {"NodeTaintToleranceDiagnostics", "NodeAvailabilityDiagnostics"},
            {"NodeAffinityDiagnostics", "NodeAvailabilityDiagnostics"},
            {"GPUResourceDiagnostics", "ResourceCapacityDiagnostics"},
            {"CPUResourceDiagnostics", "ResourceCapacityDiagnostics"},
            {"MemoryResourceDiagnostics", "ResourceCapacityDiagnostics"},
            {"QueueCapabilityDiagnostics", "QueueResourceDiagnostics"}
        }) {
            byRule.put(r[0], new ArrayList<>());
            ruleTypes.put(r[0], r[1]);
        }
        List<PodVerdict> verdicts = new ArrayList<>(a.verdicts());
        verdicts.sort(Comparator.comparing(PodVerdict::pod).thenComparing(PodVerdict::node));
        for (PodVerdict v : verdicts) {
            FilterOutcome o = v.outcome();
            if (o instanceof FilterOutcome.Unschedulable) {
                byRule.get("NodeAvailabilityDiagnostics")
                        .add(detail(job, v.pod(), v.node(), "node(s) were unschedulable", "", "", ""));
            } else if (o instanceof FilterOutcome.UntoleratedTaint t) {
                byRule.get("NodeTaintToleranceDiagnostics")
                        .add(detail(
                                job,
                                v.pod(),
                                v.node(),
                                "node(s) had untolerated taint: " + t.taint().braced(),
                                "",
                                "",
                                ""));
            } else if (o instanceof FilterOutcome.NodeAffinityMismatch) {
                byRule.get("NodeAffinityDiagnostics")
                        .add(detail(
                                job,
                                v.pod(),
                                v.node(),
                                "node(s) didn't match Pod's node affinity/selector",
                                "",
                                "",
                                ""));
            } else if (o instanceof FilterOutcome.Insufficient in) {
                for (FilterOutcome.Shortage s : in.shortages()) {
                    String rule = s.resource().equals("cpu")
                            ? "CPUResourceDiagnostics"
                            : s.resource().equals("memory")
                                    ? "MemoryResourceDiagnostics"
                                    : NON_GPU.contains(s.resource())
                                            ? "CPUResourceDiagnostics"
                                            : "GPUResourceDiagnostics";
                    byRule.get(rule)
                            .add(detail(
                                    job,
                                    v.pod(),
                                    v.node(),
                                    "",
                                    Quantity.format(s.resource(), s.request()),
                                    Quantity.format(s.resource(), s.free()),
                                    s.resource()));
                }
            }
        }
        for (QueueShortage q : a.queueShortages()) {
            double left = Math.max(0, q.capability() - q.used());
            byRule.get("QueueCapabilityDiagnostics")
                    .add(detail(
                            job,
                            "",
                            "",
                            "queue " + q.queue() + " capability exceeded: request "
                                    + Quantity.format(q.resource(), q.request())
                                    + " " + q.resource() + ", in use " + Quantity.format(q.resource(), q.used())
                                    + " of "
                                    + Quantity.format(q.resource(), q.capability()),
                            Quantity.format(q.resource(), q.request()),
                            Quantity.format(q.resource(), left),
                            q.resource()));
        }
        ArrayNode result = Json.array();
        byRule.forEach((rule, details) -> {
            if (!details.isEmpty()) {
                ObjectNode r = Json.object();
                ArrayNode d = Json.array();
                details.forEach(d::add);
                r.set("detail", d);
                r.put("ruleName", rule);
                r.put("ruleType", ruleTypes.get(rule));
                result.add(r);
            }
        });
        return result;
    }

    private static ObjectNode detail(
            JobView job,
            String pod,
            String node,
            String text,
            String request,
            String allocatable,
            String resourceName) {
        return Json.object()
                .put("allocatable", allocatable)
                .put("detail", text)
                .put("job", job.name())
                .put("namespace", AihcJobsApi.NAMESPACE)
                .put("node", node)
                .put("pod", pod)
                .put("queue", job.queue())
                .put("request", request)
                .put("resourceName", resourceName);
    }
}

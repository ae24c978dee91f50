package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Why a queued job is not running, computed with the scheduler's own filters: the queue capability it
 * would exceed, and for every pod that cannot be placed (after its gang-mates took what they could), each
 * node of its queue with the first filter that node fails. Empty when the job would fit (it is then only
 * waiting behind others).
 *
 * @param nodesConsidered how many nodes the queue may use (the N of {@code 0/N nodes are available})
 */
public record PendingAnalysis(
        JobView job, List<QueueShortage> queueShortages, List<PodVerdict> verdicts, int nodesConsidered) {

    public PendingAnalysis {
        queueShortages = List.copyOf(queueShortages);
        verdicts = List.copyOf(verdicts);
    }

    public boolean blocked() {
        return !queueShortages.isEmpty() || !verdicts.isEmpty();
    }

    /**
     * kube-scheduler's FailedScheduling text for the first pod that cannot be placed:
     * {@code 0/7 nodes are available: 1 node(s) were unschedulable, 2 Insufficient nvidia.com/gpu, ...}.
     * As in kube-scheduler the histogram entries are sorted as strings. {@code null} when no pod failed.
     */
    public String schedulerMessage() {
        if (verdicts.isEmpty()) {
            return null;
        }
        String firstPod = verdicts.get(0).pod();
        Map<String, Integer> counts = new TreeMap<>();
        for (PodVerdict v : verdicts) {
            if (v.pod().equals(firstPod)) {
                for (String reason : NodeFilters.reasons(v.outcome())) {
                    counts.merge(reason, 1, Integer::sum);
                }
            }
        }
        List<String> entries = new ArrayList<>();
        counts.forEach((reason, n) -> entries.add(n + " " + reason));
        entries.sort(null);
        return "0/" + nodesConsidered + " nodes are available: " + String.join(", ", entries) + ".";
    }

    /**
     * The message of the {@code FailedScheduling} event: the scheduler's text when a pod found no node,
     * else the queue capability that holds the job back; {@code null} when nothing does.
     */
    public String eventMessage() {
        String m = schedulerMessage();
        if (m != null || queueShortages.isEmpty()) {
            return m;
        }
        QueueShortage q = queueShortages.get(0);
        return "queue " + q.queue() + " capability exceeded: " + q.resource() + " request "
                + Quantity.format(q.resource(), q.request()) + ", in use " + Quantity.format(q.resource(), q.used())
                + " of " + Quantity.format(q.resource(), q.capability());
    }
}

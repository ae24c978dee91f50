package io.jenkins.plugins.trainingjob.core.snapshot;

import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Demand;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.QueueState;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a job's gang fits a recorded world, by what a snapshot holds: its pods of {@code perPod} devices
 * each on the usable nodes' free devices (and those its own pods held), within the queue's capability for
 * the device, in an open queue. It is how the comparison decides that undoing one change alone would let the
 * job fit; it knows nothing of labels, affinities, CPU and memory or priorities, so "fits" here means "by
 * what was recorded", and the report says so.
 */
final class JobFit {

    /** What one pod asks of a device: the accelerator with the largest amount per pod, or none. */
    record Need(String device, double perPod, int pods) {

        static Need of(Demand d) {
            String device = "";
            double most = 0;
            for (Map.Entry<String, Double> e : d.perPod().entrySet()) {
                if (JobDemand.isAccelerator(e.getKey()) && e.getValue() > most) {
                    device = e.getKey();
                    most = e.getValue();
                }
            }
            return new Need(device, most, d.pods());
        }

        boolean asksForDevices() {
            return perPod > 0;
        }

        /** Devices of the whole gang. */
        long total() {
            return Math.round(perPod * pods);
        }

        /** Pods of this need that {@code devices} free devices of one node hold. */
        long podsIn(long devices) {
            return perPod <= 0 ? 0 : (long) Math.floor(devices / perPod + 1e-9);
        }

        /** Devices this need can use of {@code devices} free on one node: whole pods only. */
        long usableOf(long devices) {
            return Math.round(podsIn(devices) * perPod);
        }
    }

    private JobFit() {}

    /**
     * Whether {@code need} fits; empty when the snapshot cannot tell (no devices asked, no nodes recorded).
     *
     * @param nodes the queue's nodes by name, as the world has them
     */
    static Optional<Boolean> fits(Need need, QueueState queue, Map<String, NodeLine> nodes) {
        if (!need.asksForDevices() || nodes.isEmpty()) {
            return Optional.empty();
        }
        if (queue != null && queue.closed()) {
            return Optional.of(false);
        }
        long pods = 0;
        long own = 0;
        for (NodeLine n : nodes.values()) {
            own += n.job();
            if (n.usable() && n.counted() && n.device().equals(need.device())) {
                pods += need.podsIn(n.available());
            }
        }
        return Optional.of(Math.min(pods, quotaPods(need, queue, own)) >= need.pods());
    }

    /** Pods the queue's capability for the device leaves room for; unlimited when it names none. */
    private static long quotaPods(Need need, QueueState queue, long own) {
        if (queue == null) {
            return Long.MAX_VALUE;
        }
        Double cap = amount(queue.capability().get(need.device()));
        if (cap == null || cap <= 0) {
            return Long.MAX_VALUE; // no limit, an unreadable one, or 0, which proves nothing (as pre-flight reads it)
        }
        Double allocated = amount(queue.allocated().get(need.device()));
        double others = Math.max(0, (allocated == null ? 0 : allocated) - own);
        return need.podsIn((long) Math.floor(cap - others + 1e-9));
    }

    /** A device count as the queue's maps write it ({@code 24}, {@code 8.0}); {@code null} when it is not one. */
    static Double amount(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            double v = Double.parseDouble(text.trim());
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

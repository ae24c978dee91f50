package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.OtherJob;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Puts what the client fetched into a {@link SenseCoreEvidence}. Pure, so the rules (which jobs compete,
 * how many devices they hold) are specified without HTTP.
 */
final class SenseCoreEvidenceAssembler {

    private SenseCoreEvidenceAssembler() {}

    /**
     * @param workspaceJobs every job of the workspace (any pool, any state); the job itself is skipped
     * @param specs the resource specs of the job's pool, possibly empty when they could not be read
     * @param events {@code null} when the events endpoint was unavailable
     */
    static SenseCoreEvidence assemble(
            JobStatus status,
            TrainingJobDocument job,
            List<ResourceSpec> specs,
            List<PoolBinding> bindings,
            List<TrainingJobDocument> workspaceJobs,
            List<JobEvent> events) {
        return new SenseCoreEvidence(
                status.job(),
                status,
                job.request(),
                status.workers(),
                specs,
                bindings.stream()
                        .sorted(Comparator.comparing(PoolBinding::name))
                        .toList(),
                competitors(job, workspaceJobs, specs),
                events,
                events != null);
    }

    /**
     * The other unfinished jobs in the same pool (finished ones hold nothing), oldest first: the queue
     * the job waits in as far as this workspace can see it.
     */
    static List<OtherJob> competitors(
            TrainingJobDocument self, List<TrainingJobDocument> workspaceJobs, List<ResourceSpec> specs) {
        List<OtherJob> others = new ArrayList<>();
        for (TrainingJobDocument other : workspaceJobs) {
            boolean same = !self.uid().isEmpty()
                    ? self.uid().equals(other.uid())
                    : self.name().equals(other.name());
            if (same
                    || self.poolName().isEmpty()
                    || !self.poolName().equals(other.poolName())
                    || SenseCoreJobStates.phaseOf(other.state()).isTerminal()) {
                continue;
            }
            others.add(new OtherJob(
                    other.name(), other.state(), other.priority(), other.createTime(), devices(other, specs)));
        }
        others.sort(Comparator.comparing(OtherJob::createdAt, Comparator.nullsLast(Comparator.<Instant>naturalOrder()))
                .thenComparing(OtherJob::name));
        return others;
    }

    /**
     * Devices a job holds or asks for: the spec's {@code device.number} times the workers, or {@code -1}
     * when the replicas or the spec are unknown, or when its specs differ in devices per worker (weak
     * heterogeneous scheduling decides the mix at run time).
     */
    static int devices(TrainingJobDocument job, List<ResourceSpec> specs) {
        if (job.totalReplicas() < 0 || job.specNames().isEmpty()) {
            return -1;
        }
        Map<String, Integer> perWorker = new HashMap<>();
        for (ResourceSpec s : specs) {
            perWorker.putIfAbsent(s.name(), s.deviceNumber());
        }
        Integer devices = null;
        for (String name : job.specNames()) {
            Integer d = perWorker.get(name);
            if (d == null || d < 0 || (devices != null && !Objects.equals(devices, d))) {
                return -1;
            }
            devices = d;
        }
        long total = (long) devices * job.totalReplicas();
        return total > Integer.MAX_VALUE ? -1 : (int) total;
    }
}

package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The fields of an ACP {@code TrainingJob} that the client acts on, read leniently: a missing, mistyped or
 * unknown value becomes empty (or {@code -1} for a count, {@code null} for a time) instead of failing,
 * because the platform's schema drifts.
 *
 * @param poolZone {@code resource_pool.zone}: set only for the public pool, else empty
 * @param totalReplicas {@code roles[0].total_replicas}, else the sum of {@code resource_spec[].replicas},
 *     else {@code -1}
 * @param quotaType {@code scheduling.quota_type}, {@code RESERVED} when unset (the documented default)
 * @param priority {@code scheduling.priority}, {@code NORMAL} when unset (the documented default)
 */
public record TrainingJobDocument(
        String name,
        String uid,
        String displayName,
        String state,
        Instant createTime,
        Instant startTime,
        Instant completeTime,
        String poolName,
        String poolZone,
        List<String> specNames,
        int totalReplicas,
        String quotaType,
        String priority) {

    public TrainingJobDocument {
        specNames = specNames == null ? List.of() : List.copyOf(specNames);
    }

    public static TrainingJobDocument from(JsonNode job) {
        JsonNode role = WireValues.path(job, "roles").path(0);
        List<String> specs = new ArrayList<>();
        int perSpecReplicas = 0;
        boolean anyPerSpec = false;
        for (JsonNode spec : WireValues.array(role, "resource_spec")) {
            String specName = WireValues.text(spec, "name");
            if (!specName.isEmpty()) {
                specs.add(specName);
            }
            long r = WireValues.count(spec, "replicas");
            if (r >= 0) {
                perSpecReplicas += (int) r;
                anyPerSpec = true;
            }
        }
        long total = WireValues.count(role, "total_replicas");
        int replicas = total >= 0 ? (int) total : anyPerSpec ? perSpecReplicas : -1;
        JsonNode scheduling = WireValues.path(job, "scheduling");
        return new TrainingJobDocument(
                WireValues.text(job, "name"),
                WireValues.text(job, "uid"),
                WireValues.text(job, "display_name"),
                WireValues.text(job, "state"),
                WireValues.time(job, "create_time"),
                WireValues.time(job, "start_time"),
                WireValues.time(job, "complete_time"),
                WireValues.text(WireValues.path(job, "resource_pool"), "name"),
                WireValues.text(WireValues.path(job, "resource_pool"), "zone"),
                specs,
                replicas,
                orDefault(WireValues.text(scheduling, "quota_type"), "JOB_QUOTA_TYPE_UNSPECIFIED", "RESERVED"),
                orDefault(WireValues.text(scheduling, "priority"), "PRIORITY_UNSPECIFIED", "NORMAL"));
    }

    private static String orDefault(String value, String unspecified, String documentedDefault) {
        return value.isEmpty() || value.equals(unspecified) ? documentedDefault : value;
    }

    /** The job as the rest of the code refers to it. {@code fallbackName} is used when the body has no name. */
    JobRef ref(String fallbackName) {
        String id = name.isEmpty() ? fallbackName : name;
        return new JobRef(PlatformKind.SENSECORE, id, id);
    }

    public JobStatus toStatus(String fallbackName, List<WorkerStatus> workers) {
        return new JobStatus(
                ref(fallbackName),
                SenseCoreJobStates.phaseOf(state),
                state,
                createTime,
                startTime,
                completeTime,
                null,
                "",
                workers,
                null);
    }

    SenseCoreEvidence.Request request() {
        return new SenseCoreEvidence.Request(poolName, specNames, totalReplicas, quotaType, priority);
    }
}

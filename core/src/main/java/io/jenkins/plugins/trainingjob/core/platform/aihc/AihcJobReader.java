package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads an AIHC v1 {@code JobInfoResult} (job detail, or a list item without pods) into a
 * {@link JobStatus}. Lenient: a missing or odd field becomes empty or {@code null}, an unknown state
 * becomes {@link JobPhase#UNKNOWN}; nothing in a response can make it throw.
 */
public final class AihcJobReader {

    /** The same rule as the pools' accelerator names (diagnosis' JobDemand), which this layer may not import. */
    private static final java.util.regex.Pattern ACCELERATOR =
            java.util.regex.Pattern.compile("(?i).*(gpu|npu|xpu|dcu|mlu|kunlun|ascend|cambricon|habana|gaudi).*");

    private AihcJobReader() {}

    /** @param fallback the job the caller asked about, used when the result lacks an id or a name */
    public static JobStatus read(JsonNode result, JobRef fallback) {
        String id = text(result, "jobId");
        String name = text(result, "name");
        JobRef job = new JobRef(
                PlatformKind.AIHC,
                id.isEmpty() && fallback != null ? fallback.id() : id,
                name.isEmpty() && fallback != null ? fallback.name() : name);
        String state = text(result, "status");
        List<WorkerStatus> workers = workers(result.path("podList").path("pods"));
        Set<String> reasons = new LinkedHashSet<>();
        for (WorkerStatus w : workers) {
            if (!w.reason().isBlank()) {
                reasons.add(w.reason());
            }
        }
        return new JobStatus(
                job,
                phase(state, workers),
                state,
                time(result, "createdAt"),
                time(result, "runningAt"),
                time(result, "finishedAt"),
                queuePosition(result.get("queueingSequence")),
                String.join("; ", reasons),
                workers,
                null,
                gpus(result));
    }

    /**
     * The accelerators the job asks for in all: {@code replicas} times the accelerator quantities of
     * {@code resources} (names with a vendor prefix and gpu, npu, xpu... in them, as the pools count them).
     * 0 when the answer does not echo the spec.
     */
    static int gpus(JsonNode result) {
        JsonNode resources = result.path("resources");
        if (!resources.isArray()) {
            resources = result.path("jobSpec").path("resources");
        }
        if (!resources.isArray()) {
            return 0;
        }
        double perPod = 0;
        for (JsonNode r : resources) {
            String name = r.path("name").asText("");
            if (name.contains("/")
                    && ACCELERATOR.matcher(name).matches()
                    && r.path("quantity").isNumber()) {
                perPod += r.path("quantity").asDouble();
            }
        }
        int replicas = result.path("replicas")
                .asInt(result.path("jobSpec").path("replicas").asInt(1));
        long all = Math.round(perPod * Math.max(1, replicas));
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, all));
    }

    /**
     * AIHC job states: {@code Created} and {@code Scheduled} are waiting (STARTING once every pod has a
     * node); {@code Running}, {@code Succeeded}, {@code Failed}; {@code ManualTermination} is a stop.
     * Anything else is UNKNOWN, so a new state keeps us waiting instead of failing a build.
     */
    static JobPhase phase(String state, List<WorkerStatus> workers) {
        if (state == null) {
            return JobPhase.UNKNOWN;
        }
        switch (state.trim()) {
            case "Created", "Scheduled" -> {
                boolean allPlaced = !workers.isEmpty() && workers.stream().allMatch(WorkerStatus::isPlaced);
                return allPlaced ? JobPhase.STARTING : JobPhase.PENDING;
            }
            case "Running" -> {
                return JobPhase.RUNNING;
            }
            case "Succeeded" -> {
                return JobPhase.SUCCEEDED;
            }
            case "Failed" -> {
                return JobPhase.FAILED;
            }
            case "ManualTermination" -> {
                return JobPhase.STOPPED;
            }
            default -> {
                return JobPhase.UNKNOWN;
            }
        }
    }

    private static List<WorkerStatus> workers(JsonNode pods) {
        List<WorkerStatus> out = new ArrayList<>();
        if (pods == null || !pods.isArray()) {
            return out;
        }
        for (JsonNode pod : pods) {
            JsonNode podStatus = pod.path("podStatus");
            String phase = text(podStatus, "podPhase");
            out.add(new WorkerStatus(
                    text(pod.path("objectMeta"), "name"),
                    text(pod, "nodeName"),
                    phase.isEmpty() ? text(podStatus, "status") : phase,
                    text(pod, "reason")));
        }
        return out;
    }

    private static Integer queuePosition(JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber() && v.canConvertToInt()) {
            return v.intValue();
        }
        if (v.isTextual()) {
            try {
                return Integer.valueOf(v.asText().trim());
            } catch (NumberFormatException notANumber) {
                return null;
            }
        }
        return null;
    }

    /** RFC 3339 or Go's time text (see {@link AihcTime}); {@code ""} and anything unreadable are {@code null}. */
    static Instant time(JsonNode node, String field) {
        return AihcTime.parse(text(node, field));
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() || !v.isValueNode() ? "" : v.asText();
    }
}

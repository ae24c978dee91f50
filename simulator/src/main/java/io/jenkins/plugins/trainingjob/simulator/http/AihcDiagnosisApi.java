package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.PendingAnalysis;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * AIHC's schedule diagnosis: launch ({@code POST .../schedulediagnosis/job/launcher}) checks the job as the
 * platform's pre-check does and stores the report, which a query ({@code GET .../job/query}) answers once
 * the scenario's report latency has passed; before that, "not found" in an HTTP 200 body, as the platform does.
 */
final class AihcDiagnosisApi {

    private final Cluster cluster;
    private final AihcPools pools;
    private final AihcApi.Settings settings;
    private final Map<String, Diagnosis> diagnoses = new ConcurrentHashMap<>();

    private record Diagnosis(String id, String jobId, Instant readyAt, ArrayNode result) {}

    AihcDiagnosisApi(Cluster cluster, AihcPools pools, AihcApi.Settings settings) {
        this.cluster = cluster;
        this.pools = pools;
        this.settings = settings;
    }

    void reset() {
        diagnoses.clear();
    }

    ObjectNode launch(HttpCall call) {
        ObjectNode body = Json.readObject(call.body(), "InvalidParameter");
        String poolId = body.path("resourcePoolId").asText("");
        String jobId = body.path("jobId").asText("");
        if (poolId.isBlank() || jobId.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: resourcePoolId and jobId are required");
        }
        pools.queues(poolId);
        JobView v = cluster.job(jobId)
                .filter(j -> j.platform() == PlatformKind.AIHC
                        && poolId.equals(j.spec().path("resourcePoolId").asText()))
                .orElseThrow(() -> new ApiException(
                        400,
                        "PreCheckError",
                        "Check before diagnosis error: job " + jobId + " is not valid in resource pool " + poolId));
        if (v.state() != JobState.QUEUED) {
            throw new ApiException(
                    400,
                    "PreCheckError",
                    "Check before diagnosis error: job status is " + AihcJobsApi.status(v.state())
                            + ", only queueing jobs can be diagnosed");
        }
        Instant now = cluster.now();
        Duration queued = Duration.between(v.createdAt(), now);
        if (queued.compareTo(settings.preCheckMinQueue()) < 0) {
            throw new ApiException(
                    400,
                    "PreCheckError",
                    "Check before diagnosis error: job has been queueing for "
                            + queued.toSeconds() + "s, diagnosis needs at least "
                            + settings.preCheckMinQueue().toSeconds()
                            + "s");
        }
        PendingAnalysis analysis = cluster.analyse(jobId)
                .orElseThrow(() -> new ApiException(
                        400,
                        "PreCheckError",
                        "Check before diagnosis error: job status changed, only queueing jobs can be diagnosed"));
        String id = cluster.nextUuid().toString();
        diagnoses.put(
                id, new Diagnosis(id, jobId, now.plus(settings.reportLatency()), AihcDiagnosisRules.rules(analysis)));
        return Json.object().set("result", Json.object().put("diagnosisId", id).put("jobId", jobId));
    }

    ObjectNode query(HttpCall call) {
        String id = call.query("diagnosisId");
        if (id == null || id.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: diagnosisId is required");
        }
        Diagnosis d = diagnoses.get(id);
        if (d == null || cluster.now().isBefore(d.readyAt())) {
            // The platform answers "not ready" with HTTP 200 and an error code in the body.
            return Json.object()
                    .put("code", "DiagnosisReportNotFound")
                    .put("message", "The diagnosis report is not found, try later please.");
        }
        ObjectNode out = Json.object();
        out.set("result", d.result().deepCopy());
        return out;
    }
}

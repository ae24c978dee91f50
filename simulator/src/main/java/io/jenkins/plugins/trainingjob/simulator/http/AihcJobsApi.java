package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.PendingAnalysis;
import io.jenkins.plugins.trainingjob.simulator.cluster.Pod;
import io.jenkins.plugins.trainingjob.simulator.cluster.Quantity;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * AIHC's job calls: create, detail, list, stop, delete, events and pod logs, in the v1 shapes, over the
 * cluster model. A managed pool's job is found only through the queue it is in (see {@link AihcApi}).
 */
final class AihcJobsApi {

    /** The Kubernetes namespace every simulated AIHC job runs in. */
    static final String NAMESPACE = "default";

    private static final java.time.format.DateTimeFormatter EVENT_TIME = java.time.format.DateTimeFormatter.ofPattern(
                    "uuuu-MM-dd HH:mm:ss '+0000 UTC'", Locale.ROOT)
            .withZone(java.time.ZoneOffset.UTC);

    private final Cluster cluster;
    private final AihcPools pools;
    private final AihcApi.Settings settings;
    /**
     * Fault-tolerant jobs whose next detail reads say Failed while they run (env SIM_TRANSIENT_FAILED_READS):
     * what a restart under fault tolerance looks like from outside, per a third-party watchdog.
     */
    private final Map<String, java.util.concurrent.atomic.AtomicInteger> transientFailedReads =
            new ConcurrentHashMap<>();

    AihcJobsApi(Cluster cluster, AihcPools pools, AihcApi.Settings settings) {
        this.cluster = cluster;
        this.pools = pools;
        this.settings = settings;
    }

    void reset() {
        transientFailedReads.clear();
    }

    ObjectNode create(HttpCall call) {
        String poolId = call.query("resourcePoolId");
        Map<String, SchedulingQueue> queues = pools.queues(poolId);
        String managedQueue = AihcPools.managedQueueId(call, poolId);
        ObjectNode body = Json.readObject(call.body(), "InappropriateJSON");
        String name = body.path("name").asText("");
        if (name.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: name is required");
        }
        String queueName =
                managedQueue != null ? managedQueue : body.path("queue").asText("");
        if (queueName.isBlank()) {
            queueName = call.query().getOrDefault("queueID", "default");
        }
        SchedulingQueue queue = queues.get(queueName);
        if (queue == null) {
            throw new ApiException(
                    400,
                    "InvalidParameter",
                    "Invalid parameter: queue " + queueName + " does not exist in resource pool " + poolId);
        }
        JsonNode jobSpec = body.path("jobSpec");
        if (!jobSpec.isObject()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: jobSpec is required");
        }
        int replicas = jobSpec.path("replicas").asInt(1);
        if (replicas < 1) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: jobSpec.replicas must be at least 1");
        }
        Resources perPod = podRequest(jobSpec.path("resources"));
        String priority = body.path("priority").asText("normal").toLowerCase(Locale.ROOT);
        int rank =
                switch (priority) {
                    case "high" -> 2;
                    case "normal" -> 1;
                    case "low" -> 0;
                    default ->
                        throw new ApiException(
                                400, "InvalidParameter", "Invalid parameter: priority must be high, normal or low");
                };
        String framework = body.path("jobFramework").asText("PyTorchJob");
        String prefix = framework.equalsIgnoreCase("MPIJob") ? "mpijob-" : "pytorchjob-";
        Map<String, String> env = SimulatedRunKnobs.envs(jobSpec.path("envs"), "name");
        if (!settings.repeatedJobNames()
                && !cluster.jobs(j -> j.platform() == PlatformKind.AIHC
                                && j.name().equals(name)
                                && j.queue().key().startsWith("aihc/" + poolId + "/"))
                        .isEmpty()) {
            throw new ApiException(400, "JobNameAlreadyExists", "job name " + name + " already exists in " + poolId);
        }
        Map<String, String> selector = nodeSelector(body.path("requiredNodeAffinity"));
        List<Pod> pods = new ArrayList<>();
        pods.add(new Pod(name + "-master-0", "master", perPod, selector));
        for (int i = 0; i < replicas - 1; i++) {
            pods.add(new Pod(name + "-worker-" + i, "worker", perPod, selector));
        }
        SimJob.Builder b = SimJob.builder()
                .platform(PlatformKind.AIHC)
                .id(prefix + cluster.nextUuid())
                .name(name)
                .uid(cluster.nextUuid().toString())
                .queue(queue)
                .priority(rank, priority)
                .pods(pods)
                .runTime(SimulatedRunKnobs.runTime(env, settings.defaultRunTime()))
                .exitCode(SimulatedRunKnobs.exitCode(env))
                .spec(body.deepCopy()
                        .put("resourcePoolId", poolId)
                        .put("queue", queueName)
                        .put("jobFramework", framework));
        JobView v = cluster.submit(b);
        String blips = env.get("SIM_TRANSIENT_FAILED_READS");
        if (blips != null && body.path("faultTolerance").asBoolean(false)) {
            transientFailedReads.put(
                    v.id(),
                    new java.util.concurrent.atomic.AtomicInteger(SimulatedRunKnobs.transientFailedReads(blips)));
        }
        ObjectNode result = Json.object().put("jobId", v.id()).put("jobName", v.name());
        return Json.object().set("result", result);
    }

    /**
     * A workload's job as if a client had created it in {@code queue} of {@code poolId}: the create body a
     * PyTorchJob of {@code pods} replicas of {@code gpusPerPod} GPUs would send, so detail, list and events
     * show it as any other job. Built when it arrives: its ids come from the cluster's seeded generator.
     */
    SimJob.Builder workloadJob(String poolId, String queueName, String name, int pods, int gpusPerPod, Duration run) {
        SchedulingQueue queue = pools.queues(poolId).get(queueName);
        ObjectNode resource = Json.object().put("name", "nvidia.com/gpu").put("quantity", gpusPerPod);
        ObjectNode jobSpec = Json.object()
                .put("replicas", pods)
                .put("image", "registry.example/workload:trace")
                .put("command", "python train.py");
        jobSpec.set("resources", Json.array().add(resource));
        ObjectNode body = Json.object()
                .put("name", name)
                .put("queue", queueName)
                .put("resourcePoolId", poolId)
                .put("jobFramework", "PyTorchJob");
        body.set("jobSpec", jobSpec);
        Resources perPod = new Resources(Map.of("nvidia.com/gpu", (double) gpusPerPod));
        List<Pod> podList = new ArrayList<>();
        podList.add(new Pod(name + "-master-0", "master", perPod));
        for (int i = 0; i < pods - 1; i++) {
            podList.add(new Pod(name + "-worker-" + i, "worker", perPod));
        }
        return SimJob.builder()
                .platform(PlatformKind.AIHC)
                .id("pytorchjob-" + cluster.nextUuid())
                .name(name)
                .uid(cluster.nextUuid().toString())
                .queue(queue)
                .priority(1, "normal")
                .pods(podList)
                .runTime(run)
                .exitCode(0)
                .spec(body);
    }

    /**
     * {@code requiredNodeAffinity}, a list of strings in bce-sdk-go; what one term means is not documented,
     * so the simulator reads each as {@code label=value}, a label every node must carry.
     */
    static Map<String, String> nodeSelector(JsonNode terms) {
        Map<String, String> selector = new TreeMap<>();
        if (terms.isArray()) {
            for (JsonNode term : terms) {
                String t = term.asText("");
                int eq = t.indexOf('=');
                if (!term.isTextual() || eq < 1) {
                    throw new ApiException(
                            400,
                            "InvalidParameter",
                            "Invalid parameter: requiredNodeAffinity terms"
                                    + " are strings (the simulator reads label=value), found " + term);
                }
                selector.put(t.substring(0, eq).trim(), t.substring(eq + 1).trim());
            }
        }
        return selector;
    }

    static Resources podRequest(JsonNode resources) {
        Map<String, Double> m = new TreeMap<>();
        if (resources.isArray()) {
            for (JsonNode r : resources) {
                String rn = r.path("name").asText("");
                if (rn.isBlank()) {
                    throw new ApiException(
                            400, "InvalidParameter", "Invalid parameter: jobSpec.resources[].name is required");
                }
                try {
                    m.merge(rn, Quantity.parseRequest(rn, r.path("quantity").asText("")), Double::sum);
                } catch (IllegalArgumentException e) {
                    throw new ApiException(
                            400,
                            "InvalidParameter",
                            "Invalid parameter: jobSpec.resources " + rn + ": " + e.getMessage());
                }
            }
        }
        return new Resources(m);
    }

    private JobView job(HttpCall call, String jobId) {
        return job(call, jobId, true);
    }

    /** @param queueIdRule whether this call, on a managed pool, must name the job's queue as queueID */
    private JobView job(HttpCall call, String jobId, boolean queueIdRule) {
        String poolId = call.query("resourcePoolId");
        pools.queues(poolId);
        String queueId = queueIdRule ? AihcPools.managedQueueId(call, poolId) : null;
        return cluster.job(jobId)
                .filter(v -> v.platform() == PlatformKind.AIHC
                        && poolId.equals(v.spec().path("resourcePoolId").asText())
                        && (queueId == null || queueId.equals(v.queue())))
                .orElseThrow(() -> notFound(jobId));
    }

    private static ApiException notFound(String jobId) {
        return new ApiException(
                404, "cce.warning.GetAIJobByJobIdFailed", "get job by jobid failed, err: " + jobId + " not found job");
    }

    ObjectNode detail(HttpCall call, String jobId) {
        JobView v = job(call, jobId);
        ObjectNode result = jobJson(v, true);
        var blips = transientFailedReads.get(v.id());
        if (blips != null && v.state() == JobState.RUNNING && blips.getAndDecrement() > 0) {
            result.put("status", "Failed");
        }
        return Json.object().set("result", result);
    }

    ObjectNode list(HttpCall call) {
        String poolId = call.query("resourcePoolId");
        pools.queues(poolId);
        String managedQueue = AihcPools.managedQueueId(call, poolId);
        String queue = managedQueue != null ? managedQueue : call.query().getOrDefault("queue", "");
        int pageNo = intParam(call, "pageNo", 1);
        int pageSize = intParam(call, "pageSize", 10);
        String orderBy = call.query().getOrDefault("orderBy", "createdAt");
        String order = call.query().getOrDefault("order", "desc");
        List<JobView> all = cluster.jobs(j -> j.platform() == PlatformKind.AIHC
                && j.queue().key().startsWith("aihc/" + poolId + "/")
                && (queue.isEmpty() || queue.equals("all") || j.queue().name().equals(queue)));
        all = new ArrayList<>(all);
        // Stable sorts over creation order: ties within a second stay in creation order, so "desc" is
        // strictly newest first.
        if (orderBy.equals("finishedAt")) {
            all.sort(Comparator.comparing((JobView v) -> v.finishedAt() == null ? Instant.MAX : v.finishedAt()));
        } else {
            all.sort(Comparator.comparing(JobView::createdAt));
        }
        if (order.equalsIgnoreCase("desc")) {
            Collections.reverse(all);
        }
        ArrayNode jobs = Json.array();
        int from = (pageNo - 1) * pageSize;
        for (int i = from; i < Math.min(all.size(), from + pageSize); i++) {
            jobs.add(jobJson(all.get(i), false));
        }
        ObjectNode result = Json.object().put("total", all.size());
        result.set("jobs", jobs);
        result.put("orderBy", orderBy).put("order", order).put("pageNo", pageNo).put("pageSize", pageSize);
        return Json.object().set("result", result);
    }

    /**
     * A positive integer query parameter, as every AIHC list reads one ({@code pageNo}, {@code pageSize},
     * {@code maxLines}); {@code fallback} when absent; else 400 {@code InvalidParameter} naming it.
     */
    static int intParam(HttpCall call, String name, int fallback) {
        String v = call.query(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new ApiException(
                    400, "InvalidParameter", "Invalid parameter: " + name + " must be a positive integer");
        }
    }

    ObjectNode stop(HttpCall call, String jobId) {
        job(call, jobId);
        JobView v = cluster.stop(jobId, Duration.ZERO, settings.waitingStopLatency())
                .orElseThrow(() -> notFound(jobId));
        return Json.object().set("result", Json.object().put("jobId", v.id()));
    }

    ObjectNode delete(HttpCall call, String jobId) {
        job(call, jobId);
        JobView v = cluster.delete(jobId).orElseThrow(() -> notFound(jobId));
        return Json.object().set("result", Json.object().put("jobId", v.id()).put("jobName", v.name()));
    }

    ObjectNode events(HttpCall call, String jobId) {
        JobView v = job(call, jobId, false);
        ArrayNode events = Json.array();
        if (v.state() == JobState.QUEUED) {
            String message =
                    cluster.analyse(jobId).map(PendingAnalysis::eventMessage).orElse(null);
            if (message != null) {
                events.add(event("Warning", "FailedScheduling", message, v.createdAt(), cluster.now(), 1));
            }
        } else {
            for (Pod.PodView p : v.pods()) {
                if (!p.nodeName().isEmpty() && v.startedAt() != null) {
                    events.add(event(
                            "Normal",
                            "Scheduled",
                            "Successfully assigned " + NAMESPACE + "/" + p.name() + " to " + p.nodeName(),
                            v.startedAt(),
                            v.startedAt(),
                            1));
                }
            }
            if (v.state().isTerminal() && v.finishedAt() != null) {
                String reason =
                        switch (v.state()) {
                            case SUCCEEDED -> "JobSucceeded";
                            case FAILED -> "JobFailed";
                            default -> "JobTerminated";
                        };
                String message =
                        switch (v.state()) {
                            case SUCCEEDED -> "PyTorchJob " + v.name() + " successfully completed.";
                            case FAILED ->
                                "PyTorchJob " + v.name() + " failed: master exited with code " + v.exitCode();
                            default -> "PyTorchJob " + v.name() + " was stopped by the user.";
                        };
                if (v.state() == JobState.FAILED) {
                    // The training operator's pod-level event, which names the pod and its exit code.
                    String failing = v.pods().stream()
                            .filter(p -> "master".equalsIgnoreCase(p.role()))
                            .map(Pod.PodView::name)
                            .findFirst()
                            .orElse(
                                    v.pods().isEmpty()
                                            ? v.name()
                                            : v.pods().get(0).name());
                    events.add(event(
                            "Warning",
                            "ExitedWithCode",
                            "Pod: " + NAMESPACE + "." + failing + " exited with code " + v.exitCode(),
                            v.finishedAt(),
                            v.finishedAt(),
                            1));
                }
                events.add(event(
                        v.state() == JobState.FAILED ? "Warning" : "Normal",
                        reason,
                        message,
                        v.finishedAt(),
                        v.finishedAt(),
                        1));
            }
        }
        ObjectNode out = Json.object();
        out.set("events", events);
        out.put("total", events.size());
        return out;
    }

    /** {@code {"result":{"jobId","podName","logs":[...],"nextMarker"}}}; the marker is a line offset. */
    ObjectNode podLogs(HttpCall call, String jobId, String podName) {
        JobView v = job(call, jobId);
        Pod.PodView pod = v.pods().stream()
                .filter(p -> p.name().equals(podName))
                .findFirst()
                .orElseThrow(
                        () -> new ApiException(404, "NotFound", "pod " + podName + " of job " + jobId + " not found"));
        List<String> lines = SimulatedPodLog.lines(v, pod, cluster.now());
        int from = 0;
        String marker = call.query("marker");
        if (marker != null && !marker.isBlank()) {
            try {
                from = Math.max(0, Integer.parseInt(marker.trim()));
            } catch (NumberFormatException e) {
                throw new ApiException(400, "InvalidParameter", "Invalid parameter: marker");
            }
        }
        int max = intParam(call, "maxLines", 1000);
        ArrayNode logs = Json.array();
        int to = Math.min(lines.size(), from + max);
        for (int i = Math.min(from, to); i < to; i++) {
            logs.add(lines.get(i));
        }
        ObjectNode result = Json.object().put("jobId", v.id()).put("podName", podName);
        result.set("logs", logs);
        result.put("nextMarker", Integer.toString(Math.max(from, to)));
        return Json.object().set("result", result);
    }

    private static ObjectNode event(
            String type, String reason, String message, Instant first, Instant last, int count) {
        return Json.object()
                .put("reason", reason)
                .put("message", message)
                .put("firstTimestamp", eventTime(first))
                .put("lastTimestamp", eventTime(last))
                .put("count", count)
                .put("type", type);
    }

    /**
     * Event times as the AIHC event docs print them, Go's {@code time.Time.String()} in UTC
     * ({@code 2024-07-15 16:52:50 +0000 UTC}); job times stay RFC 3339.
     */
    static String eventTime(Instant t) {
        return t == null ? "" : EVENT_TIME.format(t.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }

    static String status(JobState s) {
        return switch (s) {
            case QUEUED -> "Created";
            case RUNNING -> "Running";
            case SUCCEEDED -> "Succeeded";
            case FAILED -> "Failed";
            case STOPPING, STOPPED -> "ManualTermination";
        };
    }

    private static ObjectNode jobJson(JobView v, boolean withPods) {
        JsonNode spec = v.spec();
        JsonNode jobSpec = spec.path("jobSpec");
        ObjectNode o = Json.object();
        o.put("jobId", v.id());
        o.put("name", v.name());
        o.put("resourcePoolId", spec.path("resourcePoolId").asText());
        o.put("queue", v.queue());
        o.put("jobFramework", spec.path("jobFramework").asText("PyTorchJob"));
        o.put("command", jobSpec.path("command").asText(""));
        o.put("image", jobSpec.path("image").asText(""));
        o.put("replicas", jobSpec.path("replicas").asInt(1));
        o.set(
                "resources",
                jobSpec.path("resources").isArray() ? jobSpec.get("resources").deepCopy() : Json.array());
        o.set("envs", jobSpec.path("envs").isArray() ? jobSpec.get("envs").deepCopy() : Json.array());
        o.set("labels", spec.path("labels").isArray() ? spec.get("labels").deepCopy() : Json.array());
        o.set(
                "datasources",
                spec.path("datasources").isArray() ? spec.get("datasources").deepCopy() : Json.array());
        o.put("enableRDMA", jobSpec.path("enableRDMA").asBoolean(false));
        o.put("hostNetwork", jobSpec.path("hostNetwork").asBoolean(false));
        o.put("privileged", jobSpec.path("privileged").asBoolean(false));
        o.put("enableFaultTolerance", spec.path("faultTolerance").asBoolean(false));
        o.put("priority", v.priority());
        o.put("status", status(v.state()));
        if (v.queuePosition() == null) {
            o.putNull("queueingSequence");
        } else {
            o.put("queueingSequence", v.queuePosition());
        }
        o.put("createdAt", Json.time(v.createdAt()));
        o.put("scheduledAt", Json.time(v.startedAt()));
        o.put("runningAt", Json.time(v.startedAt()));
        o.put("finishedAt", Json.time(v.finishedAt()));
        o.put("k8sUID", v.uid());
        o.put("k8sNamespace", NAMESPACE);
        if (withPods) {
            ArrayNode pods = Json.array();
            for (Pod.PodView p : v.pods()) {
                ObjectNode pod = Json.object();
                pod.put(
                        "PodIP",
                        p.nodeName().isEmpty()
                                ? ""
                                : "172.16.0." + (Math.abs(p.name().hashCode()) % 250 + 2));
                pod.put("nodeName", p.nodeName());
                ObjectNode meta = Json.object()
                        .put("name", p.name())
                        .put("namespace", NAMESPACE)
                        .put("creationTimestamp", Json.time(v.createdAt()));
                pod.set("objectMeta", meta);
                pod.set("podStatus", Json.object().put("podPhase", p.phase()).put("status", p.phase()));
                pod.put("replicaType", p.role());
                pod.put("restartCount", 0);
                pod.put("reason", p.nodeName().isEmpty() && v.state() == JobState.QUEUED ? "Unschedulable" : "");
                pod.put("finishedAt", Json.time(v.finishedAt()));
                pods.add(pod);
            }
            ObjectNode podList = Json.object();
            podList.set("listMeta", Json.object().put("totalItems", pods.size()));
            podList.set("pods", pods);
            o.set("podList", podList);
        }
        return o;
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.AihcManagedPools;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.FilterOutcome;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.PendingAnalysis;
import io.jenkins.plugins.trainingjob.simulator.cluster.Pod;
import io.jenkins.plugins.trainingjob.simulator.cluster.PodVerdict;
import io.jenkins.plugins.trainingjob.simulator.cluster.Quantity;
import io.jenkins.plugins.trainingjob.simulator.cluster.QueueShortage;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The AIHC OpenAPI v1 subset a CI uses: jobs (create, detail, list, stop, delete, events) and the
 * schedule diagnosis (launch, query), with BCE v1 signatures and BCE error bodies. Rule names as the
 * platform documents them; NodeAffinityDiagnostics and the queue rule are the simulator's own.
 *
 * <p>A pool declared as {@code aihc-serverless} or {@code aihc-bhcmp} is managed: its queues are named by
 * id, and create, detail, list, stop and delete refuse a call without {@code queueID}, as bce-sdk-go does
 * (services/aihc/resource/client.go); events do not need it (the SDK's v1 events call has none). A create
 * takes the queue from {@code queueID}, not from the body (a third-party user's finding on the live
 * serverless pool), and a job is found only through the queue it is in.
 */
public final class AihcApi implements PlatformApi {

    /** What the diagnosis reports are made of, and how long they take; see the scenario's timing. */
    public record Settings(Duration defaultRunTime, Duration preCheckMinQueue, Duration reportLatency,
                           boolean repeatedJobNames) {
        public Settings(Duration defaultRunTime, Duration preCheckMinQueue, Duration reportLatency) {
            this(defaultRunTime, preCheckMinQueue, reportLatency, false);
        }
    }

    private static final String NAMESPACE = "default";
    private static final java.time.format.DateTimeFormatter EVENT_TIME = java.time.format.DateTimeFormatter
            .ofPattern("uuuu-MM-dd HH:mm:ss '+0000 UTC'", Locale.ROOT).withZone(java.time.ZoneOffset.UTC);
    private static final Set<String> NON_GPU = Set.of("cpu", "memory", "pods", "ephemeral-storage", "sharedMemory");

    private final Cluster cluster;
    /** pool id → queue name → scheduling queue. */
    private final Map<String, Map<String, SchedulingQueue>> pools;
    private final Settings settings;
    private final AihcAuthenticator auth;
    private final Json.RequestIds requestIds;
    private final Map<String, Diagnosis> diagnoses = new ConcurrentHashMap<>();
    private final AihcInventoryApi inventory;
    /**
     * Fault-tolerant jobs whose next detail reads say Failed while they run (env SIM_TRANSIENT_FAILED_READS):
     * what a restart under fault tolerance looks like from outside, per a third-party watchdog.
     */
    private final Map<String, java.util.concurrent.atomic.AtomicInteger> transientFailedReads =
            new ConcurrentHashMap<>();

    private record Diagnosis(String id, String jobId, Instant readyAt, ArrayNode result) {
    }

    public AihcApi(Cluster cluster, Map<String, Map<String, SchedulingQueue>> pools, Settings settings,
                   AihcAuthenticator auth, Json.RequestIds requestIds) {
        this.cluster = cluster;
        this.pools = pools;
        this.settings = settings;
        this.auth = auth;
        this.requestIds = requestIds;
        this.inventory = new AihcInventoryApi(cluster, pools);
    }

    public static String queueKey(String poolId, String queue) {
        return "aihc/" + poolId + "/" + queue;
    }

    public void reset() {
        diagnoses.clear();
        transientFailedReads.clear();
    }

    @Override
    public void handle(HttpCall call) {
        String requestId = requestIds.next();
        try {
            auth.verify(call, AihcAuthenticator.headersOf(call.exchangeHeaders()));
            ObjectNode body = route(call);
            if (!body.has("requestId")) {
                ObjectNode withId = Json.object().put("requestId", requestId);
                withId.setAll(body);
                body = withId;
            }
            call.respond(200, Json.CONTENT_TYPE, Json.bytes(body), Map.of("x-bce-request-id", requestId));
        } catch (ApiException e) {
            send(call, e, requestId);
        }
    }

    @Override
    public void sendError(HttpCall call, ApiException error) {
        send(call, error, requestIds.next());
    }

    private void send(HttpCall call, ApiException e, String requestId) {
        ObjectNode body = Json.object().put("code", e.code()).put("message", e.getMessage())
                .put("requestId", requestId);
        Map<String, String> headers = new LinkedHashMap<>(e.headers());
        headers.put("x-bce-request-id", requestId);
        call.respond(e.status(), Json.CONTENT_TYPE, Json.bytes(body), headers);
    }

    private ObjectNode route(HttpCall call) {
        List<String> s = call.segments();
        String m = call.method();
        // s = [api, v1, ...]
        if (s.size() >= 4 && s.get(2).equals("resourcepools") && m.equals("GET")) {
            pool(s.get(3));
            return inventory.route(call, s);
        }
        if (s.size() >= 3 && s.get(2).equals("aijobs")) {
            if (s.size() == 3 && m.equals("POST")) {
                return create(call);
            }
            if (s.size() == 3 && m.equals("GET")) {
                return list(call);
            }
            if (s.size() == 4 && m.equals("GET")) {
                return detail(call, s.get(3));
            }
            if (s.size() == 4 && m.equals("DELETE")) {
                return delete(call, s.get(3));
            }
            if (s.size() == 5 && m.equals("POST") && s.get(4).equals("stop")) {
                return stop(call, s.get(3));
            }
            if (s.size() == 5 && m.equals("GET") && s.get(4).equals("events")) {
                return events(call, s.get(3));
            }
            if (s.size() == 7 && m.equals("GET") && s.get(4).equals("pods") && s.get(6).equals("logs")) {
                return podLogs(call, s.get(3), s.get(5));
            }
        }
        if (s.size() == 6 && s.get(2).equals("aifd") && s.get(3).equals("schedulediagnosis")
                && s.get(4).equals("job")) {
            if (s.get(5).equals("launcher") && m.equals("POST")) {
                return launchDiagnosis(call);
            }
            if (s.get(5).equals("query") && m.equals("GET")) {
                return queryDiagnosis(call);
            }
        }
        throw new ApiException(404, "NotFound", "No such API: " + m + " " + call.rawPath());
    }

    // ---- jobs ----

    private Map<String, SchedulingQueue> pool(String poolId) {
        if (poolId == null || poolId.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: resourcePoolId is required");
        }
        Map<String, SchedulingQueue> queues = pools.get(poolId);
        if (queues == null) {
            throw new ApiException(404, "ResourcePoolNotFound", "resource pool " + poolId + " not found");
        }
        return queues;
    }

    /** The {@code queueID} of a call on a managed pool (required), else {@code null}. */
    private static String managedQueueId(HttpCall call, String poolId) {
        if (!AihcManagedPools.isManaged(poolId)) {
            return null;
        }
        String queueId = call.query("queueID");
        if (queueId == null || queueId.isBlank()) {
            // bce-sdk-go's own words for this rule
            throw new ApiException(400, "InvalidParameter",
                    "Invalid parameter: bhcmp cluster or serverless cluster must be set queueID");
        }
        return queueId;
    }

    private ObjectNode create(HttpCall call) {
        String poolId = call.query("resourcePoolId");
        Map<String, SchedulingQueue> queues = pool(poolId);
        String managedQueue = managedQueueId(call, poolId);
        ObjectNode body = Json.readObject(call.body(), "InappropriateJSON");
        String name = body.path("name").asText("");
        if (name.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: name is required");
        }
        String queueName = managedQueue != null ? managedQueue : body.path("queue").asText("");
        if (queueName.isBlank()) {
            queueName = call.query().getOrDefault("queueID", "default");
        }
        SchedulingQueue queue = queues.get(queueName);
        if (queue == null) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: queue " + queueName
                    + " does not exist in resource pool " + poolId);
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
        int rank = switch (priority) {
            case "high" -> 2;
            case "normal" -> 1;
            case "low" -> 0;
            default -> throw new ApiException(400, "InvalidParameter",
                    "Invalid parameter: priority must be high, normal or low");
        };
        String framework = body.path("jobFramework").asText("PyTorchJob");
        String prefix = framework.equalsIgnoreCase("MPIJob") ? "mpijob-" : "pytorchjob-";
        Map<String, String> env = envs(jobSpec.path("envs"), "name");
        if (!settings.repeatedJobNames() && !cluster.jobs(j -> j.platform() == PlatformKind.AIHC && j.name().equals(name)
                && j.queue().key().startsWith("aihc/" + poolId + "/")).isEmpty()) {
            throw new ApiException(400, "JobNameAlreadyExists", "job name " + name + " already exists in " + poolId);
        }
        Map<String, String> selector = nodeSelector(body.path("requiredNodeAffinity"));
        List<Pod> pods = new ArrayList<>();
        pods.add(new Pod(name + "-master-0", "master", perPod, selector));
        for (int i = 0; i < replicas - 1; i++) {
            pods.add(new Pod(name + "-worker-" + i, "worker", perPod, selector));
        }
        SimJob.Builder b = SimJob.builder().platform(PlatformKind.AIHC)
                .id(prefix + cluster.nextUuid()).name(name).uid(cluster.nextUuid().toString())
                .queue(queue).priority(rank, priority).pods(pods)
                .runTime(runTime(env, settings.defaultRunTime())).exitCode(exitCode(env))
                .spec(body.deepCopy().put("resourcePoolId", poolId).put("queue", queueName)
                        .put("jobFramework", framework));
        JobView v = cluster.submit(b);
        String blips = env.get("SIM_TRANSIENT_FAILED_READS");
        if (blips != null && body.path("faultTolerance").asBoolean(false)) {
            transientFailedReads.put(v.id(), new java.util.concurrent.atomic.AtomicInteger(
                    exitCode(Map.of("SIM_EXIT_CODE", blips))));
        }
        ObjectNode result = Json.object().put("jobId", v.id()).put("jobName", v.name());
        return Json.object().set("result", result);
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
                    throw new ApiException(400, "InvalidParameter", "Invalid parameter: requiredNodeAffinity terms"
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
                    throw new ApiException(400, "InvalidParameter",
                            "Invalid parameter: jobSpec.resources[].name is required");
                }
                try {
                    m.merge(rn, Quantity.parseRequest(rn, r.path("quantity").asText("")), Double::sum);
                } catch (IllegalArgumentException e) {
                    throw new ApiException(400, "InvalidParameter", "Invalid parameter: jobSpec.resources " + rn
                            + ": " + e.getMessage());
                }
            }
        }
        return new Resources(m);
    }

    /** {@code [{name|key, value}]} env lists of either platform. */
    static Map<String, String> envs(JsonNode list, String keyField) {
        Map<String, String> env = new TreeMap<>();
        if (list.isArray()) {
            for (JsonNode e : list) {
                env.put(e.path(keyField).asText(""), e.path("value").asText(""));
            }
        }
        return env;
    }

    static Duration runTime(Map<String, String> env, Duration fallback) {
        String v = env.get("SIM_RUN_SECONDS");
        if (v == null) {
            return fallback;
        }
        try {
            double s = Double.parseDouble(v.trim());
            if (s < 0) {
                throw new NumberFormatException();
            }
            return Duration.ofMillis((long) (s * 1000));
        } catch (NumberFormatException e) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: env SIM_RUN_SECONDS must be a "
                    + "non-negative number of seconds, was '" + v + "'");
        }
    }

    static int exitCode(Map<String, String> env) {
        String v = env.get("SIM_EXIT_CODE");
        if (v == null) {
            return 0;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: env SIM_EXIT_CODE must be an "
                    + "integer, was '" + v + "'");
        }
    }

    private JobView job(HttpCall call, String jobId) {
        return job(call, jobId, true);
    }

    /** @param queueIdRule whether this call, on a managed pool, must name the job's queue as queueID */
    private JobView job(HttpCall call, String jobId, boolean queueIdRule) {
        String poolId = call.query("resourcePoolId");
        pool(poolId);
        String queueId = queueIdRule ? managedQueueId(call, poolId) : null;
        return cluster.job(jobId).filter(v -> v.platform() == PlatformKind.AIHC
                        && poolId.equals(v.spec().path("resourcePoolId").asText())
                        && (queueId == null || queueId.equals(v.queue())))
                .orElseThrow(() -> notFound(jobId));
    }

    private static ApiException notFound(String jobId) {
        return new ApiException(404, "cce.warning.GetAIJobByJobIdFailed",
                "get job by jobid failed, err: " + jobId + " not found job");
    }

    private ObjectNode detail(HttpCall call, String jobId) {
        JobView v = job(call, jobId);
        ObjectNode result = jobJson(v, true);
        var blips = transientFailedReads.get(v.id());
        if (blips != null && v.state() == JobState.RUNNING && blips.getAndDecrement() > 0) {
            result.put("status", "Failed");
        }
        return Json.object().set("result", result);
    }

    private ObjectNode list(HttpCall call) {
        String poolId = call.query("resourcePoolId");
        pool(poolId);
        String managedQueue = managedQueueId(call, poolId);
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

    private static int intParam(HttpCall call, String name, int fallback) {
        String v = call.query(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v);
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: " + name
                    + " must be a positive integer");
        }
    }

    private ObjectNode stop(HttpCall call, String jobId) {
        job(call, jobId);
        JobView v = cluster.stop(jobId, Duration.ZERO).orElseThrow(() -> notFound(jobId));
        return Json.object().set("result", Json.object().put("jobId", v.id()));
    }

    private ObjectNode delete(HttpCall call, String jobId) {
        job(call, jobId);
        JobView v = cluster.delete(jobId).orElseThrow(() -> notFound(jobId));
        return Json.object().set("result", Json.object().put("jobId", v.id()).put("jobName", v.name()));
    }

    private ObjectNode events(HttpCall call, String jobId) {
        JobView v = job(call, jobId, false);
        ArrayNode events = Json.array();
        if (v.state() == JobState.QUEUED) {
            String message = cluster.analyse(jobId).map(PendingAnalysis::eventMessage).orElse(null);
            if (message != null) {
                events.add(event("Warning", "FailedScheduling", message, v.createdAt(), cluster.now(), 1));
            }
        } else {
            for (Pod.PodView p : v.pods()) {
                if (!p.nodeName().isEmpty() && v.startedAt() != null) {
                    events.add(event("Normal", "Scheduled", "Successfully assigned " + NAMESPACE + "/" + p.name()
                            + " to " + p.nodeName(), v.startedAt(), v.startedAt(), 1));
                }
            }
            if (v.state().isTerminal() && v.finishedAt() != null) {
                String reason = switch (v.state()) {
                    case SUCCEEDED -> "JobSucceeded";
                    case FAILED -> "JobFailed";
                    default -> "JobTerminated";
                };
                String message = switch (v.state()) {
                    case SUCCEEDED -> "PyTorchJob " + v.name() + " successfully completed.";
                    case FAILED -> "PyTorchJob " + v.name() + " failed: master exited with code " + v.exitCode();
                    default -> "PyTorchJob " + v.name() + " was stopped by the user.";
                };
                if (v.state() == JobState.FAILED) {
                    // The training operator's pod-level event, which names the pod and its exit code.
                    String failing = v.pods().stream().filter(p -> "master".equalsIgnoreCase(p.role()))
                            .map(Pod.PodView::name).findFirst()
                            .orElse(v.pods().isEmpty() ? v.name() : v.pods().get(0).name());
                    events.add(event("Warning", "ExitedWithCode", "Pod: " + NAMESPACE + "." + failing
                            + " exited with code " + v.exitCode(), v.finishedAt(), v.finishedAt(), 1));
                }
                events.add(event(v.state() == JobState.FAILED ? "Warning" : "Normal", reason, message,
                        v.finishedAt(), v.finishedAt(), 1));
            }
        }
        ObjectNode out = Json.object();
        out.set("events", events);
        out.put("total", events.size());
        return out;
    }

    /** {@code {"result":{"jobId","podName","logs":[...],"nextMarker"}}}; the marker is a line offset. */
    private ObjectNode podLogs(HttpCall call, String jobId, String podName) {
        JobView v = job(call, jobId);
        Pod.PodView pod = v.pods().stream().filter(p -> p.name().equals(podName)).findFirst()
                .orElseThrow(() -> new ApiException(404, "NotFound", "pod " + podName + " of job " + jobId
                        + " not found"));
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

    private static ObjectNode event(String type, String reason, String message, Instant first, Instant last,
                                    int count) {
        return Json.object().put("reason", reason).put("message", message)
                .put("firstTimestamp", eventTime(first)).put("lastTimestamp", eventTime(last))
                .put("count", count).put("type", type);
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
        o.set("resources", jobSpec.path("resources").isArray() ? jobSpec.get("resources").deepCopy() : Json.array());
        o.set("envs", jobSpec.path("envs").isArray() ? jobSpec.get("envs").deepCopy() : Json.array());
        o.set("labels", spec.path("labels").isArray() ? spec.get("labels").deepCopy() : Json.array());
        o.set("datasources", spec.path("datasources").isArray() ? spec.get("datasources").deepCopy() : Json.array());
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
                pod.put("PodIP", p.nodeName().isEmpty() ? "" : "172.16.0." + (Math.abs(p.name().hashCode()) % 250 + 2));
                pod.put("nodeName", p.nodeName());
                ObjectNode meta = Json.object().put("name", p.name()).put("namespace", NAMESPACE)
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

    // ---- schedule diagnosis ----

    private ObjectNode launchDiagnosis(HttpCall call) {
        ObjectNode body = Json.readObject(call.body(), "InvalidParameter");
        String poolId = body.path("resourcePoolId").asText("");
        String jobId = body.path("jobId").asText("");
        if (poolId.isBlank() || jobId.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: resourcePoolId and jobId are required");
        }
        pool(poolId);
        JobView v = cluster.job(jobId).filter(j -> j.platform() == PlatformKind.AIHC
                        && poolId.equals(j.spec().path("resourcePoolId").asText()))
                .orElseThrow(() -> new ApiException(400, "PreCheckError",
                        "Check before diagnosis error: job " + jobId + " is not valid in resource pool " + poolId));
        if (v.state() != JobState.QUEUED) {
            throw new ApiException(400, "PreCheckError", "Check before diagnosis error: job status is "
                    + status(v.state()) + ", only queueing jobs can be diagnosed");
        }
        Instant now = cluster.now();
        Duration queued = Duration.between(v.createdAt(), now);
        if (queued.compareTo(settings.preCheckMinQueue()) < 0) {
            throw new ApiException(400, "PreCheckError", "Check before diagnosis error: job has been queueing for "
                    + queued.toSeconds() + "s, diagnosis needs at least " + settings.preCheckMinQueue().toSeconds()
                    + "s");
        }
        PendingAnalysis analysis = cluster.analyse(jobId).orElseThrow(() -> new ApiException(400, "PreCheckError",
                "Check before diagnosis error: job status changed, only queueing jobs can be diagnosed"));
        String id = cluster.nextUuid().toString();
        diagnoses.put(id, new Diagnosis(id, jobId, now.plus(settings.reportLatency()), rules(analysis)));
        return Json.object().set("result", Json.object().put("diagnosisId", id).put("jobId", jobId));
    }

    private ObjectNode queryDiagnosis(HttpCall call) {
        String id = call.query("diagnosisId");
        if (id == null || id.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: diagnosisId is required");
        }
        Diagnosis d = diagnoses.get(id);
        if (d == null || cluster.now().isBefore(d.readyAt())) {
            // The platform answers "not ready" with HTTP 200 and an error code in the body.
            return Json.object().put("code", "DiagnosisReportNotFound")
                    .put("message", "The diagnosis report is not found, try later please.");
        }
        ObjectNode out = Json.object();
        out.set("result", d.result().deepCopy());
        return out;
    }

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
                {"QueueCapabilityDiagnostics", "QueueResourceDiagnostics"}}) {
            byRule.put(r[0], new ArrayList<>());
            ruleTypes.put(r[0], r[1]);
        }
        List<PodVerdict> verdicts = new ArrayList<>(a.verdicts());
        verdicts.sort(Comparator.comparing(PodVerdict::pod).thenComparing(PodVerdict::node));
        for (PodVerdict v : verdicts) {
            FilterOutcome o = v.outcome();
            if (o instanceof FilterOutcome.Unschedulable) {
                byRule.get("NodeAvailabilityDiagnostics").add(detail(job, v.pod(), v.node(),
                        "node(s) were unschedulable", "", "", ""));
            } else if (o instanceof FilterOutcome.UntoleratedTaint t) {
                byRule.get("NodeTaintToleranceDiagnostics").add(detail(job, v.pod(), v.node(),
                        "node(s) had untolerated taint: " + t.taint().braced(), "", "", ""));
            } else if (o instanceof FilterOutcome.NodeAffinityMismatch) {
                byRule.get("NodeAffinityDiagnostics").add(detail(job, v.pod(), v.node(),
                        "node(s) didn't match Pod's node affinity/selector", "", "", ""));
            } else if (o instanceof FilterOutcome.Insufficient in) {
                for (FilterOutcome.Shortage s : in.shortages()) {
                    String rule = s.resource().equals("cpu") ? "CPUResourceDiagnostics"
                            : s.resource().equals("memory") ? "MemoryResourceDiagnostics"
                            : NON_GPU.contains(s.resource()) ? "CPUResourceDiagnostics" : "GPUResourceDiagnostics";
                    byRule.get(rule).add(detail(job, v.pod(), v.node(), "",
                            Quantity.format(s.resource(), s.request()), Quantity.format(s.resource(), s.free()),
                            s.resource()));
                }
            }
        }
        for (QueueShortage q : a.queueShortages()) {
            double left = Math.max(0, q.capability() - q.used());
            byRule.get("QueueCapabilityDiagnostics").add(detail(job, "", "",
                    "queue " + q.queue() + " capability exceeded: request " + Quantity.format(q.resource(), q.request())
                            + " " + q.resource() + ", in use " + Quantity.format(q.resource(), q.used()) + " of "
                            + Quantity.format(q.resource(), q.capability()),
                    Quantity.format(q.resource(), q.request()), Quantity.format(q.resource(), left), q.resource()));
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

    private static ObjectNode detail(JobView job, String pod, String node, String text, String request,
                                     String allocatable, String resourceName) {
        return Json.object()
                .put("allocatable", allocatable)
                .put("detail", text)
                .put("job", job.name())
                .put("namespace", NAMESPACE)
                .put("node", node)
                .put("pod", pod)
                .put("queue", job.queue())
                .put("request", request)
                .put("resourceName", resourceName);
    }
}

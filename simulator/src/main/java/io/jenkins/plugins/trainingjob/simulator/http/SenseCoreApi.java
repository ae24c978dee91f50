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
import io.jenkins.plugins.trainingjob.simulator.cluster.QuotaRefusedException;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimJob;
import io.jenkins.plugins.trainingjob.simulator.scenario.BindingDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.PoolDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.SpecDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.WorkspaceDecl;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The SenseCore ACP v2 training-job API (create, get, list, batchStop, batchDelete, workers, events),
 * the AEC2 resource-spec list and the workspace pool bindings, with HMAC signatures and
 * {@code {code, message, details[{reason}]}} errors.
 */
public final class SenseCoreApi implements PlatformApi {

    /** Timing the API needs from the scenario. */
    public record Settings(Duration defaultRunTime, Duration stopTime) {}

    private static final Pattern NAME = Pattern.compile("^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$");
    private static final String REQUEST_ID_HEADER = "X-Request-Id";
    private static final String ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";

    private final Cluster cluster;
    private final Map<String, WorkspaceDecl> workspaces = new TreeMap<>();
    private final Map<String, PoolDecl> pools = new TreeMap<>();
    private final Map<String, SpecDecl> specs = new TreeMap<>();
    private final Map<String, SchedulingQueue> queues;
    private final Settings settings;
    private final SenseCoreAuthenticator auth;
    private final Json.RequestIds requestIds;

    public SenseCoreApi(
            Cluster cluster,
            List<WorkspaceDecl> workspaces,
            List<PoolDecl> pools,
            List<SpecDecl> specs,
            Map<String, SchedulingQueue> queuesByPool,
            Settings settings,
            SenseCoreAuthenticator auth,
            Json.RequestIds requestIds) {
        this.cluster = cluster;
        workspaces.forEach(w -> this.workspaces.put(key(w.subscription(), w.resourceGroup(), w.zone(), w.name()), w));
        pools.forEach(p -> this.pools.put(p.name(), p));
        specs.forEach(s -> this.specs.put(s.name(), s));
        this.queues = Map.copyOf(queuesByPool);
        this.settings = settings;
        this.auth = auth;
        this.requestIds = requestIds;
    }

    public static String queueKey(String pool) {
        return "sensecore/" + pool;
    }

    private static String key(String sub, String rg, String zone, String ws) {
        return sub + "/" + rg + "/" + zone + "/" + ws;
    }

    @Override
    public void handle(HttpCall call) {
        try {
            auth.verify(call);
            JsonNode body = route(call);
            call.respond(200, Json.CONTENT_TYPE, Json.bytes(body), Map.of(REQUEST_ID_HEADER, requestIds.next()));
        } catch (ApiException e) {
            sendError(call, e);
        }
    }

    @Override
    public void sendError(HttpCall call, ApiException e) {
        ObjectNode body = Json.object();
        body.put("code", grpcCode(e));
        body.put("message", e.getMessage());
        ArrayNode details = Json.array();
        String reason = e.reason().isEmpty() ? e.code() : e.reason();
        details.add(Json.object().put("@type", ERROR_INFO).put("reason", reason).put("domain", "sensecoreapi.cn"));
        body.set("details", details);
        Map<String, String> headers = new LinkedHashMap<>(e.headers());
        headers.put(REQUEST_ID_HEADER, requestIds.next());
        call.respond(e.status(), Json.CONTENT_TYPE, Json.bytes(body), headers);
    }

    /** google.rpc.Code of an error: its own numeric code, else derived from the HTTP status. */
    private static int grpcCode(ApiException e) {
        try {
            return Integer.parseInt(e.code());
        } catch (NumberFormatException ignored) {
            return switch (e.status()) {
                case 400 -> 3;
                case 401 -> 16;
                case 403 -> 7;
                case 404 -> 5;
                case 409 -> 6;
                case 429 -> 8;
                case 501 -> 12;
                case 503 -> 14;
                case 504 -> 4;
                default -> 13;
            };
        }
    }

    private static ApiException error(int status, int grpc, String reason, String message) {
        return new ApiException(status, Integer.toString(grpc), reason, message, null);
    }

    private JsonNode route(HttpCall call) {
        List<String> s = call.segments();
        // compute/{acp|aec2|workspace}/data/{v}/subscriptions/{sub}/resourceGroups/{rg}/zones/{zone}/...
        if (s.size() < 12
                || !s.get(2).equals("data")
                || !s.get(4).equals("subscriptions")
                || !s.get(6).equals("resourceGroups")
                || !s.get(8).equals("zones")) {
            throw error(404, 5, "NotFound", "no such API: " + call.method() + " " + call.rawPath());
        }
        String sub = s.get(5);
        String rg = s.get(7);
        String zone = s.get(9);
        String m = call.method();
        if (s.get(1).equals("aec2")
                && s.get(10).equals("aec2s")
                && s.size() == 13
                && s.get(12).equals("resourceSpecs")
                && m.equals("GET")) {
            return resourceSpecs(call, zone, s.get(11));
        }
        if (!s.get(10).equals("workspaces")) {
            throw error(404, 5, "NotFound", "no such API: " + call.method() + " " + call.rawPath());
        }
        WorkspaceDecl ws = workspaces.get(key(sub, rg, zone, s.get(11)));
        if (ws == null) {
            throw error(
                    404,
                    5,
                    "wsNotFound",
                    "workspace " + s.get(11) + " not found in subscription " + sub + ", resource group " + rg
                            + ", zone " + zone);
        }
        if (s.get(1).equals("workspace")
                && s.size() == 13
                && s.get(12).equals("workspaceAEC2Bindings")
                && m.equals("GET")) {
            return bindings(call, ws);
        }
        if (!s.get(1).equals("acp") || s.size() < 13) {
            throw error(404, 5, "NotFound", "no such API: " + call.method() + " " + call.rawPath());
        }
        String collection = s.get(12);
        if (s.size() == 13) {
            switch (collection + " " + m) {
                case "trainingJobs POST":
                    return create(call, ws);
                case "trainingJobs GET":
                    return list(call, ws);
                case "trainingJobs:batchStop POST":
                    return batch(call, ws, true);
                case "trainingJobs:batchDelete POST":
                    return batch(call, ws, false);
                default:
                    break;
            }
        }
        if (collection.equals("trainingJobs") && m.equals("GET")) {
            String name = s.get(13);
            if (s.size() == 14) {
                return jobJson(ws, job(ws, name));
            }
            if (s.size() == 15 && s.get(14).equals("workers")) {
                return workers(call, ws, job(ws, name));
            }
            if (s.size() == 15 && s.get(14).equals("events")) {
                return events(job(ws, name));
            }
        }
        throw error(404, 5, "NotFound", "no such API: " + call.method() + " " + call.rawPath());
    }

    private static String jobId(WorkspaceDecl ws, String name) {
        return "sensecore/" + key(ws.subscription(), ws.resourceGroup(), ws.zone(), ws.name()) + "/" + name;
    }

    private JobView job(WorkspaceDecl ws, String name) {
        return cluster.job(jobId(ws, name)).orElseThrow(() -> notFound(name));
    }

    private static ApiException notFound(String name) {
        return error(404, 5, "tjNotFound", "training job " + name + " not found");
    }

    private JsonNode create(HttpCall call, WorkspaceDecl ws) {
        ObjectNode body = Json.readObject(call.body(), "3");
        String name = call.query("training_job_name");
        if (name == null || name.isBlank()) {
            name = body.path("name").asText("");
        }
        if (name.isBlank()) {
            name = "pt-" + cluster.nextUuid().toString().replace("-", "").substring(0, 12);
        }
        if (!NAME.matcher(name).matches()) {
            throw error(
                    400,
                    3,
                    "tjInvalidName",
                    "training job name '" + name + "' must be 1-63 characters of "
                            + "a-z, 0-9 and -, start with a letter and end with a letter or digit");
        }
        JsonNode roles = body.path("roles");
        if (!roles.isArray() || roles.size() != 1) {
            throw error(400, 3, "tjInvalidRoles", "roles must hold exactly one role named Worker");
        }
        JsonNode role = roles.get(0);
        if (role.path("startup_script").asText("").isBlank()) {
            throw error(400, 3, "tjRequiredStartupScript", "roles[0].startup_script must not be empty");
        }
        JsonNode specList = role.path("resource_spec");
        if (!specList.isArray() || specList.isEmpty()) {
            throw error(400, 3, "tjInvalidResourceSpec", "roles[0].resource_spec must name a resource spec");
        }
        String specName = specList.get(0).path("name").asText("");
        SpecDecl spec = specs.get(specName);

        String poolName = body.path("resource_pool").path("name").asText("");
        BindingDecl binding = ws.bindings().stream()
                .filter(b -> b.pool().equals(poolName))
                .findFirst()
                .orElseThrow(() -> error(
                        400,
                        3,
                        "tjInvalidResourcePool",
                        "resource pool '" + poolName + "' is not bound to workspace " + ws.name()));
        PoolDecl pool = pools.get(poolName);
        // several candidate specs (weak heterogeneous scheduling): each must be offered; workers take the first
        for (JsonNode candidate : specList) {
            String other = candidate.path("name").asText("");
            if (!specs.containsKey(other) || !pool.specs().contains(other)) {
                specName = other;
                spec = null;
            }
        }
        if (spec == null || !pool.specs().contains(specName)) {
            throw error(
                    400,
                    3,
                    "tjInvalidResourceSpec",
                    "resource spec '" + specName + "' is not offered by pool " + poolName);
        }
        boolean hasTotal = role.has("total_replicas");
        boolean hasPerSpec = specList.get(0).has("replicas");
        if (hasTotal && hasPerSpec) {
            throw error(
                    400,
                    3,
                    "tjInvalidReplicas",
                    "set either roles[0].total_replicas or resource_spec[].replicas," + " not both");
        }
        int replicas = hasTotal
                ? role.path("total_replicas").asInt(-1)
                : hasPerSpec ? specList.get(0).path("replicas").asInt(-1) : 1;
        if (replicas < 1) {
            throw error(400, 3, "tjInvalidReplicas", "roles[0].total_replicas must be at least 1");
        }
        JsonNode scheduling = body.path("scheduling");
        String quotaType = scheduling.path("quota_type").asText("RESERVED").toUpperCase(Locale.ROOT);
        if (quotaType.equals("JOB_QUOTA_TYPE_UNSPECIFIED")) {
            quotaType = "RESERVED";
        }
        boolean spot = quotaType.equals("SPOT");
        // the binding's quota type: RESERVED takes no SPOT jobs, SPOT no RESERVED ones; ALL and ON_DEMAND
        // take both. An allowance of 0 refuses spot jobs; an unreported one (-1) does not.
        String bound = binding.quotaType() == null ? "ALL" : binding.quotaType().toUpperCase(Locale.ROOT);
        if (spot && (binding.spotDevices() == 0 || bound.equals("RESERVED"))) {
            throw error(400, 3, "tjInvalidQuotaTypeInAec2", "quota type SPOT is not allowed in pool " + poolName);
        }
        if (quotaType.equals("RESERVED") && bound.equals("SPOT")) {
            throw error(400, 3, "tjInvalidQuotaTypeInAec2", "quota type RESERVED is not allowed in pool " + poolName);
        }
        if (!spot && !quotaType.equals("RESERVED")) {
            throw error(400, 3, "tjInvalidQuotaType", "scheduling.quota_type must be RESERVED or SPOT");
        }
        String priority = scheduling.path("priority").asText("NORMAL").toUpperCase(Locale.ROOT);
        int rank =
                switch (priority) {
                    case "PRIORITY_UNSPECIFIED", "NORMAL" -> 1;
                    case "HIGH" -> 2;
                    case "HIGHEST" -> 3;
                    default ->
                        throw error(400, 3, "tjInvalidPriority", "scheduling.priority must be NORMAL, HIGH or HIGHEST");
                };
        String id = jobId(ws, name);
        if (cluster.exists(id)) {
            throw error(409, 6, "tjAlreadyExists", "training job " + name + " already exists");
        }
        Map<String, String> env = SimulatedRunKnobs.envs(body.path("env"), "key");
        Resources request = workerRequest(spec);
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            pods.add(new Pod(name + "-worker-" + i, "Worker", request));
        }
        int devices = spec.deviceNumber() * replicas;
        ObjectNode echo = body.deepCopy();
        echo.put("name", name);
        SimJob.Builder b = SimJob.builder()
                .platform(PlatformKind.SENSECORE)
                .id(id)
                .name(name)
                .uid(cluster.nextUuid().toString().replace("-", ""))
                .queue(queues.get(poolName))
                .priority(rank, priority)
                .pods(pods)
                .runTime(SimulatedRunKnobs.runTime(env, settings.defaultRunTime()))
                .exitCode(SimulatedRunKnobs.exitCode(env))
                .spec(echo)
                .quota(ws.name() + "/" + poolName, spot, devices);
        JobView v;
        try {
            v = spot
                    ? cluster.submit(b)
                    : cluster.submitWithinQuota(b, ws.name() + "/" + poolName, devices, binding.reservedNumber());
        } catch (QuotaRefusedException e) {
            throw error(
                    429,
                    8,
                    "MEMBER_QUOTA_EXCEEDED",
                    "MEMBER_QUOTA_EXCEEDED: workspace " + ws.name() + " quota in pool " + poolName + " is exceeded: "
                            + e.getMessage());
        } catch (IllegalStateException e) {
            throw error(409, 6, "tjAlreadyExists", "training job " + name + " already exists");
        }
        return jobJson(ws, v);
    }

    static Resources workerRequest(SpecDecl spec) {
        Map<String, Double> m = new TreeMap<>();
        if (spec.deviceNumber() > 0) {
            m.put(spec.resourceKey(), (double) spec.deviceNumber());
        }
        m.put("cpu", spec.cpu());
        m.put("memory", spec.memoryGib() * 1024d * 1024d * 1024d);
        return new Resources(m);
    }

    static String state(JobState s) {
        return switch (s) {
            case QUEUED -> "QUEUEING";
            case RUNNING -> "RUNNING";
            case SUCCEEDED -> "SUCCEEDED";
            case FAILED -> "FAILED";
            case STOPPING -> "SUSPENDING";
            case STOPPED -> "SUSPENDED";
        };
    }

    private ObjectNode jobJson(WorkspaceDecl ws, JobView v) {
        ObjectNode o = ((ObjectNode) v.spec()).deepCopy();
        o.put("name", v.name());
        if (!o.has("display_name")) {
            o.put("display_name", v.name());
        }
        o.put("uid", v.uid());
        o.put(
                "id",
                "/subscriptions/" + ws.subscription() + "/resourceGroups/" + ws.resourceGroup() + "/zones/" + ws.zone()
                        + "/workspaces/" + ws.name() + "/trainingJobs/" + v.name());
        o.put("subscription_name", ws.subscription());
        o.put("resource_group_name", ws.resourceGroup());
        o.put("zone", ws.zone());
        o.put("workspace_name", ws.name());
        o.set(
                "ownership",
                Json.object().put("user_name", "sim-user").put("user_id", "00000000-0000-4000-8000-00000000516d"));
        o.put("state", state(v.state()));
        ObjectNode pool = o.withObjectProperty("resource_pool");
        PoolDecl p = pools.get(pool.path("name").asText(""));
        if (p != null) {
            pool.put("display_name", p.displayName() == null ? p.name() : p.displayName());
        }
        ObjectNode scheduling = o.withObjectProperty("scheduling");
        scheduling.put("priority", v.priority().equals("PRIORITY_UNSPECIFIED") ? "NORMAL" : v.priority());
        scheduling.put("quota_type", v.spot() ? "SPOT" : "RESERVED");
        o.put("create_time", Json.time(v.createdAt()));
        Instant update =
                v.finishedAt() != null ? v.finishedAt() : v.startedAt() != null ? v.startedAt() : v.createdAt();
        o.put("update_time", Json.time(update));
        if (v.startedAt() != null) {
            o.put("start_time", Json.time(v.startedAt()));
        }
        if (v.finishedAt() != null && (v.state() == JobState.SUCCEEDED || v.state() == JobState.FAILED)) {
            o.put("complete_time", Json.time(v.finishedAt()));
        }
        if (v.finishedAt() != null && v.state() == JobState.STOPPED) {
            o.put("suspend_time", Json.time(v.finishedAt()));
        }
        return o;
    }

    private static int pageSize(HttpCall call) {
        String v = call.query("page_size");
        if (v == null || v.isBlank()) {
            return 10;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < 0) {
                throw error(400, 3, "InvalidPageSize", "page_size must not be negative");
            }
            return n == 0 ? 10 : Math.min(n, 500);
        } catch (NumberFormatException e) {
            throw error(400, 3, "InvalidPageSize", "page_size must be an integer");
        }
    }

    /** Page tokens are decimal page numbers from 1; empty means the first page. */
    private static int page(HttpCall call) {
        String v = call.query("page_token");
        if (v == null || v.isBlank()) {
            return 1;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw error(400, 3, "InvalidPageToken", "page_token must be a page number from 1, was '" + v + "'");
        }
    }

    private JsonNode list(HttpCall call, WorkspaceDecl ws) {
        int size = pageSize(call);
        int page = page(call);
        String prefix = jobId(ws, "");
        String state = call.query("state");
        List<JobView> all = new ArrayList<>(cluster.jobs(j -> j.id().startsWith(prefix)));
        if (state != null && !state.isBlank()) {
            all.removeIf(v -> !state(v.state()).equalsIgnoreCase(state.trim()));
        }
        Collections.reverse(all); // newest first
        ArrayNode jobs = Json.array();
        int from = (page - 1) * size;
        for (int i = from; i < Math.min(all.size(), from + size); i++) {
            jobs.add(jobJson(ws, all.get(i)));
        }
        ObjectNode out = Json.object();
        out.set("training_jobs", jobs);
        out.put("next_page_token", from + size < all.size() ? Integer.toString(page + 1) : "");
        out.put("total_size", all.size());
        return out;
    }

    private JsonNode batch(HttpCall call, WorkspaceDecl ws, boolean stop) {
        ObjectNode body = Json.readObject(call.body(), "3");
        JsonNode names = body.path("training_job_names");
        if (!names.isArray() || names.isEmpty() || names.size() > 200) {
            throw error(400, 3, "tjInvalidJobNames", "training_job_names must list 1 to 200 job names");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode n : names) {
            String id = jobId(ws, n.asText(""));
            if (!cluster.exists(id)) {
                throw notFound(n.asText(""));
            }
            ids.add(id);
        }
        for (String id : ids) {
            if (stop) {
                cluster.stop(id, settings.stopTime());
            } else {
                cluster.delete(id);
            }
        }
        return Json.object();
    }

    private JsonNode workers(HttpCall call, WorkspaceDecl ws, JobView v) {
        int size = pageSize(call);
        int page = page(call);
        ArrayNode workers = Json.array();
        List<Pod.PodView> pods = v.pods();
        int from = (page - 1) * size;
        SpecDecl spec = specs.get(v.spec()
                .path("roles")
                .path(0)
                .path("resource_spec")
                .path(0)
                .path("name")
                .asText(""));
        for (int i = from; i < Math.min(pods.size(), from + size); i++) {
            Pod.PodView p = pods.get(i);
            ObjectNode w = Json.object();
            w.put("uid", v.uid() + "-" + i);
            w.put("id", "/trainingJobs/" + v.name() + "/workers/" + p.name());
            w.put("name", p.name());
            w.put("namespace", ws.name());
            w.put("node_name", p.nodeName());
            w.put("ip", p.nodeName().isEmpty() ? "" : "172.17.0." + (i + 2));
            w.put("host_ip", p.nodeName().isEmpty() ? "" : p.nodeName());
            w.put("phase", p.phase());
            ObjectNode resources = Json.object();
            resources.set("limits", Json.stringMap(p.request().formatted()));
            resources.set("requests", Json.stringMap(p.request().formatted()));
            ObjectNode container = Json.object().put("name", "container-worker-0");
            container.set("resources", resources);
            container.put("device_type", spec == null || spec.deviceType() == null ? "" : spec.deviceType());
            ArrayNode containers = Json.array();
            containers.add(container);
            w.set("containers", containers);
            w.set("init_containers", Json.array());
            w.put("node_spec_name", spec == null ? "" : spec.name());
            w.put("create_time", Json.time(v.createdAt()));
            w.put("update_time", Json.time(v.startedAt() == null ? v.createdAt() : v.startedAt()));
            workers.add(w);
        }
        ObjectNode out = Json.object();
        out.set("workers", workers);
        out.put("next_page_token", from + size < pods.size() ? Integer.toString(page + 1) : "");
        out.put("total_size", pods.size());
        return out;
    }

    private JsonNode events(JobView v) {
        ArrayNode events = Json.array();
        if (v.state() == JobState.QUEUED) {
            String message =
                    cluster.analyse(v.id()).map(PendingAnalysis::eventMessage).orElse(null);
            if (message != null) {
                events.add(event("Warning", "FailedScheduling", message, v.createdAt(), cluster.now()));
            }
        } else if (v.startedAt() != null) {
            for (Pod.PodView p : v.pods()) {
                events.add(event(
                        "Normal",
                        "Scheduled",
                        "Successfully assigned " + p.name() + " to " + p.nodeName(),
                        v.startedAt(),
                        v.startedAt()));
            }
        }
        if (v.state().isTerminal() && v.finishedAt() != null) {
            events.add(event(
                    v.state() == JobState.FAILED ? "Warning" : "Normal",
                    state(v.state()),
                    "training job " + v.name() + " is " + state(v.state()),
                    v.finishedAt(),
                    v.finishedAt()));
        }
        ObjectNode out = Json.object();
        out.set("events", events);
        return out;
    }

    private static ObjectNode event(String type, String reason, String message, Instant first, Instant last) {
        return Json.object()
                .put("type", type)
                .put("reason", reason)
                .put("message", message)
                .put("first_timestamp", Json.time(first))
                .put("last_timestamp", Json.time(last))
                .put("count", 1);
    }

    private JsonNode resourceSpecs(HttpCall call, String poolZone, String poolName) {
        PoolDecl pool = pools.get(poolName);
        if (pool == null || !pool.zone().equals(poolZone)) {
            throw error(404, 5, "aec2NotFound", "pool " + poolName + " not found in zone " + poolZone);
        }
        ArrayNode list = Json.array();
        List<String> names = pool.specs();
        int size = pool.specPageSize() == null ? names.size() : pool.specPageSize();
        int from = pool.specPageSize() == null ? 0 : (page(call) - 1) * size;
        for (String name : names.subList(Math.min(from, names.size()), Math.min(from + size, names.size()))) {
            SpecDecl s = specs.get(name);
            ObjectNode o = Json.object().put("name", s.name());
            o.set("cpu", Json.object().put("vcpu_allocatable", s.cpu()).put("type", "x86"));
            o.set("memory", Json.object().put("allocatable", s.memoryGib()));
            ObjectNode device = Json.object()
                    .put("number", s.deviceNumber())
                    .put("type", s.deviceNumber() > 0 ? "GPU" : "")
                    .put("manufacturer", s.deviceNumber() > 0 ? "NVIDIA" : "")
                    .put("model", s.deviceType() == null ? "" : s.deviceType())
                    .put("resource_key", s.resourceKey() == null ? "" : s.resourceKey());
            o.set("device", device);
            ArrayNode zones = Json.array();
            zones.add(pool.zone());
            o.set("zones", zones);
            list.add(o);
        }
        ObjectNode out = Json.object();
        out.set("resource_specs", list);
        if (pool.specPageSize() != null) {
            out.put("next_page_token", from + size < names.size() ? Integer.toString(from / size + 2) : "");
        }
        return out;
    }

    private JsonNode bindings(HttpCall call, WorkspaceDecl ws) {
        int size = pageSize(call);
        int page = page(call);
        List<BindingDecl> all = ws.bindings();
        ArrayNode list = Json.array();
        int from = (page - 1) * size;
        for (int i = from; i < Math.min(all.size(), from + size); i++) {
            BindingDecl b = all.get(i);
            PoolDecl p = pools.get(b.pool());
            ObjectNode o = Json.object();
            o.put(
                    "id",
                    "/subscriptions/" + ws.subscription() + "/resourceGroups/" + ws.resourceGroup() + "/zones/"
                            + p.zone() + "/aec2s/" + p.name());
            o.put("uid", Integer.toHexString(p.name().hashCode()));
            o.put("name", p.name());
            o.put("display_name", p.displayName() == null ? p.name() : p.displayName());
            o.put("state", "ACTIVE");
            o.put("type", "AEC2");
            o.put("vpc_id", "");
            o.put("quota_type", b.quotaType() == null ? "ALL" : b.quotaType());
            o.put("reserved_number", b.reservedNumber());
            o.put("reserved_cpu", b.reservedCpu());
            o.put("reserved_memory", b.reservedMemoryGib());
            ArrayNode spot = Json.array();
            if (b.spotDevices() >= 0) {
                ObjectNode quota = Json.object()
                        .put("device", b.spotDevices())
                        .put("cpu", 0)
                        .put("memory", 0);
                spot.add(Json.object().put("spot_name", "default").set("spot_quota", quota));
            }
            o.set("spot_status", spot);
            list.add(o);
        }
        ObjectNode out = Json.object();
        out.set("aec2s", list);
        out.put("next_page_token", from + size < all.size() ? Integer.toString(page + 1) : "");
        out.put("total_size", all.size());
        return out;
    }

    /** Per-pool scheduling queues, keyed by pool name, for the cluster. */
    public static Map<String, SchedulingQueue> queuesFor(
            List<PoolDecl> pools, java.util.function.Function<List<String>, List<String>> expand) {
        Map<String, SchedulingQueue> m = new LinkedHashMap<>();
        for (PoolDecl p : pools) {
            m.put(p.name(), new SchedulingQueue(queueKey(p.name()), p.name(), expand.apply(p.nodes()), Resources.NONE));
        }
        return m;
    }
}

package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimJob;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 *
 * <p>This class routes calls, checks signatures and writes BCE error bodies; {@link AihcJobsApi},
 * {@link AihcDiagnosisApi} and {@link AihcInventoryApi} answer them.
 */
public final class AihcApi implements PlatformApi {

    /** What the diagnosis reports are made of, and how long they take; see the scenario's timing. */
    public record Settings(
            Duration defaultRunTime,
            Duration preCheckMinQueue,
            Duration reportLatency,
            boolean repeatedJobNames,
            Duration waitingStopLatency) {
        public Settings(Duration defaultRunTime, Duration preCheckMinQueue, Duration reportLatency) {
            this(defaultRunTime, preCheckMinQueue, reportLatency, false);
        }

        public Settings(
                Duration defaultRunTime, Duration preCheckMinQueue, Duration reportLatency, boolean repeatedJobNames) {
            this(defaultRunTime, preCheckMinQueue, reportLatency, repeatedJobNames, Duration.ZERO);
        }
    }

    private final AihcPools pools;
    private final AihcAuthenticator auth;
    private final Json.RequestIds requestIds;
    private final AihcJobsApi jobs;
    private final AihcDiagnosisApi diagnosis;
    private final AihcInventoryApi inventory;

    public AihcApi(
            Cluster cluster,
            Map<String, Map<String, SchedulingQueue>> pools,
            AihcInventoryApi.Knobs knobs,
            Settings settings,
            AihcAuthenticator auth,
            Json.RequestIds requestIds) {
        this.pools = new AihcPools(pools);
        this.auth = auth;
        this.requestIds = requestIds;
        this.jobs = new AihcJobsApi(cluster, this.pools, settings);
        this.diagnosis = new AihcDiagnosisApi(cluster, this.pools, settings);
        this.inventory = new AihcInventoryApi(cluster, pools, knobs);
    }

    public static String queueKey(String poolId, String queue) {
        return "aihc/" + poolId + "/" + queue;
    }

    /**
     * A workload's job in {@code queue} of {@code poolId}, as a client's create would have made it (see
     * {@link AihcJobsApi#workloadJob}).
     */
    public SimJob.Builder workloadJob(
            String poolId, String queue, String name, int pods, int gpusPerPod, Duration runTime) {
        return jobs.workloadJob(poolId, queue, name, pods, gpusPerPod, runTime);
    }

    public void reset() {
        diagnosis.reset();
        jobs.reset();
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
        ObjectNode body = Json.object()
                .put("code", e.code())
                .put("message", e.getMessage())
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
            pools.queues(s.get(3));
            return inventory.route(call, s);
        }
        if (s.size() >= 3 && s.get(2).equals("aijobs")) {
            if (s.size() == 3 && m.equals("POST")) {
                return jobs.create(call);
            }
            if (s.size() == 3 && m.equals("GET")) {
                return jobs.list(call);
            }
            if (s.size() == 4 && m.equals("GET")) {
                return jobs.detail(call, s.get(3));
            }
            if (s.size() == 4 && m.equals("DELETE")) {
                return jobs.delete(call, s.get(3));
            }
            if (s.size() == 5 && m.equals("POST") && s.get(4).equals("stop")) {
                return jobs.stop(call, s.get(3));
            }
            if (s.size() == 5 && m.equals("GET") && s.get(4).equals("events")) {
                return jobs.events(call, s.get(3));
            }
            if (s.size() == 7
                    && m.equals("GET")
                    && s.get(4).equals("pods")
                    && s.get(6).equals("logs")) {
                return jobs.podLogs(call, s.get(3), s.get(5));
            }
        }
        if (s.size() == 6
                && s.get(2).equals("aifd")
                && s.get(3).equals("schedulediagnosis")
                && s.get(4).equals("job")) {
            if (s.get(5).equals("launcher") && m.equals("POST")) {
                return diagnosis.launch(call);
            }
            if (s.get(5).equals("query") && m.equals("GET")) {
                return diagnosis.query(call);
            }
        }
        throw new ApiException(404, "NotFound", "No such API: " + m + " " + call.rawPath());
    }
}

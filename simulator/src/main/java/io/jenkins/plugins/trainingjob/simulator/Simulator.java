package io.jenkins.plugins.trainingjob.simulator;

import com.sun.net.httpserver.HttpServer;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import io.jenkins.plugins.trainingjob.simulator.cluster.AdminAction;
import io.jenkins.plugins.trainingjob.simulator.cluster.Arrival;
import io.jenkins.plugins.trainingjob.simulator.cluster.Cluster;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.Node;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeNames;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import io.jenkins.plugins.trainingjob.simulator.cluster.SimClock;
import io.jenkins.plugins.trainingjob.simulator.http.AdminApi;
import io.jenkins.plugins.trainingjob.simulator.http.AihcApi;
import io.jenkins.plugins.trainingjob.simulator.http.AihcAuthenticator;
import io.jenkins.plugins.trainingjob.simulator.http.AihcInventoryApi;
import io.jenkins.plugins.trainingjob.simulator.http.Dispatcher;
import io.jenkins.plugins.trainingjob.simulator.http.FaultInjector;
import io.jenkins.plugins.trainingjob.simulator.http.FaultRule;
import io.jenkins.plugins.trainingjob.simulator.http.InventoryShape;
import io.jenkins.plugins.trainingjob.simulator.http.Json;
import io.jenkins.plugins.trainingjob.simulator.http.SenseCoreApi;
import io.jenkins.plugins.trainingjob.simulator.http.SenseCoreAuthenticator;
import io.jenkins.plugins.trainingjob.simulator.scenario.TraceJob;
import io.jenkins.plugins.trainingjob.simulator.scenario.WorkloadDecl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A running simulator of both platform APIs over one cluster model, on one port: AIHC under
 * {@code /api/v1/}, SenseCore under {@code /compute/}, the admin API under {@code /_sim/}.
 *
 * <pre>{@code
 * try (Simulator sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu"))) {
 *     URI endpoint = sim.baseUrl();   // http://127.0.0.1:<port>
 * }
 * }</pre>
 */
public final class Simulator implements AutoCloseable {
    private static final int THREADS = 32;

    static {
        // The JDK server writes headers and body separately; with Nagle's algorithm on, each small
        // response then waits for the client's delayed ACK (~40 ms). Read once when the server classes
        // load, so it must be set before the first server starts; an explicit setting wins.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final Scenario scenario;
    private final HttpServer server;
    private final ExecutorService executor;
    private final Cluster cluster;
    private final FaultInjector faults = new FaultInjector();
    private final AihcApi aihc;
    private final SenseCoreAuthenticator senseCoreAuth;

    private Simulator(Scenario scenario, InetSocketAddress address) throws IOException {
        this.scenario = scenario;
        Scenario.Timing timing = scenario.timing();
        // A workload replays its history before now: the clock starts that far back, and the first look at
        // the cluster brings it up to now, history and all.
        SimClock clock = new SimClock(startOfTime(scenario), timing.effectiveSpeed(), System::nanoTime);
        List<SchedulingQueue> queues = new ArrayList<>();
        Map<String, Map<String, SchedulingQueue>> aihcPools = new LinkedHashMap<>();
        List<AdminAction> actions = new ArrayList<>();
        Map<String, Integer> growth = new LinkedHashMap<>();
        for (Scenario.ResourcePoolDecl p : scenario.aihc().resourcePools()) {
            Map<String, SchedulingQueue> byName = new LinkedHashMap<>();
            for (Scenario.ActionDecl a : p.actions()) {
                actions.add(action(p.id(), a));
            }
            for (Scenario.QueueDecl q : p.queues()) {
                // a parent queue takes no jobs: the scheduler keeps them waiting as in a closed queue
                SchedulingQueue sq = new SchedulingQueue(
                        AihcApi.queueKey(p.id(), q.name()),
                        q.name(),
                        nodesOf(scenario, q.nodes()),
                        Resources.parse(q.capability(), "capability"),
                        q.closed() || !q.children().isEmpty());
                if (q.grow() > 0) {
                    growth.put(sq.key(), q.grow());
                }
                byName.put(q.name(), sq);
                queues.add(sq);
            }
            aihcPools.put(p.id(), byName);
        }
        Map<String, SchedulingQueue> scQueues =
                SenseCoreApi.queuesFor(scenario.sensecore().pools(), refs -> nodesOf(scenario, refs));
        queues.addAll(scQueues.values());
        this.cluster = new Cluster(clock, () -> nodesOf(scenario), queues, scenario.seed());
        cluster.plan(actions);
        growth.forEach(cluster::grow);

        Map<String, String> secrets = new LinkedHashMap<>();
        scenario.credentials().forEach(c -> secrets.put(c.accessKey(), c.secretKey()));
        Json.RequestIds requestIds = new Json.RequestIds();
        Map<String, InventoryShape> shapes = new LinkedHashMap<>();
        Map<String, List<String>> children = new LinkedHashMap<>();
        for (Scenario.ResourcePoolDecl p : scenario.aihc().resourcePools()) {
            shapes.put(p.id(), p.inventory());
            p.queues().forEach(q -> children.put(AihcApi.queueKey(p.id(), q.name()), q.children()));
        }
        this.aihc = new AihcApi(
                cluster,
                aihcPools,
                new AihcInventoryApi.Knobs(shapes, children),
                new AihcApi.Settings(
                        Duration.ofSeconds(timing.effectiveRunSeconds()),
                        Duration.ofSeconds(timing.effectivePreCheckMinQueueSeconds()),
                        Duration.ofSeconds(timing.effectiveDiagnosisLatencySeconds()),
                        scenario.aihc().repeatedJobNames(),
                        Duration.ofSeconds(timing.effectiveWaitingStopSeconds())),
                new AihcAuthenticator(secrets, Clock.systemUTC()),
                requestIds);
        this.senseCoreAuth = new SenseCoreAuthenticator(secrets, Clock.systemUTC());
        acceptSenseCoreSignatures(scenarioSignatures(scenario));
        SenseCoreApi senseCore = new SenseCoreApi(
                cluster,
                scenario.sensecore().workspaces(),
                scenario.sensecore().pools(),
                scenario.sensecore().specs(),
                scQueues,
                new SenseCoreApi.Settings(
                        Duration.ofSeconds(timing.effectiveRunSeconds()),
                        Duration.ofSeconds(timing.effectiveStopSeconds())),
                senseCoreAuth,
                requestIds);
        if (scenario.workload() != null) {
            cluster.planArrivals(arrivals(scenario.workload(), aihc));
            replayHistory();
        }
        scenario.faults().forEach(faults::add);
        AdminApi admin = new AdminApi(scenario.name(), cluster, faults, this::reset);

        this.server = HttpServer.create(address, 256);
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, "training-job-simulator-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.executor = Executors.newFixedThreadPool(THREADS, tf);
        server.setExecutor(executor);
        server.createContext("/", new Dispatcher(admin, aihc, senseCore, faults));
        server.start();
    }

    /** Starts on 127.0.0.1 and a free port. */
    public static Simulator start(Scenario scenario) {
        return start(scenario, 0);
    }

    /** Starts on 127.0.0.1:{@code port} (0 = a free port). */
    public static Simulator start(Scenario scenario, int port) {
        try {
            return new Simulator(scenario, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the simulator on port " + port + ": " + e.getMessage(), e);
        }
    }

    /**
     * Moves the clock, started where the workload's history starts, up to now: the history's jobs arrive, wait,
     * run and finish in between, in order.
     */
    private void replayHistory() {
        cluster.advance(Duration.ofSeconds(scenario.workload().historySimulatedSeconds()));
    }

    /** Now, or for a workload as far back as its replayed history reaches. */
    private static Instant startOfTime(Scenario scenario) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return scenario.workload() == null
                ? now
                : now.minusSeconds(scenario.workload().historySimulatedSeconds());
    }

    /** The workload's trace as jobs that arrive at their (compressed) moments, history first. */
    private static List<Arrival> arrivals(WorkloadDecl w, AihcApi aihc) {
        List<Arrival> out = new ArrayList<>();
        List<TraceJob> jobs = w.jobs();
        for (int i = 0; i < jobs.size(); i++) {
            TraceJob j = jobs.get(i);
            if (w.history() != null && j.at() < -w.history()) {
                continue; // before the replayed history: a thin history leaves it out
            }
            String name = w.namePrefix() + String.format("%04d", i + 1);
            String queue = j.queue().isEmpty() ? w.queue() : j.queue();
            Duration run = Duration.ofSeconds(w.simulatedSeconds(j.runSeconds()));
            out.add(new Arrival(
                    Duration.ofSeconds(w.simulatedOffset(j.at())),
                    c -> aihc.workloadJob(w.pool(), queue, name, j.pods(), j.gpusPerPod(), run)));
        }
        return out;
    }

    private static AdminAction action(String poolId, Scenario.ActionDecl a) {
        Duration at = Duration.ofSeconds(a.at());
        if (a.uncordon() != null) {
            return new AdminAction(at, AdminAction.Kind.UNCORDON, a.uncordon(), "", 0);
        }
        if (a.untaint() != null) {
            return new AdminAction(at, AdminAction.Kind.UNTAINT, a.untaint(), "", 0);
        }
        if (a.reopen() != null) {
            return new AdminAction(at, AdminAction.Kind.REOPEN, AihcApi.queueKey(poolId, a.reopen()), "", 0);
        }
        return new AdminAction(
                at, AdminAction.Kind.ADD_NODES, AihcApi.queueKey(poolId, a.queue()), a.like(), a.addNodes());
    }

    /**
     * Sets an AIHC queue's capability (an administrator's action: {@code {nvidia.com/gpu: 16}}; empty for
     * unlimited); waiting jobs are re-evaluated at once, running ones keep running.
     */
    public void setQueueCapability(String poolId, String queue, Map<String, String> capability) {
        cluster.setCapability(AihcApi.queueKey(poolId, queue), Resources.parse(capability, "capability"));
    }

    /** Opens an AIHC queue (an administrator's action); waiting jobs are re-evaluated at once. */
    public void reopenQueue(String poolId, String queue) {
        cluster.reopen(AihcApi.queueKey(poolId, queue));
    }

    /** Adds {@code count} nodes shaped like node {@code like} to an AIHC queue (an administrator's action). */
    public void addNodes(String poolId, String queue, String like, int count) {
        cluster.addNodes(AihcApi.queueKey(poolId, queue), like, count);
    }

    /** The node names a queue or pool may use: those it lists, or every node when it lists none. */
    private static List<String> nodesOf(Scenario scenario, List<String> refs) {
        if (refs.isEmpty()) {
            return scenario.nodeNames();
        }
        List<String> out = new ArrayList<>();
        refs.forEach(r -> out.addAll(NodeNames.expand(r)));
        return out;
    }

    private static List<Node> nodesOf(Scenario scenario) {
        List<Node> nodes = new ArrayList<>();
        for (Scenario.NodeDecl d : scenario.nodes()) {
            for (String name : NodeNames.expand(d.name())) {
                nodes.add(new Node(
                        name,
                        d.labels(),
                        d.taintList(),
                        d.isUnschedulable(),
                        Resources.parse(d.allocatable(), "allocatable"),
                        Resources.parse(d.occupied(), "occupied")));
            }
        }
        return nodes;
    }

    /** {@code http://127.0.0.1:<port>}: the endpoint for both platforms' clients. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public Scenario scenario() {
        return scenario;
    }

    /** The first line of a banner, for the simulator's own main and for {@code trainjob simulator}. */
    public String headline() {
        return "Training Job simulator, scenario " + scenario.name() + ", listening on " + baseUrl();
    }

    /** Simulated now. */
    public Instant now() {
        return cluster.now();
    }

    /** Moves simulated time forward; jobs due in between finish and waiting jobs start, in order. */
    public Instant advanceClock(Duration d) {
        return cluster.advance(d);
    }

    public void cordon(String node) {
        cluster.changeNode(node, new NodeChange(true, null, null, null, null));
    }

    public void uncordon(String node) {
        cluster.changeNode(node, new NodeChange(false, null, null, null, null));
    }

    /** Changes a node (null fields unchanged); waiting jobs are re-evaluated at once. */
    public void changeNode(String node, NodeChange change) {
        cluster.changeNode(node, change);
    }

    /** Free capacity of every node, by node name. */
    public Map<String, Resources> freeCapacity() {
        Map<String, Resources> m = new LinkedHashMap<>();
        cluster.nodes().forEach(n -> m.put(n.name(), n.free()));
        return m;
    }

    /** Every job of both platforms, in creation order (what {@code GET /_sim/state} lists). */
    public List<JobView> jobs() {
        return cluster.jobs(j -> true);
    }

    /**
     * Deletes a job as someone else would (AIHC delete): it disappears from every API at once. Returns
     * whether there was such a job.
     */
    public boolean deleteJob(String id) {
        return cluster.delete(id).isPresent();
    }

    /**
     * The next job created under {@code name} ends with {@code exitCode} whatever its spec says (its log as
     * any failed run's): a flaky run that a re-run of the very same spec does not meet again.
     */
    public void failNextRun(String name, int exitCode) {
        cluster.failNextRun(name, exitCode);
    }

    /**
     * Makes the SenseCore gateway accept only these signature schemes (both by default, or as the
     * scenario's {@code sensecore.acceptedSignatures} says): a gateway that refuses the other with 401.
     */
    public void acceptSenseCoreSignatures(Set<Scheme> schemes) {
        senseCoreAuth.accept(schemes);
    }

    private static Set<Scheme> scenarioSignatures(Scenario scenario) {
        Set<Scheme> schemes = EnumSet.noneOf(Scheme.class);
        for (String s : scenario.sensecore().acceptedSignatures()) {
            schemes.add(
                    SenseCoreSignature.parse("signature", s) == SenseCoreSignature.DATE_ONLY
                            ? Scheme.X_DATE
                            : Scheme.DATE_HOST_TARGET);
        }
        return schemes.isEmpty() ? EnumSet.allOf(Scheme.class) : schemes;
    }

    public void addFault(FaultRule rule) {
        faults.add(rule);
    }

    public void clearFaults() {
        faults.clear();
    }

    /** Forgets jobs and diagnoses, restores nodes and the scenario's faults, restarts the clock. */
    public void reset() {
        // the clock first: the cluster's origin (admin actions, a workload's arrivals) is the clock's new start
        cluster.clock().reset(startOfTime(scenario));
        cluster.reset();
        if (scenario.workload() != null) {
            replayHistory();
        }
        aihc.reset();
        acceptSenseCoreSignatures(scenarioSignatures(scenario));
        faults.clear();
        scenario.faults().forEach(faults::add);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package io.jenkins.plugins.trainingjob.simulator;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeNames;
import io.jenkins.plugins.trainingjob.simulator.cluster.Quantity;
import io.jenkins.plugins.trainingjob.simulator.cluster.Taint;
import io.jenkins.plugins.trainingjob.simulator.http.FaultRule;
import io.jenkins.plugins.trainingjob.simulator.http.InventoryShape;
import io.jenkins.plugins.trainingjob.simulator.scenario.BindingDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.PoolDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.SpecDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.TraceJob;
import io.jenkins.plugins.trainingjob.simulator.scenario.WorkloadDecl;
import io.jenkins.plugins.trainingjob.simulator.scenario.WorkloadTrace;
import io.jenkins.plugins.trainingjob.simulator.scenario.WorkspaceDecl;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A simulated world, as a scenario file (YAML) describes it: nodes, AIHC resource pools and queues,
 * SenseCore pools, specs and workspaces, the credentials the simulator accepts, timing and faults.
 * See the bundled {@code seed-taint-and-gpu.yaml} for an annotated example and the module README for
 * every field.
 */
public record Scenario(
        String name,
        Long seed,
        List<CredentialPair> credentials,
        Timing timing,
        List<NodeDecl> nodes,
        AihcDecl aihc,
        SenseCoreDecl sensecore,
        List<FaultRule> faults,
        WorkloadDecl workload) {

    /** Names of the scenarios shipped inside the simulator jar. */
    public static final List<String> BUNDLED =
            List.of("seed-taint-and-gpu", "tiny", "workload", "workload-thin", "nightly");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    public Scenario {
        name = name == null || name.isBlank() ? "unnamed" : name;
        seed = seed == null ? 1L : seed;
        credentials = credentials == null ? List.of() : List.copyOf(credentials);
        timing = timing == null ? new Timing(null, null, null, null, null, null) : timing;
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        aihc = aihc == null ? new AihcDecl(List.of()) : aihc;
        sensecore = sensecore == null ? new SenseCoreDecl(List.of(), List.of(), List.of()) : sensecore;
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    /** A world without a workload: only the jobs its clients submit. */
    public Scenario(
            String name,
            Long seed,
            List<CredentialPair> credentials,
            Timing timing,
            List<NodeDecl> nodes,
            AihcDecl aihc,
            SenseCoreDecl sensecore,
            List<FaultRule> faults) {
        this(name, seed, credentials, timing, nodes, aihc, sensecore, faults, null);
    }

    /** An access key pair the simulator accepts on both APIs. */
    public record CredentialPair(String accessKey, String secretKey) {
        @Override
        public String toString() {
            return "CredentialPair{accessKey=" + accessKey + ", secretKey=****}";
        }
    }

    /**
     * @param speed simulated seconds per real second (0 freezes the clock: only {@code /_sim/clock/advance}
     *     moves it); default 1
     * @param fast fast mode: every unset delay below defaults to 0 instead of its realistic value
     * @param defaultRunSeconds how long a job runs unless its env sets {@code SIM_RUN_SECONDS}; default 60
     * @param diagnosisLatencySeconds how long a launched AIHC diagnosis stays "not found"; default 10
     * @param preCheckMinQueueSeconds how long an AIHC job must have queued before a diagnosis is
     *     accepted; default 300 (the platform's 5 minutes)
     * @param stopSeconds how long a stopped SenseCore job stays SUSPENDING; default 5
     * @param waitingStopSeconds how long an AIHC stop of a waiting job takes to land; the scheduler may start
     *     the job meanwhile, and then it keeps running (the race of a fallback move); default 0 (at once)
     */
    public record Timing(
            Double speed,
            Boolean fast,
            Long defaultRunSeconds,
            Long diagnosisLatencySeconds,
            Long preCheckMinQueueSeconds,
            Long stopSeconds,
            Long waitingStopSeconds) {

        public Timing(
                Double speed,
                Boolean fast,
                Long defaultRunSeconds,
                Long diagnosisLatencySeconds,
                Long preCheckMinQueueSeconds,
                Long stopSeconds) {
            this(speed, fast, defaultRunSeconds, diagnosisLatencySeconds, preCheckMinQueueSeconds, stopSeconds, null);
        }

        public double effectiveSpeed() {
            return speed == null ? 1.0 : speed;
        }

        public boolean isFast() {
            return Boolean.TRUE.equals(fast);
        }

        public long effectiveRunSeconds() {
            return defaultRunSeconds == null ? (isFast() ? 1 : 60) : defaultRunSeconds;
        }

        public long effectiveDiagnosisLatencySeconds() {
            return diagnosisLatencySeconds == null ? (isFast() ? 0 : 10) : diagnosisLatencySeconds;
        }

        public long effectivePreCheckMinQueueSeconds() {
            return preCheckMinQueueSeconds == null ? (isFast() ? 0 : 300) : preCheckMinQueueSeconds;
        }

        public long effectiveWaitingStopSeconds() {
            return waitingStopSeconds == null ? 0 : waitingStopSeconds;
        }

        public long effectiveStopSeconds() {
            return stopSeconds == null ? (isFast() ? 0 : 5) : stopSeconds;
        }
    }

    /**
     * One node, or a range of identical nodes ({@code gpu-node-[01-04]}).
     *
     * @param occupied resources held by workloads the simulator does not model (other tenants)
     */
    public record NodeDecl(
            String name,
            Map<String, String> labels,
            List<TaintDecl> taints,
            Boolean unschedulable,
            Map<String, String> allocatable,
            Map<String, String> occupied,
            Boolean ready) {
        public boolean isUnschedulable() {
            return Boolean.TRUE.equals(unschedulable);
        }

        /**
         * The declared taints; a node declared {@code ready: false} also carries Kubernetes' own
         * {@code node.kubernetes.io/not-ready} NoSchedule taint, as the node controller sets it.
         */
        public List<Taint> taintList() {
            List<Taint> out = new ArrayList<>(
                    taints == null
                            ? List.of()
                            : taints.stream().map(TaintDecl::toTaint).toList());
            if (Boolean.FALSE.equals(ready)) {
                out.add(new Taint(Taint.NOT_READY, "", "NoSchedule"));
            }
            return out;
        }
    }

    public record TaintDecl(String key, String value, String effect) {
        Taint toTaint() {
            return new Taint(key, value, effect);
        }
    }

    /**
     * @param repeatedJobNames whether a create may reuse the name of a job in the pool (default false: the
     *     simulator answers {@code JobNameAlreadyExists}); on, the client token alone keeps submits single
     */
    public record AihcDecl(
            @JsonProperty("resourcePools") List<ResourcePoolDecl> resourcePools,
            @JsonProperty("repeatedJobNames") Boolean repeatedJobNames) {
        public AihcDecl {
            resourcePools = resourcePools == null ? List.of() : List.copyOf(resourcePools);
            repeatedJobNames = Boolean.TRUE.equals(repeatedJobNames);
        }

        public AihcDecl(List<ResourcePoolDecl> resourcePools) {
            this(resourcePools, false);
        }
    }

    /**
     * An AIHC resource pool ({@code cce-...}) and its queues; {@code inventory} shapes how its inventory
     * endpoints answer (the ways the real API may differ from the SDK's tags), {@code actions} what its
     * administrator does over time.
     */
    public record ResourcePoolDecl(
            String id, String name, List<QueueDecl> queues, InventoryShape inventory, List<ActionDecl> actions) {
        public ResourcePoolDecl {
            queues = queues == null ? List.of() : List.copyOf(queues);
            inventory = inventory == null ? InventoryShape.PLAIN : inventory;
            actions = actions == null ? List.of() : List.copyOf(actions);
        }
    }

    /**
     * An administrator's action at {@code at} seconds of simulated time: exactly one of {@code uncordon}
     * (a node), {@code untaint} (a node: every taint, NotReady's too), {@code reopen} (a queue of this pool),
     * {@code addNodes} (how many, shaped like node {@code like}, to queue {@code queue}).
     */
    public record ActionDecl(
            Long at, String uncordon, String untaint, String reopen, Integer addNodes, String like, String queue) {
        public ActionDecl {
            at = at == null ? 0 : at;
            int kinds = (uncordon != null ? 1 : 0)
                    + (untaint != null ? 1 : 0)
                    + (reopen != null ? 1 : 0)
                    + (addNodes != null ? 1 : 0);
            if (kinds != 1) {
                throw new IllegalArgumentException(
                        "an action names exactly one of uncordon, untaint, reopen, addNodes");
            }
            if (addNodes != null && (like == null || queue == null || addNodes < 1)) {
                throw new IllegalArgumentException("addNodes needs a count >= 1, like (a node) and queue");
            }
        }
    }

    /**
     * A queue: the nodes (names or ranges) its jobs may use (none listed = every node), and its
     * capability (empty = unlimited), and its state ({@code Open}, the default, or {@code Close}: jobs wait).
     * {@code children}: child queues, which make it a parent that takes no jobs (Volcano places jobs in leaf
     * queues only); {@code grow}: how many nodes shaped like its largest the pool adds while a job of it cannot
     * be placed (an autoscaling node group).
     */
    public record QueueDecl(
            String name,
            List<String> nodes,
            Map<String, String> capability,
            String state,
            List<String> children,
            Integer grow) {
        public QueueDecl {
            nodes = nodes == null ? List.of() : List.copyOf(nodes);
            children = children == null ? List.of() : List.copyOf(children);
            grow = grow == null ? 0 : grow;
            state = state == null || state.isBlank() ? "Open" : state;
            if (!state.equals("Open") && !state.equals("Close")) {
                throw new IllegalArgumentException("queue state must be Open or Close, was '" + state + "'");
            }
        }

        public boolean closed() {
            return state.equals("Close");
        }
    }

    /**
     * @param acceptedSignatures the signature schemes the simulated gateway accepts: {@code request}
     *     ({@code date host @request-target}) and/or {@code date-only} ({@code x-date}); both when empty. One
     *     alone is a gateway that refuses the other with 401, as the live one may (sensecore-api.md §8.4).
     */
    public record SenseCoreDecl(
            List<SpecDecl> specs,
            List<PoolDecl> pools,
            List<WorkspaceDecl> workspaces,
            List<String> acceptedSignatures) {
        public SenseCoreDecl {
            specs = specs == null ? List.of() : List.copyOf(specs);
            pools = pools == null ? List.of() : List.copyOf(pools);
            workspaces = workspaces == null ? List.of() : List.copyOf(workspaces);
            acceptedSignatures = acceptedSignatures == null ? List.of() : List.copyOf(acceptedSignatures);
        }

        public SenseCoreDecl(List<SpecDecl> specs, List<PoolDecl> pools, List<WorkspaceDecl> workspaces) {
            this(specs, pools, workspaces, List.of());
        }
    }

    /** Reads and checks a scenario file. */
    public static Scenario load(Path file) {
        String yaml;
        try {
            yaml = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scenario " + file + ": " + e.getMessage(), e);
        }
        Scenario s = parse(yaml, file.toString());
        return s.withTrace(trace -> {
            Path csv = file.toAbsolutePath().getParent().resolve(trace);
            try {
                return Files.readString(csv, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "scenario " + file + ": workload.trace: cannot read " + csv + ": " + e.getMessage(), e);
            }
        });
    }

    /** A scenario shipped with the simulator; see {@link #BUNDLED}. */
    public static Scenario bundled(String name) {
        if (!BUNDLED.contains(name)) {
            throw new IllegalArgumentException("no bundled scenario named '" + name + "'; bundled: " + BUNDLED);
        }
        String resource = "scenarios/" + name + ".yaml";
        try (InputStream in = Scenario.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled scenario resource missing: " + resource);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name)
                    .withTrace(trace -> resourceText("scenarios/" + trace));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resourceText(String resource) {
        try (InputStream in = Scenario.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource missing: " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * This scenario with its workload's trace file read ({@code read} turns the file's name into its text),
     * and checked against the scenario's AIHC pools.
     */
    private Scenario withTrace(java.util.function.Function<String, String> read) {
        if (workload == null || workload.trace() == null) {
            return this;
        }
        List<TraceJob> jobs = WorkloadTrace.parse(read.apply(workload.trace()), workload.trace());
        Scenario s =
                new Scenario(name, seed, credentials, timing, nodes, aihc, sensecore, faults, workload.withJobs(jobs));
        s.validateWorkload("scenario " + name + ": ");
        return s;
    }

    /** {@code name} as bundled, else a path to a file. */
    public static Scenario resolve(String nameOrPath) {
        return BUNDLED.contains(nameOrPath) ? bundled(nameOrPath) : load(Path.of(nameOrPath));
    }

    /** Parses YAML text; {@code source} names it in error messages. */
    public static Scenario parse(String yaml, String source) {
        Scenario s;
        try {
            s = YAML.readValue(yaml, Scenario.class);
        } catch (JsonMappingException e) {
            String path = e.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining("."))
                    .replace(".[", "[");
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            String why = root instanceof IllegalArgumentException ? root.getMessage() : e.getOriginalMessage();
            throw new IllegalArgumentException(
                    "scenario " + source + ": " + (path.isEmpty() ? "" : path + ": ") + why, e);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("scenario " + source + ": not valid YAML: " + e.getOriginalMessage(), e);
        }
        if (s == null) {
            throw new IllegalArgumentException("scenario " + source + " is empty");
        }
        s.validate(source);
        return s;
    }

    /** Every node name, ranges expanded, in declaration order. */
    public List<String> nodeNames() {
        List<String> names = new ArrayList<>();
        for (NodeDecl n : nodes) {
            names.addAll(NodeNames.expand(n.name()));
        }
        return names;
    }

    /** This scenario with another clock speed (0 = frozen: tests move time with the admin API). */
    public Scenario withSpeed(double speed) {
        Timing t = new Timing(
                speed,
                timing.fast(),
                timing.defaultRunSeconds(),
                timing.diagnosisLatencySeconds(),
                timing.preCheckMinQueueSeconds(),
                timing.stopSeconds(),
                timing.waitingStopSeconds());
        return new Scenario(name, seed, credentials, t, nodes, aihc, sensecore, faults, workload);
    }

    private void validate(String source) {
        String where = "scenario " + source + ": ";
        if (credentials.isEmpty()) {
            throw new IllegalArgumentException(where + "credentials: at least one {accessKey, secretKey} is required");
        }
        for (int i = 0; i < credentials.size(); i++) {
            CredentialPair c = credentials.get(i);
            if (c == null
                    || c.accessKey() == null
                    || c.accessKey().isBlank()
                    || c.secretKey() == null
                    || c.secretKey().isEmpty()) {
                throw new IllegalArgumentException(
                        where + "credentials[" + i + "]: accessKey and secretKey are required");
            }
        }
        if (timing.effectiveSpeed() < 0) {
            throw new IllegalArgumentException(where + "timing.speed must be 0 or more");
        }
        Set<String> known = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            NodeDecl n = nodes.get(i);
            String at = where + "nodes[" + i + "]: ";
            try {
                for (String name : NodeNames.expand(n.name())) {
                    if (!known.add(name)) {
                        throw new IllegalArgumentException("node '" + name + "' is declared twice");
                    }
                }
                n.taintList();
                checkQuantities(n.allocatable(), "allocatable");
                checkQuantities(n.occupied(), "occupied");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(at + e.getMessage(), e);
            }
        }
        Set<String> poolIds = new HashSet<>();
        for (ResourcePoolDecl p : aihc.resourcePools()) {
            if (p.id() == null || p.id().isBlank() || !poolIds.add(p.id())) {
                throw new IllegalArgumentException(where + "aihc.resourcePools: every pool needs a unique id");
            }
            Set<String> queueNames = new HashSet<>();
            for (QueueDecl q : p.queues()) {
                if (q.name() == null || q.name().isBlank() || !queueNames.add(q.name())) {
                    throw new IllegalArgumentException(
                            where + "aihc pool " + p.id() + ": every queue needs a unique name");
                }
                checkNodeRefs(q.nodes(), known, where + "aihc pool " + p.id() + " queue " + q.name());
                checkQuantities(q.capability(), where + "aihc pool " + p.id() + " queue " + q.name() + " capability");
            }
        }
        Set<String> specNames = new HashSet<>();
        for (SpecDecl spec : sensecore.specs()) {
            if (spec.name() == null || spec.name().isBlank() || !specNames.add(spec.name())) {
                throw new IllegalArgumentException(where + "sensecore.specs: every spec needs a unique name");
            }
            if (spec.deviceNumber() < 0 || spec.cpu() < 0 || spec.memoryGib() < 0) {
                throw new IllegalArgumentException(where + "sensecore spec " + spec.name() + ": negative amounts");
            }
            if (spec.deviceNumber() > 0
                    && (spec.resourceKey() == null || spec.resourceKey().isBlank())) {
                throw new IllegalArgumentException(
                        where + "sensecore spec " + spec.name() + ": resourceKey is required when deviceNumber > 0");
            }
        }
        Set<String> pools = new HashSet<>();
        for (PoolDecl p : sensecore.pools()) {
            if (p.name() == null || p.name().isBlank() || !pools.add(p.name())) {
                throw new IllegalArgumentException(where + "sensecore.pools: every pool needs a unique name");
            }
            if (p.zone() == null || p.zone().isBlank()) {
                throw new IllegalArgumentException(where + "sensecore pool " + p.name() + ": zone is required");
            }
            checkNodeRefs(p.nodes(), known, where + "sensecore pool " + p.name());
            for (String spec : p.specs()) {
                if (!specNames.contains(spec)) {
                    throw new IllegalArgumentException(where + "sensecore pool " + p.name() + ": unknown spec " + spec);
                }
            }
        }
        validateWorkload(where);
        for (String scheme : sensecore.acceptedSignatures()) {
            try {
                io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature.parse("signature", scheme);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(
                        where + "sensecore.acceptedSignatures: '" + scheme + "' is not request or date-only");
            }
        }
        for (WorkspaceDecl w : sensecore.workspaces()) {
            if (w.name() == null || w.subscription() == null || w.resourceGroup() == null || w.zone() == null) {
                throw new IllegalArgumentException(
                        where + "sensecore.workspaces: subscription, resourceGroup, zone and name are required");
            }
            for (BindingDecl b : w.bindings()) {
                if (!pools.contains(b.pool())) {
                    throw new IllegalArgumentException(
                            where + "sensecore workspace " + w.name() + ": binding to unknown pool " + b.pool());
                }
            }
        }
    }

    /** The workload's jobs go to a declared AIHC pool and queues of it. */
    private void validateWorkload(String where) {
        if (workload == null) {
            return;
        }
        ResourcePoolDecl pool = aihc.resourcePools().stream()
                .filter(p -> p.id().equals(workload.pool()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        where + "workload.pool: must name a pool of aihc.resourcePools, was " + workload.pool()));
        Set<String> queueNames = pool.queues().stream().map(QueueDecl::name).collect(Collectors.toSet());
        for (int i = 0; i < workload.jobs().size(); i++) {
            TraceJob j = workload.jobs().get(i);
            String q = j.queue().isEmpty() ? workload.queue() : j.queue();
            if (!queueNames.contains(q)) {
                throw new IllegalArgumentException(where + "workload.jobs[" + i + "].queue: no queue " + q + " in pool "
                        + pool.id() + " (queues: " + new java.util.TreeSet<>(queueNames) + ")");
            }
        }
    }

    private static void checkNodeRefs(List<String> refs, Set<String> known, String where) {
        Set<String> seen = new LinkedHashSet<>();
        for (String ref : refs) {
            for (String n : NodeNames.expand(ref)) {
                if (!known.contains(n)) {
                    throw new IllegalArgumentException(where + ": unknown node " + n);
                }
                seen.add(n);
            }
        }
    }

    private static void checkQuantities(Map<String, String> q, String field) {
        if (q != null) {
            q.forEach((k, v) -> {
                try {
                    Quantity.parse(v);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(field + "." + k + ": " + e.getMessage());
                }
            });
        }
    }

    @Override
    public String toString() {
        return "Scenario{" + name + ", " + nodeNames().size() + " nodes}";
    }
}

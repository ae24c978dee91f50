package io.jenkins.plugins.trainingjob.simulator.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.PreflightCheck;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Soundness of the pre-flight check, adversarially: random worlds over every knob the real API allows and
 * our reader must not take as proof (keys in lower case, node fields left out, a server that ignores
 * {@code pageNo} with the GPU nodes after 510 CPU nodes, queue node lists of instance ids, a pool that lists
 * no nodes or is not running, a parent queue), nodes cordoned, tainted or NotReady, closed queues, queues
 * whose cpu capability is 0 (unlimited), pools that grow by nodes of the shapes they have, administrators'
 * actions over time; and random AIHC jobs, shared-GPU requests among them. Every job is checked with the
 * inventory read through {@link AihcClient} from the simulator, then:
 * <ul>
 *   <li>submitted to the world as it is (the clock frozen, no action yet): a job judged FITS_NOW must be
 *   placed at once;</li>
 *   <li>then every administrator action is taken at once (uncordon, untaint and mark Ready every node,
 *   reopen every leaf queue, add nodes shaped like each node of the queue, other tenants leave): the most
 *   any sequence of those actions can reach, since each only adds room. A job judged NEVER_FITS must stay
 *   unplaced there.</li>
 * </ul>
 * The counts per verdict are printed.
 */
class PreflightSoundnessTest {

    private static final List<String> GPU_KINDS = List.of("nvidia.com/gpu", "baidu.com/a800_80g_cgpu");
    private static final int WORLDS = 30;
    private static final int JOBS_PER_WORLD = 8;

    /** One generated world: its pool id, queue names, nodes per queue, and which queues are parents. */
    private record World(String pool, Map<String, List<String>> queues, List<String> parents, List<String> knobs) {}

    @Test
    void noJobJudgedNeverFitsIsPlacedInAnyReachableWorldAndFitsNowIsPlacedAtOnce() {
        Random random = new Random(20261201L);
        StringBuilder nodes = new StringBuilder();
        StringBuilder pools = new StringBuilder();
        List<World> worlds = new ArrayList<>();
        for (int w = 0; w < WORLDS; w++) {
            worlds.add(world(random, w, nodes, pools));
        }
        String yaml = "name: adversarial-worlds\nseed: 1\n"
                + "credentials: [{accessKey: sim-access-key, secretKey: sim-secret-key}]\n"
                + "timing: {fast: true}\nnodes:\n" + nodes + "aihc:\n  resourcePools:\n" + pools;
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        Map<String, Integer> rulesFired = new TreeMap<>();
        int placedAtOnce = 0;
        int placedAfterActions = 0;
        List<String> violations = new ArrayList<>();
        try (Simulator sim = Simulator.start(Scenario.parse(yaml, "generated").withSpeed(0))) {
            for (World world : worlds) {
                try (AihcClient client = SimClients.aihc(sim, world.pool(), null)) {
                    Map<String, PoolInventory> inventories = new TreeMap<>();
                    List<String> queueNames = new ArrayList<>(world.queues().keySet());
                    for (int j = 0; j < JOBS_PER_WORLD; j++) {
                        String queue = queueNames.get(random.nextInt(queueNames.size()));
                        String spec = job(random, world.pool() + "-job-" + j, queue);
                        JobSpec js = JobSpecLoader.load(spec, "job", Map.of());
                        sim.reset();
                        PoolInventory inv = inventories.computeIfAbsent(queue, client::inventory);
                        DiagnosisReport report = PreflightCheck.check(JobDemand.of(js, queue), inv);
                        verdicts.merge(report.verdict(), 1, Integer::sum);
                        report.rules().forEach(r -> rulesFired.merge(r.ruleType(), 1, Integer::sum));
                        JobRef ref = client.submit(js, "t-" + world.pool() + "-" + j);
                        boolean atOnce = client.status(ref).phase().isScheduled();
                        if (report.verdict() == Verdict.FITS_NOW && !atOnce) {
                            violations.add("FITS_NOW but not placed at once in " + world + ": " + report.verdictText()
                                    + "\n" + spec);
                        }
                        everyActionTaken(
                                sim, world, queue, JobDemand.of(js, queue).pods());
                        boolean placed = client.status(ref).phase().isScheduled();
                        placedAtOnce += atOnce ? 1 : 0;
                        placedAfterActions += placed ? 1 : 0;
                        if (placed && report.verdict() == Verdict.NEVER_FITS) {
                            violations.add("false NEVER_FITS in " + world + ": " + report.verdictText() + "\n" + spec);
                        }
                    }
                }
            }
            sim.reset();
        }
        System.out.printf(
                "pre-flight soundness: %d jobs in %d adversarial worlds; verdicts %s; placed at once %d;"
                        + " placed once every administrator action is taken %d; rules fired %s%n",
                WORLDS * JOBS_PER_WORLD, WORLDS, verdicts, placedAtOnce, placedAfterActions, rulesFired);
        assertThat(violations).as("counterexamples").isEmpty();
        // the property is not vacuous: every verdict and the proof rules occur
        assertThat(verdicts.keySet())
                .contains(
                        Verdict.NEVER_FITS, Verdict.NEEDS_ADMIN, Verdict.FITS_NOW, Verdict.FITS_LATER, Verdict.UNKNOWN);
        assertThat(rulesFired)
                .containsKeys(
                        "QueueIsLeaf",
                        "QueueCapability",
                        "AcceleratorKind",
                        "PodFitsNode",
                        "QueueOpen",
                        "BlockedNodes");
    }

    /** Uncordon, untaint (NotReady too) and empty every node, reopen the leaf queues, add nodes of each shape. */
    private static void everyActionTaken(Simulator sim, World world, String queue, int pods) {
        for (List<String> names : world.queues().values()) {
            for (String n : names) {
                sim.changeNode(n, new NodeChange(false, List.of(), null, Resources.NONE, null));
            }
        }
        for (String q : world.queues().keySet()) {
            if (!world.parents().contains(q)) {
                sim.reopenQueue(world.pool(), q);
            }
        }
        for (String like : world.queues().get(queue)) {
            sim.addNodes(world.pool(), queue, like, pods);
        }
    }

    private static World world(Random r, int w, StringBuilder b, StringBuilder pools) {
        String pool = "cce-w" + w;
        List<String> knobs = new ArrayList<>();
        StringBuilder inventory = new StringBuilder();
        if (r.nextInt(4) == 0) {
            inventory.append("keys: lower, ");
            knobs.add("lower-case keys");
        }
        if (r.nextInt(6) == 0) {
            String omit = List.of("gpuTotal", "cpuTotal", "gpuDescriptor").get(r.nextInt(3));
            inventory.append("omit: [").append(omit).append("], ");
            knobs.add("no " + omit);
        }
        if (r.nextInt(4) == 0) {
            inventory.append("nodeListBy: instanceId, ");
            knobs.add("nodeList of instance ids");
        }
        int oddPool = r.nextInt(10);
        if (oddPool == 0) {
            inventory.append("listNodes: false, ");
            knobs.add("no nodes listed");
        } else if (oddPool == 1) {
            inventory.append("phase: scaling, ");
            knobs.add("pool scaling");
        }
        boolean ignorePageNo = r.nextInt(6) == 0;
        if (ignorePageNo) {
            inventory.append("ignorePageNo: true, ");
            knobs.add("pageNo ignored, 510 CPU nodes first");
        }
        int count = 2 + r.nextInt(6);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = "n-" + w + "-" + i;
            names.add(name);
            int gpus = List.of(0, 4, 8, 8, 8).get(r.nextInt(5));
            String kind = GPU_KINDS.get(r.nextInt(4) == 0 ? 1 : 0);
            int cpu = List.of(32, 64, 96).get(r.nextInt(3));
            b.append("  - name: ").append(name).append('\n');
            b.append("    allocatable: {cpu: ")
                    .append(cpu)
                    .append(", memory: 512Gi")
                    .append(gpus > 0 ? ", " + kind + ": " + gpus : "")
                    // a shared-GPU node offers card slices beside its descriptor
                    .append(
                            gpus > 0 && kind.startsWith("baidu")
                                    ? ", " + kind + "_core: 800, " + kind + "_memory: 640"
                                    : "")
                    .append("}\n");
            if (gpus > 0 && r.nextInt(3) == 0) {
                b.append("    occupied: {")
                        .append(kind)
                        .append(": ")
                        .append(r.nextInt(gpus + 1))
                        .append(", cpu: ")
                        .append(r.nextInt(cpu / 2))
                        .append("}\n");
            }
            int trouble = r.nextInt(7);
            if (trouble == 0) {
                b.append("    unschedulable: true\n");
            } else if (trouble == 1) {
                b.append("    taints: [{key: dedicated, value: infra, effect: NoSchedule}]\n");
            } else if (trouble == 2) {
                b.append("    ready: false\n");
            }
        }
        if (r.nextInt(5) == 0) {
            // maintenance: every node of the pool cordoned
            knobs.add("every node cordoned");
            for (int i = 0; i < count; i++) {
                b.append("  - {name: x-")
                        .append(w)
                        .append('-')
                        .append(i)
                        .append(", unschedulable: true,")
                        .append(" allocatable: {cpu: 96, memory: 512Gi, nvidia.com/gpu: 8}}\n");
            }
            names.clear();
            for (int i = 0; i < count; i++) {
                names.add("x-" + w + "-" + i);
            }
        }
        List<String> subset = new ArrayList<>();
        for (String n : names) {
            if (r.nextBoolean()) {
                subset.add(n);
            }
        }
        if (subset.isEmpty()) {
            subset.add(names.get(0));
        }
        Map<String, List<String>> queues = new TreeMap<>();
        List<String> parents = new ArrayList<>();
        queues.put("q0", names);
        queues.put("q1", subset);
        pools.append("    - id: ").append(pool).append('\n');
        if (inventory.length() > 0) {
            pools.append("      inventory: {")
                    .append(inventory, 0, inventory.length() - 2)
                    .append("}\n");
        }
        pools.append("      queues:\n");
        pools.append("        - {name: q0, nodes: [")
                .append(String.join(", ", names))
                .append("]")
                .append(
                        r.nextInt(3) == 0
                                ? ", capability: {nvidia.com/gpu: " + (8 + 8 * r.nextInt(5))
                                        + (r.nextInt(2) == 0 ? ", cpu: 0" : "") + "}"
                                : "")
                .append(r.nextInt(8) == 0 ? ", state: Close" : "")
                .append(r.nextInt(5) == 0 ? ", grow: 3" : "")
                .append("}\n");
        pools.append("        - {name: q1, nodes: [")
                .append(String.join(", ", subset))
                .append("]")
                .append(
                        r.nextInt(2) == 0
                                ? ", capability: {nvidia.com/gpu: " + (8 * (1 + r.nextInt(4))) + ", cpu: 200}"
                                : "")
                .append(r.nextInt(6) == 0 ? ", state: Close" : "")
                .append("}\n");
        if (r.nextInt(6) == 0) {
            pools.append("        - {name: parent, nodes: [")
                    .append(String.join(", ", names))
                    .append("], children: [q0, q1]}\n");
            queues.put("parent", names);
            parents.add("parent");
        }
        if (ignorePageNo) {
            b.append("  - {name: \"c-").append(w).append("-[001-510]\", allocatable: {cpu: 32, memory: 64Gi}}\n");
            List<String> cpuNodes = List.of("c-" + w + "-[001-510]");
            pools.append("        - {name: qcpu, nodes: [\"")
                    .append(cpuNodes.get(0))
                    .append("\"]}\n");
        }
        if (r.nextInt(3) == 0) {
            // what the administrator does later; the property takes every action at once anyway
            pools.append("      actions:\n        - {at: 60, uncordon: ")
                    .append(names.get(0))
                    .append("}\n")
                    .append("        - {at: 120, reopen: q1}\n")
                    .append("        - {at: 180, addNodes: 1, like: ")
                    .append(names.get(0))
                    .append(", queue: q0}\n");
        }
        return new World(pool, queues, parents, knobs);
    }

    private static String job(Random r, String name, String queue) {
        int replicas = List.of(1, 1, 2, 2, 3, 4, 6).get(r.nextInt(7));
        int shape = r.nextInt(16);
        int gpus = List.of(1, 2, 4, 4, 8, 8, 9, 16).get(r.nextInt(8));
        int cpu = List.of(0, 0, 8, 24, 48, 100).get(r.nextInt(6));
        String resources;
        if (shape == 0) {
            resources = "    - {name: huawei.com/ascend-910b, quantity: " + gpus + "}\n";
        } else if (shape == 1) {
            resources = "    - {name: baidu.com/a800_80g_cgpu_core, quantity: 50}\n"
                    + "    - {name: baidu.com/a800_80g_cgpu_memory, quantity: 20}\n";
        } else {
            resources = "    - {name: " + GPU_KINDS.get(r.nextInt(5) == 0 ? 1 : 0) + ", quantity: " + gpus + "}\n";
        }
        return "platform: aihc\nname: " + name + "\nqueue: " + queue + "\njobFramework: PyTorchJob\n"
                + "jobSpec:\n  image: registry.example/train:1\n  command: python train.py\n  replicas: " + replicas
                + "\n  resources:\n" + resources + (cpu > 0 ? "    - {name: cpu, quantity: " + cpu + "}\n" : "");
    }
}

package io.jenkins.plugins.trainingjob.simulator.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.PreflightCheck;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Soundness of the pre-flight check, as a property over generated worlds: random pools (nodes with one
 * accelerator kind or none, some cordoned, some tainted, some partly held by other tenants; queues bound
 * to node subsets, some with a capability, some closed) and random AIHC jobs. Every job is checked with
 * the inventory read through {@link AihcClient} from the simulator's inventory endpoints, then submitted
 * to an otherwise empty simulator.
 *
 * <p>The simulator's world is static (no autoscaler; other tenants' holdings do not change), so a job
 * that is not placed when it is submitted to an empty cluster is never placed. Hence the properties:
 * <ul>
 *   <li>no job pre-flight calls NEVER_FITS is placed (soundness: never a false NEVER_FITS);</li>
 *   <li>FITS_NOW ⇔ placed at once, since both see the same free capacity;</li>
 *   <li>how many jobs the simulator never places got through pre-flight (FITS_LATER) is counted and
 *   printed: the price of soundness.</li>
 * </ul>
 */
class PreflightSoundnessTest {

    private static final List<String> GPU_KINDS = List.of("nvidia.com/gpu", "baidu.com/a800_80g_cgpu");
    private static final int WORLDS = 24;
    private static final int JOBS_PER_WORLD = 10;

    @Test
    void nothingPreflightRefusesIsEverPlaced() {
        Random random = new Random(20261201L);
        // every world is a pool of its own in one simulator: starting a server per world costs a second each
        StringBuilder nodes = new StringBuilder();
        StringBuilder pools = new StringBuilder();
        for (int w = 0; w < WORLDS; w++) {
            world(random, w, nodes, pools);
        }
        String yaml = "name: generated-worlds\nseed: 1\n"
                + "credentials: [{accessKey: sim-access-key, secretKey: sim-secret-key}]\n"
                + "timing: {fast: true}\nnodes:\n" + nodes + "aihc:\n  resourcePools:\n" + pools;
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        Map<String, Integer> rulesFired = new TreeMap<>();
        int placed = 0;
        int unplaceable = 0;
        int unplaceableLetThrough = 0;
        List<String> violations = new ArrayList<>();
        try (Simulator sim = Simulator.start(Scenario.parse(yaml, "generated").withSpeed(0))) {
            for (int w = 0; w < WORLDS; w++) {
                try (AihcClient client = client(sim, "cce-w" + w)) {
                    Map<String, PoolInventory> inventories = new TreeMap<>();
                    for (int j = 0; j < JOBS_PER_WORLD; j++) {
                        String queue = random.nextInt(3) == 0 ? "q1" : "q0";
                        String spec = job(random, "job-" + w + "-" + j, queue);
                        JobSpec js = JobSpecLoader.load(spec, "job", Map.of());
                        PoolInventory inv = inventories.computeIfAbsent(queue, client::inventory);
                        DiagnosisReport report = PreflightCheck.check(JobDemand.of(js, queue), inv);
                        verdicts.merge(report.verdict(), 1, Integer::sum);
                        report.rules().forEach(r -> rulesFired.merge(r.ruleType(), 1, Integer::sum));
                        JobRef ref = client.submit(js, "t" + w + "x" + j);
                        boolean running = client.status(ref).phase() == JobPhase.RUNNING;
                        sim.reset();
                        placed += running ? 1 : 0;
                        if (!running) {
                            unplaceable++;
                            if (report.verdict() != Verdict.NEVER_FITS) {
                                unplaceableLetThrough++;
                            }
                        }
                        if (running && report.verdict() == Verdict.NEVER_FITS) {
                            violations.add("false NEVER_FITS in cce-w" + w + ": " + report.verdictText() + "\n" + spec);
                        }
                        if (running != (report.verdict() == Verdict.FITS_NOW)) {
                            violations.add((running ? "placed but " : "not placed but ") + report.verdict() + " in cce-w"
                                    + w + ": " + report.verdictText() + "\n" + spec);
                        }
                    }
                }
            }
        }
        System.out.printf("pre-flight soundness: %d jobs in %d worlds; verdicts %s; placed %d; never placed %d,"
                        + " of which pre-flight let through %d; rules fired %s%n", WORLDS * JOBS_PER_WORLD, WORLDS,
                verdicts, placed, unplaceable, unplaceableLetThrough, rulesFired);
        assertThat(violations).isEmpty();
        // the property is not vacuous: every outcome and every AIHC rule occurs
        assertThat(verdicts.getOrDefault(Verdict.NEVER_FITS, 0)).isPositive();
        assertThat(verdicts.getOrDefault(Verdict.FITS_NOW, 0)).isPositive();
        assertThat(verdicts.getOrDefault(Verdict.FITS_LATER, 0)).isPositive();
        assertThat(rulesFired).containsKeys("QueueState", "AcceleratorExists", "PodFitsNode", "GangFitsPool",
                "QueueCapability");
    }

    private static AihcClient client(Simulator sim, String pool) {
        return SimClients.aihc(sim, pool, null);
    }

    private static void world(Random r, int w, StringBuilder b, StringBuilder pools) {
        int count = 2 + r.nextInt(7);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = "n-" + w + "-" + i;
            names.add(name);
            int gpus = List.of(0, 4, 8, 8, 8).get(r.nextInt(5));
            String kind = GPU_KINDS.get(r.nextInt(4) == 0 ? 1 : 0);
            int cpu = List.of(32, 64, 96).get(r.nextInt(3));
            b.append("  - name: ").append(name).append('\n');
            b.append("    allocatable: {cpu: ").append(cpu).append(", memory: 512Gi")
                    .append(gpus > 0 ? ", " + kind + ": " + gpus : "").append("}\n");
            if (gpus > 0 && r.nextInt(3) == 0) {
                b.append("    occupied: {").append(kind).append(": ").append(r.nextInt(gpus + 1))
                        .append(", cpu: ").append(r.nextInt(cpu / 2)).append("}\n");
            }
            int trouble = r.nextInt(8);
            if (trouble == 0) {
                b.append("    unschedulable: true\n");
            } else if (trouble == 1) {
                b.append("    taints: [{key: dedicated, value: infra, effect: NoSchedule}]\n");
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
        pools.append("    - id: cce-w").append(w).append("\n      queues:\n");
        pools.append("        - {name: q0, nodes: [").append(String.join(", ", names)).append("]")
                .append(r.nextInt(3) == 0 ? ", capability: {nvidia.com/gpu: " + (8 + 8 * r.nextInt(5)) + "}" : "")
                .append(r.nextInt(12) == 0 ? ", state: Close" : "").append("}\n");
        pools.append("        - {name: q1, nodes: [").append(String.join(", ", subset)).append("]")
                .append(r.nextInt(2) == 0 ? ", capability: {nvidia.com/gpu: " + (8 * r.nextInt(4)) + ", cpu: 200}" : "")
                .append(r.nextInt(8) == 0 ? ", state: Close" : "").append("}\n");
    }

    private static String job(Random r, String name, String queue) {
        int replicas = List.of(1, 1, 2, 2, 3, 4, 6).get(r.nextInt(7));
        String kind = r.nextInt(15) == 0 ? "huawei.com/ascend-910b" : GPU_KINDS.get(r.nextInt(5) == 0 ? 1 : 0);
        int gpus = List.of(1, 2, 4, 4, 8, 8, 9, 16).get(r.nextInt(8));
        int cpu = List.of(0, 0, 8, 24, 48, 100).get(r.nextInt(6));
        return "platform: aihc\nname: " + name + "\nqueue: " + queue + "\njobFramework: PyTorchJob\n"
                + "jobSpec:\n  image: registry.example/train:1\n  command: python train.py\n  replicas: " + replicas
                + "\n  resources:\n    - {name: " + kind + ", quantity: " + gpus + "}\n"
                + (cpu > 0 ? "    - {name: cpu, quantity: " + cpu + "}\n" : "");
    }
}

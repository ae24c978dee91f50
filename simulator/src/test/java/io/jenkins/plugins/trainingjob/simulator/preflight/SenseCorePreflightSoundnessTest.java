package io.jenkins.plugins.trainingjob.simulator.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The SenseCore twin of {@link PreflightSoundnessTest} (issue 19 item 6): random pools bound to one
 * workspace over the knobs the real API allows and pre-flight must not take as proof: a binding whose
 * spot allowance is not reported (no {@code spot_status}: -1), {@code ON_DEMAND} bindings (they take
 * RESERVED jobs), bindings of every quota type, spot allowances of 0, several candidate specs per job
 * (workers take one of them), and a spec list served in pages (a client reading one page misses specs).
 * Every random job is checked through {@link SenseCoreClient} against the simulator, then submitted into
 * an empty cluster (the most room any administrator action or other tenant leaving can give). A job
 * judged NEVER_FITS must not be placed. SenseCore lists no nodes, so pre-flight never says FITS_NOW there.
 * The counts per verdict are printed.
 */
class SenseCorePreflightSoundnessTest {

    private static final int POOLS = 24;
    private static final int JOBS = 200;
    private static final List<String> QUOTA_TYPES = List.of("ALL", "RESERVED", "ON_DEMAND", "SPOT");
    private static final List<String> SPECS = List.of("gpu1", "gpu8", "cpu16");

    @Test
    void noJobJudgedNeverFitsIsPlacedInAnyWorld() {
        Random random = new Random(20261202L);
        StringBuilder nodes = new StringBuilder();
        StringBuilder pools = new StringBuilder();
        StringBuilder bindings = new StringBuilder();
        List<String> worlds = new ArrayList<>();
        for (int p = 0; p < POOLS; p++) {
            worlds.add(pool(random, p, nodes, pools, bindings));
        }
        String yaml = "name: sensecore-adversarial\nseed: 1\n"
                + "credentials: [{accessKey: sim-access-key, secretKey: sim-secret-key}]\n"
                + "timing: {fast: true}\nnodes:\n" + nodes
                + "sensecore:\n  specs:\n"
                + "    - {name: gpu1, deviceNumber: 1, resourceKey: nvidia.com/gpu, deviceType: A800, cpu: 8,"
                + " memoryGib: 64}\n"
                + "    - {name: gpu8, deviceNumber: 8, resourceKey: nvidia.com/gpu, deviceType: A800, cpu: 64,"
                + " memoryGib: 512}\n"
                + "    - {name: cpu16, deviceNumber: 0, cpu: 16, memoryGib: 64}\n"
                + "  pools:\n" + pools
                + "  workspaces:\n    - {subscription: sim-sub, resourceGroup: default, zone: cn-sh-01z, name: sim-ws,"
                + " bindings: [" + bindings.substring(0, bindings.length() - 2) + "]}\n";
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        Map<String, Integer> rulesNamed = new TreeMap<>();
        Map<String, Integer> notChecked = new TreeMap<>();
        int placed = 0;
        int refusedByCreate = 0;
        List<String> violations = new ArrayList<>();
        try (Simulator sim = Simulator.start(Scenario.parse(yaml, "generated").withSpeed(0));
                SenseCoreClient client = SenseCoreClient.builder(ConnectionSettings.senseCore(
                                sim.baseUrl(),
                                null,
                                Credentials.of("sim-access-key", "sim-secret-key"),
                                "sim-sub",
                                "default",
                                "cn-sh-01z",
                                "sim-ws"))
                        .time(ManualClock.startingNow())
                        .createLookups(1, Duration.ZERO)
                        .build()) {
            for (int j = 0; j < JOBS; j++) {
                int p = random.nextInt(POOLS);
                JobSpec spec = job(random, "j" + j, "pool-" + p);
                sim.reset();
                DiagnosisReport report = Preflight.check(client, spec);
                verdicts.merge(report.verdict(), 1, Integer::sum);
                report.rules().forEach(r -> rulesNamed.merge(r.ruleType(), 1, Integer::sum));
                int skipped = report.verdictText().indexOf("Not checked:");
                for (String rule : List.of("ResourceSpecOffered", "SpotAllowance", "ReservedQuota", "QuotaType")) {
                    if (skipped >= 0 && report.verdictText().indexOf(rule, skipped) >= 0) {
                        notChecked.merge(rule, 1, Integer::sum);
                    }
                }
                boolean isPlaced;
                try {
                    JobRef ref = client.submit(spec, "t-" + j);
                    isPlaced = client.status(ref).phase().isScheduled();
                } catch (PlatformException e) {
                    isPlaced = false;
                    refusedByCreate++;
                }
                placed += isPlaced ? 1 : 0;
                if (isPlaced && report.verdict() == Verdict.NEVER_FITS) {
                    violations.add(
                            "false NEVER_FITS in " + worlds.get(p) + ": " + report.verdictText() + "\n" + spec.body());
                }
                if (report.verdict() == Verdict.FITS_NOW) {
                    violations.add("FITS_NOW on SenseCore, which lists no nodes: " + report.verdictText());
                }
            }
            sim.reset();
        }
        System.out.printf(
                "SenseCore pre-flight soundness: %d jobs over %d pools; verdicts %s; placed %d;"
                        + " refused by the create %d; rules in findings %s; rules not checked %s%n",
                JOBS, POOLS, verdicts, placed, refusedByCreate, rulesNamed, notChecked);
        assertThat(violations).as("counterexamples").isEmpty();
        // not vacuous: the one refusing rule fires, jobs are placed, and the unproven cases are reported
        assertThat(verdicts).containsKeys(Verdict.NEVER_FITS, Verdict.UNKNOWN);
        assertThat(placed).isPositive();
        assertThat(rulesNamed).containsKeys("QuotaType", "SpotAllowance");
        // a paged spec list, an unreported spot allowance and reserved quota are said, not used to refuse
        assertThat(notChecked).containsKeys("ResourceSpecOffered", "SpotAllowance", "ReservedQuota");
    }

    /** One pool: two 8-GPU nodes, its specs (maybe paged), and the workspace's binding to it. */
    private static String pool(Random r, int p, StringBuilder nodes, StringBuilder pools, StringBuilder bindings) {
        String name = "pool-" + p;
        nodes.append("  - {name: \"sc-")
                .append(p)
                .append("-[1-2]\", allocatable: {cpu: 96, memory: 1024Gi,")
                .append(" nvidia.com/gpu: 8}}\n");
        Integer page = r.nextInt(3) == 0 ? 1 + r.nextInt(2) : null;
        pools.append("    - {name: ")
                .append(name)
                .append(", zone: cn-sh-01e, nodes: [\"sc-")
                .append(p)
                .append("-[1-2]\"], specs: [")
                .append(String.join(", ", SPECS))
                .append(']')
                .append(page == null ? "" : ", specPageSize: " + page)
                .append("}\n");
        String quotaType = QUOTA_TYPES.get(r.nextInt(QUOTA_TYPES.size()));
        int spot = List.of(-1, -1, 0, 8, 32).get(r.nextInt(5));
        int reserved = List.of(0, 8, 16, 32).get(r.nextInt(4));
        bindings.append("{pool: ")
                .append(name)
                .append(", quotaType: ")
                .append(quotaType)
                .append(", reservedNumber: ")
                .append(reserved)
                .append(", reservedCpu: 512, reservedMemoryGib: 4096,")
                .append(" spotDevices: ")
                .append(spot)
                .append("}, ");
        return name + " (binding " + quotaType + ", spot " + spot + ", reserved " + reserved
                + (page == null ? "" : ", specs paged by " + page) + ")";
    }

    private static JobSpec job(Random r, String name, String pool) {
        JobSpec base = SimSpecs.senseCore(name, pool, SPECS.get(r.nextInt(SPECS.size())), 1 + r.nextInt(4));
        boolean spot = r.nextInt(3) == 0;
        boolean candidates = r.nextInt(3) == 0;
        return SimSpecs.edited(base, body -> {
            if (spot) {
                body.putObject("scheduling").put("quota_type", "SPOT");
            }
            if (candidates) {
                ArrayNode list = (ArrayNode) body.path("roles").path(0).path("resource_spec");
                String first = list.get(0).path("name").asText();
                list.addObject()
                        .put(
                                "name",
                                SPECS.stream()
                                        .filter(s -> !s.equals(first))
                                        .toList()
                                        .get(r.nextInt(SPECS.size() - 1)));
            }
        });
    }
}

package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.spec.AihcJobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SenseCoreJobSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What a job asks of a pool, read from its spec before it is created: how many identical pods (AIHC
 * replicas, SenseCore workers), what each asks for, and where it goes. Amounts are base units (cores,
 * bytes, devices); an AIHC {@code memory} given as a bare number is GiB, as the console reads it.
 *
 * @param queue AIHC queue, or SenseCore pool name
 * @param perPod AIHC: resource → amount per pod; empty for SenseCore, which asks by spec name
 * @param specNames SenseCore resource spec names; empty for AIHC
 * @param quotaType SenseCore {@code RESERVED} or {@code SPOT}; empty for AIHC
 */
public record JobDemand(
        PlatformKind platform,
        String name,
        String queue,
        int pods,
        Map<String, Double> perPod,
        List<String> specNames,
        String quotaType) {

    /** Resource names that are accelerators: checks that a pool "has no such device" apply only to these. */
    private static final Pattern ACCELERATOR =
            Pattern.compile("(?i).*(gpu|npu|xpu|dcu|mlu|kunlun|ascend|cambricon|habana|gaudi).*");

    private static final double GIB = 1024d * 1024 * 1024;

    public JobDemand {
        name = name == null ? "" : name;
        queue = queue == null ? "" : queue;
        perPod = Collections.unmodifiableMap(new TreeMap<>(perPod == null ? Map.of() : perPod));
        specNames = specNames == null ? List.of() : List.copyOf(specNames);
        quotaType = quotaType == null ? "" : quotaType;
    }

    /** Whether pools count {@code resource} as accelerator devices ({@code nvidia.com/gpu}, {@code baidu.com/a800_80g_cgpu}). */
    public static boolean isAccelerator(String resource) {
        return resource.contains("/") && ACCELERATOR.matcher(resource).matches();
    }

    /** The accelerators one pod asks for, by name. */
    public Map<String, Double> accelerators() {
        Map<String, Double> m = new TreeMap<>();
        perPod.forEach((k, v) -> {
            if (isAccelerator(k) && v > 0) {
                m.put(k, v);
            }
        });
        return m;
    }

    /** Reads a spec; {@code defaultQueue} (the connection's queue) applies when an AIHC spec names none. */
    public static JobDemand of(JobSpec spec, String defaultQueue) {
        return spec.match(aihc -> ofAihc(aihc, defaultQueue), JobDemand::ofSenseCore);
    }

    private static JobDemand ofAihc(AihcJobSpec a, String defaultQueue) {
        String queue = a.queue() == null || a.queue().isBlank()
                ? defaultQueue
                : a.queue().trim();
        AihcJobSpec.TaskSpec task = a.jobSpec();
        int replicas = task == null || task.replicas() == null ? 1 : Math.max(1, task.replicas());
        Map<String, Double> perPod = new TreeMap<>();
        if (task != null && task.resources() != null) {
            for (AihcJobSpec.Resource r : task.resources()) {
                if (r.name() == null || r.quantity() == null) {
                    continue;
                }
                double v = r.quantity().doubleValue();
                if (r.name().equals("memory")) {
                    v = v * GIB; // a bare number in an AIHC spec is GiB
                }
                perPod.merge(r.name(), v, Double::sum);
            }
        }
        return new JobDemand(PlatformKind.AIHC, a.name(), queue, replicas, perPod, List.of(), "");
    }

    private static JobDemand ofSenseCore(SenseCoreJobSpec s) {
        List<String> specs = new ArrayList<>();
        int replicas = 0;
        for (SenseCoreJobSpec.Role role : s.roles() == null ? List.<SenseCoreJobSpec.Role>of() : s.roles()) {
            int perSpec = 0;
            for (SenseCoreJobSpec.ResourceSpec rs :
                    role.resourceSpec() == null ? List.<SenseCoreJobSpec.ResourceSpec>of() : role.resourceSpec()) {
                if (rs.name() != null) {
                    specs.add(rs.name());
                }
                perSpec += rs.replicas() == null ? 0 : rs.replicas();
            }
            replicas += role.totalReplicas() != null ? role.totalReplicas() : perSpec > 0 ? perSpec : 1;
        }
        String quota = s.scheduling() == null || s.scheduling().quotaType() == null
                ? "RESERVED"
                : s.scheduling().quotaType().trim().toUpperCase(Locale.ROOT);
        if (quota.isEmpty() || quota.equals("JOB_QUOTA_TYPE_UNSPECIFIED")) {
            quota = "RESERVED";
        }
        String pool = s.resourcePool() == null || s.resourcePool().name() == null
                ? ""
                : s.resourcePool().name();
        return new JobDemand(PlatformKind.SENSECORE, s.name(), pool, Math.max(1, replicas), Map.of(), specs, quota);
    }

    /** An amount of {@code resource} as people write it: {@code 8}, {@code 0.5}, memory in {@code Gi}. */
    public static String amount(String resource, double v) {
        if (resource.equals("memory")) {
            return Quantities.format(v / GIB) + "Gi";
        }
        return Quantities.format(BigDecimal.valueOf(v).stripTrailingZeros().doubleValue());
    }
}

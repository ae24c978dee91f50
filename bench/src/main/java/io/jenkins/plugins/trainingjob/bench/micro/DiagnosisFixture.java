package io.jenkins.plugins.trainingjob.bench.micro;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A synthetic AIHC schedule diagnosis of a given size, shaped like the documented example: four pods of
 * one job, each refused by every node of a pool of {@code findings / 4} nodes. Six in ten nodes are
 * cordoned, three in ten carry an untolerated taint, one in ten lacks GPUs. Half the nodes are named
 * like {@code gpu-a800-00042}, half by IP address, so the node folder sees both shapes. Deterministic.
 */
public final class DiagnosisFixture {

    public static final int PODS = 4;
    private static final String JOB = "llm-pretrain-7b";

    private DiagnosisFixture() {}

    /** The number of nodes behind {@code findings} findings. */
    public static int nodesFor(int findings) {
        return Math.max(1, findings / PODS);
    }

    public static AihcScheduleDiagnosis aihc(int findings) {
        int nodes = nodesFor(findings);
        List<AihcScheduleDiagnosis.Detail> cordoned = new ArrayList<>();
        List<AihcScheduleDiagnosis.Detail> tainted = new ArrayList<>();
        List<AihcScheduleDiagnosis.Detail> shortOfGpus = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            String node = nodeName(n);
            for (int p = 0; p < PODS; p++) {
                String pod = JOB + (p == 0 ? "-master-0" : "-worker-" + (p - 1));
                switch (n % 10) {
                    case 0, 1, 2, 3, 4, 5 -> cordoned.add(detail("node(s) were unschedulable", node, pod, "", "", ""));
                    case 6, 7, 8 ->
                        tainted.add(detail(
                                "node(s) had untolerated taint: {kwok.x-k8s.io/node: fake}", node, pod, "", "", ""));
                    default ->
                        shortOfGpus.add(detail(
                                "Insufficient nvidia.com/gpu",
                                node,
                                pod,
                                "nvidia.com/gpu",
                                "8",
                                Integer.toString(n % 8)));
                }
            }
        }
        List<AihcScheduleDiagnosis.Rule> rules = new ArrayList<>();
        rules.add(
                new AihcScheduleDiagnosis.Rule("NodeAvailabilityDiagnostics", "NodeAvailabilityDiagnostics", cordoned));
        rules.add(new AihcScheduleDiagnosis.Rule(
                "NodeTaintToleranceDiagnostics", "NodeAvailabilityDiagnostics", tainted));
        rules.add(new AihcScheduleDiagnosis.Rule("GPUResourceDiagnostics", "ResourceCapacityDiagnostics", shortOfGpus));
        return new AihcScheduleDiagnosis(
                new JobRef(PlatformKind.AIHC, "pytorchjob-5d5ab4e8", JOB),
                "diag-bench-" + findings,
                "req-bench",
                rules);
    }

    /** Even nodes by name, odd ones by IP: two fold shapes, both with long consecutive runs. */
    static String nodeName(int n) {
        if (n % 2 == 0) {
            return String.format("gpu-a800-%05d", n / 2);
        }
        int i = n / 2;
        return "10." + (i / 65536) % 256 + "." + (i / 256) % 256 + "." + i % 256;
    }

    private static AihcScheduleDiagnosis.Detail detail(
            String text, String node, String pod, String resource, String request, String allocatable) {
        return new AihcScheduleDiagnosis.Detail(
                allocatable, text, JOB, "default", node, pod, "default", request, resource);
    }
}

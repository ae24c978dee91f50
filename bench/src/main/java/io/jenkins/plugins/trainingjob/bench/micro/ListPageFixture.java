package io.jenkins.plugins.trainingjob.bench.micro;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.UUID;

/**
 * One page of a job list as each platform documents it, with every field of a job (not only those the
 * client reads), so that parsing pays for what a real page carries. Deterministic.
 */
public final class ListPageFixture {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
    private static final String[] AIHC_STATES = {"Created", "Created", "Running", "Succeeded", "Failed"};
    private static final String[] SENSECORE_STATES = {"QUEUEING", "WAITING", "RUNNING", "SUCCEEDED", "FAILED"};

    private ListPageFixture() {}

    /** {@code GET /api/v1/aijobs} answer: {@code {requestId, result: {total, jobs[], orderBy, ...}}}. */
    public static byte[] aihc(int jobs) {
        ObjectNode root = JSON.createObjectNode().put("requestId", uuid(-1));
        ObjectNode result = root.putObject("result").put("total", 10_000);
        ArrayNode list = result.putArray("jobs");
        for (int i = 0; i < jobs; i++) {
            String state = AIHC_STATES[i % AIHC_STATES.length];
            boolean started = !state.equals("Created");
            ObjectNode j = list.addObject()
                    .put("jobId", "pytorchjob-" + uuid(i))
                    .put("name", "train-" + i)
                    .put("resourcePoolId", "cce-e0isdmib")
                    .put("queue", "default")
                    .put("command", "torchrun --nnodes 4 --nproc_per_node 8 train.py --config cfg/7b.yaml")
                    .put("createdAt", time(i))
                    .put("scheduledAt", started ? time(i + 60) : "")
                    .put("runningAt", started ? time(i + 90) : "")
                    .put("finishedAt", state.equals("Succeeded") || state.equals("Failed") ? time(i + 3600) : "")
                    .put("status", state)
                    .put("priority", "normal")
                    .put("image", "registry.baidubce.com/llm/train:2.3")
                    .put("enableFaultTolerance", false)
                    .put("enableRDMA", true)
                    .put("hostNetwork", false)
                    .put("privileged", false)
                    .put("replicas", 4)
                    .put("jobFramework", "PyTorchJob")
                    .put("k8sUID", uuid(i + 1_000_000))
                    .put("k8sNamespace", "default")
                    .put("enableBccl", false);
            if (state.equals("Created")) {
                j.put("queueingSequence", i % 50 + 1);
            } else {
                j.putNull("queueingSequence");
            }
            j.putArray("datasources")
                    .addObject()
                    .put("type", "pfs")
                    .put("name", "pfs-llm")
                    .put("mountPath", "/mnt/data");
            j.putArray("labels")
                    .addObject()
                    .put("key", "trainingjob.jenkins.io/client-token")
                    .put("value", "tok-" + i);
            j.putArray("resources").addObject().put("name", "nvidia.com/gpu").put("quantity", 8);
            ArrayNode envs = j.putArray("envs");
            envs.addObject().put("name", "NCCL_DEBUG").put("value", "INFO");
            envs.addObject().put("name", "CUDA_DEVICE_MAX_CONNECTIONS").put("value", "1");
        }
        result.put("orderBy", "createdAt").put("order", "desc").put("pageNo", 1).put("pageSize", jobs);
        return bytes(root);
    }

    /** {@code GET .../trainingJobs} answer: {@code {training_jobs[], next_page_token, total_size}}. */
    public static byte[] senseCore(int jobs) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode list = root.putArray("training_jobs");
        for (int i = 0; i < jobs; i++) {
            String state = SENSECORE_STATES[i % SENSECORE_STATES.length];
            ObjectNode j = list.addObject()
                    .put("name", "tj-train-" + i)
                    .put("uid", uuid(i))
                    .put("display_name", "train-" + i)
                    .put("framework", "PYTORCH")
                    .put("state", state)
                    .put("create_time", time(i))
                    .put("update_time", time(i + 30));
            if (!state.equals("QUEUEING") && !state.equals("WAITING")) {
                j.put("start_time", time(i + 90));
            }
            if (state.equals("SUCCEEDED") || state.equals("FAILED")) {
                j.put("complete_time", time(i + 3600));
            }
            j.putObject("ownership").put("user_id", uuid(7)).put("user_name", "ci-bot");
            ObjectNode role = j.putArray("roles")
                    .addObject()
                    .put("name", "Worker")
                    .put("total_replicas", 4)
                    .put("startup_script", "torchrun train.py --config cfg/7b.yaml")
                    .put("image_path", "registry.cn-sh-01.sensecore.cn/llm/train:2.3");
            role.putArray("resource_spec")
                    .addObject()
                    .put("name", "N6lS.Iu.I80.8")
                    .put("replicas", 4);
            ArrayNode env = j.putArray("env");
            env.addObject().put("key", "NCCL_DEBUG").put("value", "INFO");
            env.addObject().put("key", "CUDA_DEVICE_MAX_CONNECTIONS").put("value", "1");
            j.putArray("mount")
                    .addObject()
                    .put("type", "PV_AFS")
                    .put("id", "afs-llm")
                    .put("mount_path", "/mnt/data");
            j.putObject("scheduling").put("priority", "NORMAL").put("quota_type", "RESERVED");
            j.putObject("resource_pool").put("name", "pool-a800");
            j.putObject("fault_tolerance").put("backoff_limit", 3);
        }
        root.put("next_page_token", "2").put("total_size", 10_000);
        return bytes(root);
    }

    private static String time(int offsetSeconds) {
        return T0.plusSeconds(offsetSeconds).toString();
    }

    private static String uuid(long i) {
        return new UUID(0x5d5ab4e861c04ef4L, i).toString();
    }

    private static byte[] bytes(ObjectNode root) {
        try {
            return JSON.writeValueAsBytes(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

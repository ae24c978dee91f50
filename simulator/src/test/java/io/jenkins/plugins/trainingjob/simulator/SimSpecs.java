package io.jenkins.plugins.trainingjob.simulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import java.util.function.Consumer;

/** Job specs for the simulator tests (and the monitor's), built the way users write them. */
public final class SimSpecs {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SimSpecs() {}

    /** {@code spec} with its body changed by {@code edit} (a copy: {@code spec} stays as it is). */
    public static JobSpec edited(JobSpec spec, Consumer<ObjectNode> edit) {
        ObjectNode body = spec.body();
        edit.accept(body);
        return UncheckedSpecs.of(spec.platform(), body);
    }

    /** An AIHC PyTorchJob: {@code replicas} pods each asking for {@code gpus} of {@code nvidia.com/gpu}. */
    public static JobSpec aihc(String name, String queue, int replicas, int gpus, String... env) {
        ObjectNode body =
                MAPPER.createObjectNode().put("name", name).put("queue", queue).put("jobFramework", "PyTorchJob");
        ObjectNode jobSpec = body.putObject("jobSpec")
                .put("image", "registry.example/train:1")
                .put("command", "python train.py")
                .put("replicas", replicas);
        ArrayNode resources = jobSpec.putArray("resources");
        resources.addObject().put("name", "nvidia.com/gpu").put("quantity", gpus);
        ArrayNode envs = jobSpec.putArray("envs");
        for (int i = 0; i + 1 < env.length; i += 2) {
            envs.addObject().put("name", env[i]).put("value", env[i + 1]);
        }
        return UncheckedSpecs.of(PlatformKind.AIHC, body);
    }

    /** A SenseCore job of {@code workers} workers of {@code spec} in pool {@code pool}. */
    public static JobSpec senseCore(String name, String pool, String spec, int workers, String... env) {
        ObjectNode body = MAPPER.createObjectNode()
                .put("name", name)
                .put("display_name", name)
                .put("framework", "PYTORCH");
        ObjectNode role = body.putArray("roles")
                .addObject()
                .put("name", "Worker")
                .put("total_replicas", workers)
                .put("startup_script", "python train.py")
                .put("image_path", "registry.cn-sh-01.sensecore.cn/ns/train:1");
        role.putArray("resource_spec").addObject().put("name", spec);
        ArrayNode envs = body.putArray("env");
        for (int i = 0; i + 1 < env.length; i += 2) {
            envs.addObject().put("key", env[i]).put("value", env[i + 1]);
        }
        body.putObject("resource_pool").put("name", pool);
        return UncheckedSpecs.of(PlatformKind.SENSECORE, body);
    }
}

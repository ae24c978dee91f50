package io.jenkins.plugins.trainingjob.bench.scale;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.util.Map;

/** The AIHC job the bench submits: one pod asking for one GPU, in the bench queue; loaded as a user's would be. */
final class BenchJobSpec {

    private BenchJobSpec() {}

    static JobSpec of(String name) {
        ObjectNode document = JsonNodeFactory.instance
                .objectNode()
                .put("platform", "aihc")
                .put("name", name)
                .put("queue", "default")
                .put("jobFramework", "PyTorchJob");
        ObjectNode spec = document.putObject("jobSpec")
                .put("image", "registry.example/train:1")
                .put("command", "python train.py")
                .put("replicas", 1);
        spec.putArray("resources").addObject().put("name", "nvidia.com/gpu").put("quantity", 1);
        return JobSpecLoader.load(document, "bench job " + name, Map.of());
    }
}

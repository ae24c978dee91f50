package io.jenkins.plugins.trainingjob.bench.scale;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** The AIHC job the bench submits: one pod asking for one GPU, in the bench queue. */
record BenchJobSpec(String name) implements JobSpec {

    @Override
    public PlatformKind platform() {
        return PlatformKind.AIHC;
    }

    @Override
    public ObjectNode body() {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("name", name).put("queue", "default")
                .put("jobFramework", "PyTorchJob");
        ObjectNode spec = body.putObject("jobSpec").put("image", "registry.example/train:1")
                .put("command", "python train.py").put("replicas", 1);
        spec.putArray("resources").addObject().put("name", "nvidia.com/gpu").put("quantity", 1);
        return body;
    }
}

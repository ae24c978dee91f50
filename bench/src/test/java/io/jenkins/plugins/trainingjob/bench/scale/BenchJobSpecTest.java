package io.jenkins.plugins.trainingjob.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import org.junit.jupiter.api.Test;

/** The bench's job passes the loader's checks and sends the body the bench always sent. */
class BenchJobSpecTest {

    @Test
    void theBenchJobIsAValidAihcSpecWithOneGpu() {
        JobSpec spec = BenchJobSpec.of("bench-7");

        ObjectNode expected = JsonNodeFactory.instance
                .objectNode()
                .put("name", "bench-7")
                .put("queue", "default")
                .put("jobFramework", "PyTorchJob");
        ObjectNode task = expected.putObject("jobSpec")
                .put("image", "registry.example/train:1")
                .put("command", "python train.py")
                .put("replicas", 1);
        task.putArray("resources").addObject().put("name", "nvidia.com/gpu").put("quantity", 1);
        assertThat(spec.platform()).isEqualTo(PlatformKind.AIHC);
        assertThat(spec.name()).isEqualTo("bench-7");
        assertThat(spec.body()).isEqualTo(expected);
    }
}

package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class AihcJobReaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aListedJobsSizeIsItsReplicasTimesTheAcceleratorsOfOnePod() throws Exception {
        var job = JSON.readTree("{\"jobId\":\"j1\",\"status\":\"Running\",\"replicas\":4,\"resources\":["
                + "{\"name\":\"nvidia.com/gpu\",\"quantity\":8},{\"name\":\"cpu\",\"quantity\":1.1},"
                + "{\"name\":\"memory\",\"quantity\":64}]}");
        assertThat(AihcJobReader.read(job, null).gpus()).isEqualTo(32);
    }

    @Test
    void aVendorAcceleratorCountsAndAJobWithoutResourcesHasNoKnownSize() throws Exception {
        var kunlun = JSON.readTree("{\"jobId\":\"j2\",\"replicas\":1,\"resources\":["
                + "{\"name\":\"baidu.com/a800_80g_cgpu\",\"quantity\":2}]}");
        var bare = JSON.readTree("{\"jobId\":\"j3\",\"status\":\"Created\"}");
        assertThat(AihcJobReader.read(kunlun, null).gpus()).isEqualTo(2);
        assertThat(AihcJobReader.read(bare, null).gpus()).isZero();
    }
}

package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AihcDiagnosisParserTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "sulingang-diagnose-node-taint");

    @Test
    void readsTheDocumentedExampleFieldByField() throws IOException {
        AihcScheduleDiagnosis d = AihcDiagnosisParser.parse(sample(), JOB, "diag-1");

        assertThat(d.requestId()).isEqualTo("c8427910-3451-4436-b8e7-56eb382b00fb");
        assertThat(d.diagnosisId()).isEqualTo("diag-1");
        assertThat(d.rules())
                .extracting(AihcScheduleDiagnosis.Rule::ruleName)
                .containsExactly(
                        "NodeAvailabilityDiagnostics", "NodeTaintToleranceDiagnostics", "GPUResourceDiagnostics");
        assertThat(d.rules().get(1).ruleType()).isEqualTo("NodeAvailabilityDiagnostics");
        assertThat(d.rules().get(1).details())
                .extracting(AihcScheduleDiagnosis.Detail::node)
                .containsExactly("fake-node-a800-01", "fake-node-a800-04", "fake-node-a800-03", "fake-node-a800-02");
        AihcScheduleDiagnosis.Detail gpu = d.rules().get(2).details().get(0);
        assertThat(gpu.node()).isEqualTo("10.3.0.123");
        assertThat(gpu.resourceName()).isEqualTo("nvidia.com/gpu");
        assertThat(gpu.request()).isEqualTo("8");
        assertThat(gpu.allocatable()).isEqualTo("0");
        assertThat(gpu.pod()).isEqualTo("sulingang-diagnose-node-taint-master-0");
        assertThat(gpu.queue()).isEqualTo("default");
    }

    @Test
    void numbersAndMissingFieldsAreTolerated() {
        AihcScheduleDiagnosis d = AihcDiagnosisParser.parse(
                "{\"result\":[{\"ruleName\":\"X\",\"detail\":[{\"request\":8,\"node\":null}]},{\"ruleType\":\"Y\"}]}",
                JOB,
                "d");
        assertThat(d.requestId()).isEmpty();
        assertThat(d.rules().get(0).details().get(0).request()).isEqualTo("8");
        assertThat(d.rules().get(0).details().get(0).node()).isEmpty();
        assertThat(d.rules().get(1).ruleName()).isEmpty();
        assertThat(d.rules().get(1).details()).isEmpty();
    }

    @Test
    void aDocumentWithoutResultIsRefusedWithTheReason() {
        assertThatThrownBy(() -> AihcDiagnosisParser.parse("{\"code\":\"DiagnosisReportNotFound\"}", JOB, "d"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("diagnosis response has no 'result' array");
        assertThatThrownBy(() -> AihcDiagnosisParser.parse("<html>502 Bad Gateway</html>", JOB, "d"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("not a JSON document");
    }

    private static String sample() throws IOException {
        try (InputStream in = AihcDiagnosisParserTest.class.getResourceAsStream("aihc-schedule-diagnosis-query.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingJobDocumentTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode resource(String name) throws IOException {
        try (InputStream in = TrainingJobDocumentTest.class.getResourceAsStream(name)) {
            return JSON.readTree(in);
        }
    }

    @Test
    void readsTheFieldsTheClientActsOn() throws IOException {
        TrainingJobDocument doc = TrainingJobDocument.from(resource("training-job-queueing.json"));

        assertThat(doc.name()).isEqualTo("tj-a1b2c3d4e5f6");
        assertThat(doc.uid()).isEqualTo("905884c5aeb64191808f3776a8f265b6");
        assertThat(doc.state()).isEqualTo("QUEUEING");
        assertThat(doc.createTime()).isEqualTo(Instant.parse("2026-11-30T08:00:00Z"));
        assertThat(doc.startTime()).as("a zero protobuf time means unset").isNull();
        assertThat(doc.completeTime()).isNull();
        assertThat(doc.request())
                .isEqualTo(new SenseCoreEvidence.Request("pool-a", List.of("N6lS.Iu.I80.8"), 4, "RESERVED", "HIGH"));
    }

    @Test
    void becomesAStatusWithTheRawStateAndNoConsoleUrl() throws IOException {
        JobStatus status = TrainingJobDocument.from(resource("training-job-queueing.json"))
                .toStatus("ignored", List.of(new WorkerStatus("w-0", "", "Pending", "")));

        assertThat(status.job().platform()).isEqualTo(PlatformKind.SENSECORE);
        assertThat(status.job().id()).isEqualTo("tj-a1b2c3d4e5f6");
        assertThat(status.phase()).isEqualTo(JobPhase.PENDING);
        assertThat(status.rawState()).isEqualTo("QUEUEING");
        assertThat(status.workers()).extracting(WorkerStatus::name).containsExactly("w-0");
        assertThat(status.consoleUrl()).isNull();
    }

    @Test
    void anEmptyOrMistypedDocumentDegradesToDefaultsInsteadOfFailing() throws IOException {
        JsonNode hostile = JSON.readTree("""
                {"state": 17, "create_time": "yesterday", "roles": "Worker",
                 "scheduling": {"priority": "PRIORITY_UNSPECIFIED", "quota_type": "SPOT"}}""");

        TrainingJobDocument doc = TrainingJobDocument.from(hostile);

        assertThat(doc.state()).isEqualTo("17");
        assertThat(doc.toStatus("fallback", List.of()).phase()).isEqualTo(JobPhase.UNKNOWN);
        assertThat(doc.ref("fallback").id()).isEqualTo("fallback");
        assertThat(doc.createTime()).isNull();
        assertThat(doc.request()).isEqualTo(new SenseCoreEvidence.Request("", List.of(), -1, "SPOT", "NORMAL"));
        assertThat(TrainingJobDocument.from(JSON.nullNode()).name()).isEmpty();
    }

    @Test
    void perSpecReplicasAreSummedWhenTotalReplicasIsAbsent() throws IOException {
        JsonNode job = JSON.readTree("""
                {"roles": [{"resource_spec": [{"name": "a", "replicas": "2"}, {"name": "b", "replicas": 3}]}],
                 "create_time": 1764489600}""");

        TrainingJobDocument doc = TrainingJobDocument.from(job);

        assertThat(doc.totalReplicas()).isEqualTo(5);
        assertThat(doc.specNames()).containsExactly("a", "b");
        assertThat(doc.createTime()).isEqualTo(Instant.ofEpochSecond(1764489600));
    }
}

package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Security review 2, N2: a job is a spec's only when its own detail is what the spec asks for. */
class AihcSubmittedDetailTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String BODY = """
            {"name":"train-1","queue":"training","jobSpec":{"image":"img:1","command":"python train.py",
             "replicas":2,"resources":[{"name":"nvidia.com/gpu","quantity":8}],
             "envs":[{"name":"LR","value":"1e-4"},{"name":"DATA","value":"bos://data/v3"}]},
             "datasources":[{"type":"pfs","name":"pfs-1","mountPath":"/mnt/data"}]}""";

    /** The v1 detail of a job created from {@link #BODY}, with what the platform and the client add. */
    private static final String DETAIL = """
            {"jobId":"j-1","name":"train-1","queue":"training","image":"img:1","command":"python train.py",
             "replicas":2,"resources":[{"name":"nvidia.com/gpu","quantity":"8"}],
             "envs":[{"name":"DATA","value":"bos://data/v3"},{"name":"LR","value":"1e-4"},
                     {"name":"AIHC_JOB_NAME","value":"train-1"},{"name":"NCCL_DEBUG","value":"INFO"},
                     {"name":"TRAINJOB_OUTPUT_NONCE","value":"0123456789abcdef0123456789abcdef"}],
             "datasources":[{"type":"pfs","name":"pfs-1","mountPath":"/mnt/data","options":{}}]}""";

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    private static java.util.List<String> differences(String detail) throws Exception {
        return AihcSubmittedDetail.differences(json(detail), json(BODY), "training");
    }

    @Test
    void theJobASpecCreatedIsWhatItAsksFor() throws Exception {
        assertThat(differences(DETAIL)).isEmpty();
        String v2 = "{\"jobId\":\"j-1\",\"queue\":\"training\",\"command\":\"python train.py\",\"jobSpec\":"
                + ((com.fasterxml.jackson.databind.node.ObjectNode) json(DETAIL)).put("queue", "x") + "}";
        assertThat(differences(v2)).as("a v2 item with jobSpec inside").isEmpty();
    }

    @Test
    void eachFieldThatDiffersIsNamedNeverItsValue() throws Exception {
        String forged = DETAIL.replace("img:1", "team-b/evil:1")
                .replace("\"python train.py\"", "\"python evil.py\"")
                .replace("\"replicas\":2", "\"replicas\":1")
                .replace("\"queue\":\"training\"", "\"queue\":\"other\"")
                .replace("\"quantity\":\"8\"", "\"quantity\":\"1\"")
                .replace("bos://data/v3", "bos://attacker/data")
                .replace("\"mountPath\":\"/mnt/data\"", "\"mountPath\":\"/mnt/x\"");
        assertThat(differences(forged))
                .containsExactly("image", "command", "replicas", "queue", "resources", "envs DATA", "datasources");
        assertThat(String.join(" ", differences(forged)))
                .doesNotContain("attacker")
                .doesNotContain("evil");
    }

    @Test
    void anEnvTheSpecDoesNotSetIsADifferenceUnlessThePlatformOrTheClientAddsIt() throws Exception {
        String extra = DETAIL.replace(
                "{\"name\":\"NCCL_DEBUG\"", "{\"name\":\"LD_PRELOAD\",\"value\":\"/x.so\"},{\"name\":\"NCCL_DEBUG\"");
        assertThat(differences(extra)).containsExactly("envs LD_PRELOAD");
        String missing = DETAIL.replace("{\"name\":\"LR\",\"value\":\"1e-4\"},", "");
        assertThat(differences(missing)).containsExactly("envs LR");
    }

    @Test
    void aFieldTheDetailDoesNotShowProvesNothing() throws Exception {
        String noImage = DETAIL.replace("\"image\":\"img:1\",", "");
        assertThat(differences(noImage)).containsExactly("image");
        String noDatasources = DETAIL.replaceAll(",\\s*\"datasources\":\\[.*]", "");
        assertThat(differences(noDatasources)).containsExactly("datasources");
    }
}

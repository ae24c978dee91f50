package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

class SecretRedactorTest {

    private final SecretRedactor redactor = new SecretRedactor(Set.of("X-Custom-Auth"));

    @Test
    void knownAndSecretLookingNamesAreSecret() {
        assertThat(redactor.isSecret("Authorization")).isTrue();
        assertThat(redactor.isSecret("x-bce-security-token")).isTrue();
        assertThat(redactor.isSecret("x-custom-auth")).isTrue();
        assertThat(redactor.isSecret("password")).isTrue();
        assertThat(redactor.isSecret("secretKey")).isTrue();
        assertThat(redactor.isSecret("X-Api-Key")).isTrue();
        assertThat(redactor.isSecret("x-bce-date")).isFalse();
        assertThat(redactor.isSecret("resourcePoolId")).isFalse();
        assertThat(redactor.isSecret("key")).isFalse();
    }

    @Test
    void headerValuesAreMaskedByName() {
        String text = redactor.headers(Headers.of("Authorization", "hmac abc", "Host", "h", "X-Custom-Auth", "v"));
        assertThat(text).isEqualTo("Authorization: ****\nHost: h\nX-Custom-Auth: ****\n");
    }

    @Test
    void queryValuesAreMaskedByName() {
        HttpUrl url = HttpUrl.get("https://h/p?resourcePoolId=cce-1&accessToken=abc");
        assertThat(redactor.url(url)).isEqualTo("https://h/p?resourcePoolId=cce-1&accessToken=****");
    }

    @Test
    void jsonFieldsAreMaskedAtAnyDepthWithoutTouchingTheOriginal() throws Exception {
        JsonNode original = new ObjectMapper()
                .readTree("{\"jobSpec\":{\"imageConfig\":{\"username\":\"u\",\"password\":\"p\"}},"
                        + "\"labels\":[{\"key\":\"k\",\"value\":\"v\"}],\"sk\":{\"secret\":{\"a\":1}}}");

        JsonNode masked = redactor.json(original);

        assertThat(masked.toString())
                .isEqualTo("{\"jobSpec\":{\"imageConfig\":{\"username\":\"u\",\"password\":"
                        + "\"****\"}},\"labels\":[{\"key\":\"k\",\"value\":\"v\"}],\"sk\":{\"secret\":\"****\"}}");
        assertThat(original.at("/jobSpec/imageConfig/password").asText()).isEqualTo("p");
    }

    @Test
    void environmentVariableValuesAreMaskedWhateverTheirName() throws Exception {
        // Job specs treat env values as secrets (build parameters): AIHC jobSpec.envs, SenseCore env.
        JsonNode original = new ObjectMapper()
                .readTree(
                        "{\"jobSpec\":{\"envs\":[{\"name\":\"HF_HOME\","
                                + "\"value\":\"/data\"},{\"name\":\"WANDB\",\"value\":\"k-1\"}]},"
                                + "\"env\":[{\"key\":\"NCCL_DEBUG\",\"value\":\"INFO\"}],\"labels\":[{\"key\":\"k\",\"value\":\"v\"}]}");

        assertThat(redactor.json(original).toString())
                .isEqualTo(
                        "{\"jobSpec\":{\"envs\":[{\"name\":\"HF_HOME\","
                                + "\"value\":\"****\"},{\"name\":\"WANDB\",\"value\":\"****\"}]},"
                                + "\"env\":[{\"key\":\"NCCL_DEBUG\",\"value\":\"****\"}],\"labels\":[{\"key\":\"k\",\"value\":\"v\"}]}");
    }
}

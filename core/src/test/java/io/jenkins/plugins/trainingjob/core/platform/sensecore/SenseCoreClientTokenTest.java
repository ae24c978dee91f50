package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.COLLECTION;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.UncertainCreateException;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.Spec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/** The client token as the job's identity on SenseCore: the job name, the echoed document, cut answers. */
class SenseCoreClientTokenTest extends SenseCoreServerTest {

    private static final String NOT_FOUND = "{\"code\": 5, \"message\": \"training job not found\"}";

    /** What ACP answers for a job created from {@code spec}: the body echoed, plus read-only fields. */
    private static String echo(JobSpec spec, String name) {
        ObjectNode doc = spec.body();
        doc.put("name", name).put("uid", "u1").put("state", "QUEUEING").put("create_time", "2026-11-30T10:00:00Z");
        ((ObjectNode) doc.get("roles").get(0).get("resource_spec").get(0)).put("replicas", 2);
        return doc.toString();
    }

    private static MockResponse cutOff200(String body) {
        return new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "application/json")
                .body(body + " ".repeat(4000))
                .throttleBody(256, 10, java.util.concurrent.TimeUnit.MILLISECONDS)
                .onResponseBody(new SocketEffect.CloseSocket())
                .build();
    }

    @Test
    void theJobNamedAfterTheTokenThatEchoesTheSpecIsTheSameSubmission() throws Exception {
        JobSpec spec = Spec.sensecore("");
        String name = SenseCoreJobName.fromClientToken("tok-1");
        server.enqueue(json(200, echo(spec, name)));

        assertThat(client().findByClientToken(spec, "tok-1")).contains(new TokenMatch(ref(name), true));
        assertThat(server.takeRequest().getTarget()).isEqualTo(COLLECTION + "/" + name);
    }

    @Test
    void aJobUnderTheNameThatDoesNotEchoTheSpecIsAnotherSpec() {
        JobSpec spec = Spec.sensecore("resnet-1");
        JobSpec other = Spec.of(Spec.bodyJson("resnet-1").replace("registry/x:1", "registry/x:2"));
        server.enqueue(json(200, echo(other, "resnet-1")));

        assertThat(client().findByClientToken(spec, "tok-1")).contains(new TokenMatch(ref("resnet-1"), false));
    }

    @Test
    void aFieldLeftToThePlatformMatchesWhatThePlatformChose() {
        JobSpec spec = Spec.of(Spec.bodyJson("resnet-1")
                .replace(
                        "\"framework\": \"PYTORCH\",",
                        "\"framework\": \"PYTORCH\", " + "\"scheduling\": {\"priority\": \"PRIORITY_UNSPECIFIED\"},"));
        assertThat(spec.body().toString()).contains("PRIORITY_UNSPECIFIED");
        ObjectNode echoed = (ObjectNode) readTree(echo(spec, "resnet-1"));
        echoed.withObject("/scheduling").put("priority", "NORMAL");
        server.enqueue(json(200, echoed.toString()));

        assertThat(client().findByClientToken(spec, "tok-1")).contains(new TokenMatch(ref("resnet-1"), true));
    }

    private static com.fasterxml.jackson.databind.JsonNode readTree(String json) {
        try {
            return SenseCoreFixture.JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void noJobUnderTheNameIsNothing() {
        server.enqueue(json(404, NOT_FOUND));

        assertThat(client().findByClientToken(Spec.sensecore("resnet-1"), "tok-1"))
                .isEmpty();
    }

    @Test
    void withoutASpecTheTokensNameFindsTheJob() {
        String name = SenseCoreJobName.fromClientToken("tok-1");
        server.enqueue(json(200, echo(Spec.sensecore(""), name)));

        assertThat(client().findByClientToken("tok-1")).contains(ref(name));
    }

    /** F3: the re-create after an uncertain create is answered 200 but cut short: the name is looked up again. */
    @Test
    void aReCreateAnswered200WithACutBodyIsLookedUpAgainAndTheJobFound() throws Exception {
        JobSpec spec = Spec.sensecore("resnet-1");
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(404, NOT_FOUND));
        }
        server.enqueue(cutOff200(echo(spec, "resnet-1")));
        server.enqueue(json(200, echo(spec, "resnet-1")));

        assertThat(client().submit(spec, "tok-1")).isEqualTo(ref("resnet-1"));
        server.takeRequest(); // the dropped first create (its socket closed before it was read)
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            RecordedRequest r = server.takeRequest();
            calls.add(r.getMethod() + " " + r.getTarget().replace(COLLECTION, ""));
        }
        assertThat(calls)
                .containsExactly(
                        "GET /resnet-1",
                        "GET /resnet-1",
                        "GET /resnet-1",
                        "POST ?training_job_name=resnet-1",
                        "GET /resnet-1");
        assertThat(server.getRequestCount()).isEqualTo(6);
    }

    @Test
    void aReCreateWhoseAnswerIsLostAndWhoseJobNeverAppearsSaysTheJobMayExist() {
        JobSpec spec = Spec.sensecore("resnet-1");
        server.enqueue(new MockResponse.Builder()
                .onRequestStart(new SocketEffect.CloseSocket())
                .build());
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(404, NOT_FOUND));
        }
        server.enqueue(cutOff200(echo(spec, "resnet-1")));
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(404, NOT_FOUND));
        }

        assertThatThrownBy(() -> client().submit(spec, "tok-1"))
                .isInstanceOfSatisfying(UncertainCreateException.class, e -> assertThat(e.jobName())
                        .isEqualTo("resnet-1"))
                .hasMessageContaining("the create may not have happened")
                .hasMessageContaining("no training job named 'resnet-1' appeared")
                .hasMessageContaining("the job may still appear");
    }
}

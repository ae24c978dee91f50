package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.COLLECTION;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
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

    /**
     * What ACP answers for a job created from {@code spec} without a client-token entry (by hand, or by a
     * release before the entry): the body echoed, plus read-only fields.
     */
    private static String echo(JobSpec spec, String name) {
        ObjectNode doc = spec.body();
        doc.put("name", name).put("uid", "u1").put("state", "QUEUEING").put("create_time", "2026-11-30T10:00:00Z");
        ((ObjectNode) doc.get("roles").get(0).get("resource_spec").get(0)).put("replicas", 2);
        return doc.toString();
    }

    /** What ACP answers for a job this key created from {@code spec} under {@code token}. */
    private static String echo(JobSpec spec, String name, String token) {
        ObjectNode doc = (ObjectNode) readTree(SenseCoreFixture.created(spec, name, token));
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
        server.enqueue(json(200, echo(other, "resnet-1", "tok-1")));

        assertThat(client().findByClientToken(spec, "tok-1")).contains(new TokenMatch(ref("resnet-1"), false));
    }

    @Test
    void aFieldLeftToThePlatformMatchesWhatThePlatformChose() {
        JobSpec spec = Spec.of(Spec.bodyJson("resnet-1")
                .replace(
                        "\"framework\": \"PYTORCH\",",
                        "\"framework\": \"PYTORCH\", " + "\"scheduling\": {\"priority\": \"PRIORITY_UNSPECIFIED\"},"));
        assertThat(spec.body().toString()).contains("PRIORITY_UNSPECIFIED");
        ObjectNode echoed = (ObjectNode) readTree(echo(spec, "resnet-1", "tok-1"));
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
    void noJobUnderEitherNameOfTheTokenIsNothing() throws Exception {
        server.enqueue(json(404, NOT_FOUND));
        server.enqueue(json(404, NOT_FOUND));

        assertThat(client().findByClientToken(Spec.sensecore("resnet-1"), "tok-1"))
                .isEmpty();
        assertThat(server.takeRequest().getTarget()).isEqualTo(COLLECTION + "/resnet-1");
        assertThat(server.takeRequest().getTarget())
                .isEqualTo(COLLECTION + "/" + JobNames.whenTaken("resnet-1", "tok-1"));
    }

    /** Issue 35 P2: a re-run under a new token must not take the first token's job under the spec's name. */
    @Test
    void aJobUnderTheSpecsNameMadeUnderAnotherTokenIsNotThisTokensAndItsOwnNameIsReadNext() throws Exception {
        JobSpec spec = Spec.sensecore("resnet-1");
        String own = JobNames.whenTaken("resnet-1", "gh-1-2-lr1");
        server.enqueue(json(200, echo(spec, "resnet-1", "gh-1-1-lr1")));
        server.enqueue(json(200, echo(spec, own, "gh-1-2-lr1")));

        assertThat(client().findByClientToken(spec, "gh-1-2-lr1")).contains(new TokenMatch(ref(own), true));
        assertThat(own).matches("resnet-1-[0-9a-f]{8}");
    }

    /** A job of the spec's name without the entry (made by hand, or by hand-copying the body) proves nothing. */
    @Test
    void aJobUnderTheSpecsNameWithoutAClientTokenEntryIsNotTheTokens() {
        JobSpec spec = Spec.sensecore("resnet-1");
        server.enqueue(json(200, echo(spec, "resnet-1")));
        server.enqueue(json(404, NOT_FOUND));

        assertThat(client().findByClientToken(spec, "tok-1")).isEmpty();
    }

    /** Security review 2, N2 on SenseCore: an entry another key signed is not this key's job. */
    @Test
    void aJobWhoseEntryAnotherKeySignedIsNotAdopted() {
        JobSpec spec = Spec.sensecore("resnet-1");
        ObjectNode forged = SenseCoreTokenEnv.with(spec.body().put("name", "resnet-1"), "tok-1", "another-key");
        forged.put("uid", "u9").put("state", "SUCCEEDED");
        server.enqueue(json(200, forged.toString()));

        assertThat(client().findByClientToken(spec, "tok-1"))
                .contains(new TokenMatch(ref("resnet-1"), TokenMatch.Kind.OTHER_KEY, ""));
    }

    @Test
    void withoutASpecTheTokensNameFindsTheJob() {
        String name = SenseCoreJobName.fromClientToken("tok-1");
        server.enqueue(json(200, echo(Spec.sensecore(""), name)));

        assertThat(client().findByClientToken("tok-1")).contains(ref(name));
    }

    /**
     * {@code status --client-token} for a spec that named its job: the job is not under the token's name,
     * so the list is read; the newest job whose entry this key signed for the token is it, and a copied
     * entry that another key signed is not.
     */
    @Test
    void withoutASpecANamedSpecsJobIsFoundByItsSignedEntryInTheList() throws Exception {
        JobSpec spec = Spec.sensecore("resnet-1");
        ObjectNode forged = SenseCoreTokenEnv.with(spec.body().put("name", "resnet-9"), "gh-7-1", "another-key");
        forged.put("uid", "u-forged").put("create_time", "2026-11-30T16:00:00Z");
        String list = "{\"training_jobs\": ["
                + String.join(
                        ",",
                        withTime(echo(spec, "resnet-1", "gh-7-1"), "2026-11-30T09:00:00Z"),
                        withTime(echo(spec, "resnet-1-a2", "gh-7-1"), "2026-11-30T11:00:00Z"),
                        withTime(echo(spec, "resnet-2", "gh-8-1"), "2026-11-30T12:00:00Z"),
                        forged.toString())
                + "], \"next_page_token\": \"\"}";
        server.enqueue(json(404, NOT_FOUND));
        server.enqueue(json(200, list));

        assertThat(client().findByClientToken("gh-7-1")).contains(ref("resnet-1-a2"));
        assertThat(server.takeRequest().getTarget()).endsWith("/" + SenseCoreJobName.fromClientToken("gh-7-1"));
    }

    @Test
    void withoutASpecATokenNoJobCarriesIsNotFound() {
        server.enqueue(json(404, NOT_FOUND));
        server.enqueue(json(200, "{\"training_jobs\": [], \"next_page_token\": \"\"}"));

        assertThat(client().findByClientToken("tok-404")).isEmpty();
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
        server.enqueue(cutOff200(echo(spec, "resnet-1", "tok-1")));
        server.enqueue(json(200, echo(spec, "resnet-1", "tok-1")));

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

    /**
     * Issue 35 P8 on SenseCore: the spec's jobs under any token are read from the workspace's list; a job
     * counts when its name is one the spec's jobs get and its document carries the body this key would send
     * under its own token (the signed entry included).
     */
    @Test
    void theJobsOfASpecAreThoseWhoseDocumentCarriesTheBodyAndThisKeysEntryUnderTheirOwnToken() throws Exception {
        JobSpec spec = Spec.sensecore("resnet-1");
        JobSpec other = Spec.of(Spec.bodyJson("resnet-1").replace("registry/x:1", "registry/x:2"));
        String rerun = JobNames.whenTaken("resnet-1", "gh-1-2-lr0");
        ObjectNode anotherKey = SenseCoreTokenEnv.with(spec.body().put("name", "resnet-1-a2"), "t-a2", "team-b");
        anotherKey.put("uid", "u-x").put("create_time", "2026-11-30T12:00:00Z");
        String list = "{\"training_jobs\": ["
                + String.join(
                        ",",
                        withTime(echo(spec, "resnet-1", "gh-1-1-lr0"), "2026-11-30T09:00:00Z"),
                        withTime(echo(spec, rerun, "gh-1-2-lr0"), "2026-11-30T11:00:00Z"),
                        anotherKey.toString(),
                        withTime(echo(other, "resnet-1-a3", "t-a3"), "2026-11-30T13:00:00Z"),
                        withTime(echo(spec, "resnet-7", "t7"), "2026-11-30T14:00:00Z"),
                        withTime(echo(spec, "resnet-1-a4"), "2026-11-30T15:00:00Z"))
                + "], \"next_page_token\": \"\"}";
        server.enqueue(json(200, list));

        JobsOfSpec jobs = client().jobsOfSpec(spec);

        assertThat(jobs.jobs())
                .containsExactly(
                        new JobsOfSpec.Found(ref(rerun), "gh-1-2-lr0"),
                        new JobsOfSpec.Found(ref("resnet-1"), "gh-1-1-lr0"));
        assertThat(jobs.notSeen()).isEmpty();
    }

    private static String withTime(String doc, String created) {
        ObjectNode d = (ObjectNode) readTree(doc);
        d.put("create_time", created).put("uid", "u-" + d.path("name").asText());
        return d.toString();
    }
}

package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.SpecReuse;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.aihc.BceV1Signer;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Security review 2, N2, reproduced as the review ran it: a co-tenant of the AIHC queue ("team B", with a key
 * of its own) lists team A's jobs, copies their trainingjob labels onto a job of its own (another image,
 * another log) and waits for team A's next run to adopt it. The labels are data anyone with create rights
 * writes; a job is team A's only if team A's key signed its labels and its detail is what team A's spec asks
 * for.
 */
class ForgedJobAdoptionTest {
    private static final String POOL = "cce-sim00001";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Credentials TEAM_B = Credentials.of("team-b-access-key", "team-b-secret-key");

    private Simulator sim;
    private AihcClient teamA;

    @BeforeEach
    void start() {
        Scenario s = Scenario.bundled("seed-taint-and-gpu").withSpeed(0);
        List<Scenario.CredentialPair> keys = new ArrayList<>(s.credentials());
        keys.add(new Scenario.CredentialPair(TEAM_B.accessKey(), TEAM_B.secretKey()));
        sim = Simulator.start(
                new Scenario(s.name(), s.seed(), keys, s.timing(), s.nodes(), s.aihc(), s.sensecore(), s.faults()));
        teamA = SimClients.aihc(sim, POOL, "training");
    }

    @AfterEach
    void stop() {
        teamA.close();
        sim.close();
    }

    static JobSpec nightly() {
        return SimSpecs.aihc(
                "nightly-model", "training", 1, 1, "SIM_RUN_SECONDS", "5", "SIM_LOG_LINES", "eval accuracy: 0.70");
    }

    /** Team A's run: the reuse look-up, then a submit under the token it chose unless it reused a job. */
    JobRef teamARuns(JobSpec spec) {
        SpecReuse.Decision d =
                SpecReuse.decide(teamA, spec, SpecDigest.reuseToken(spec, Map.of()), ReusePolicy.SUCCEEDED);
        if (d.reused().isPresent()) {
            return d.reused().get().job();
        }
        JobRef job = IdempotentSubmitter.create(teamA, spec, d.clientToken()).job();
        sim.advanceClock(Duration.ofSeconds(6));
        assertThat(teamA.status(job).phase()).isEqualTo(JobPhase.SUCCEEDED);
        return job;
    }

    @Test
    void aJobWithCopiedLabelsAndAnotherImageIsNotReused() {
        JobRef original = teamARuns(nightly());

        // Team B reads the labels off team A's job and puts them (the token moved on to -a2) on its own job.
        JsonNode listed = forger().get("/api/v1/aijobs", Map.of("queue", "training"));
        JsonNode victim = listed.path("result").path("jobs").get(0);
        String token = label(victim, AihcClient.CLIENT_TOKEN_LABEL);
        String digest = label(victim, AihcClient.SPEC_DIGEST_LABEL);
        JsonNode forged = forger().createJob(
                        "nightly-model-a2",
                        "team-b/evil:1",
                        "python evil.py",
                        "eval accuracy: 0.99",
                        Map.of(AihcClient.CLIENT_TOKEN_LABEL, token + "-a2", AihcClient.SPEC_DIGEST_LABEL, digest));
        sim.advanceClock(Duration.ofSeconds(6));
        String forgedId = forged.path("result").path("jobId").asText();

        JobRef second = teamARuns(nightly());
        assertThat(second.id()).as("team A's next run").isNotEqualTo(forgedId).isEqualTo(original.id());
    }

    @Test
    void aJobUnderAPredictableTokenWithoutTheDigestLabelIsNotAdopted() {
        JobSpec leg = SimSpecs.aihc("release-9001-lr3e-4", "training", 1, 1, "SIM_RUN_SECONDS", "5");
        JsonNode forged = forger().createJob(
                        "release-9001-lr3e-4",
                        "team-b/evil:1",
                        "python evil.py",
                        "eval accuracy: 0.99",
                        Map.of(AihcClient.CLIENT_TOKEN_LABEL, "gh-9001-1-train"));
        String forgedId = forged.path("result").path("jobId").asText();

        assertThatThrownBy(() -> IdempotentSubmitter.submit(teamA, leg, "gh-9001-1-train", true))
                .as("the forged job %s is not team A's job", forgedId)
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("a job with this token exists but was not created with this key");
    }

    private static String label(JsonNode job, String key) {
        for (JsonNode l : job.path("labels")) {
            if (key.equals(l.path("key").asText())) {
                return l.path("value").asText();
            }
        }
        return "";
    }

    private Forger forger() {
        return new Forger(sim, TEAM_B);
    }

    /** Team B's raw API calls, signed with its own key, as a console, SDK or script would send them. */
    record Forger(Simulator sim, Credentials keys) {
        private static final OkHttpClient HTTP = new OkHttpClient();

        JsonNode get(String path, Map<String, String> query) {
            HttpUrl.Builder url = HttpUrl.get(sim.baseUrl().toString())
                    .newBuilder()
                    .encodedPath(path)
                    .addQueryParameter("resourcePoolId", POOL);
            query.forEach(url::addQueryParameter);
            return send(new Request.Builder().url(url.build()).get().build());
        }

        JsonNode createJob(String name, String image, String command, String log, Map<String, String> labels) {
            ObjectNode body = JSON.createObjectNode()
                    .put("name", name)
                    .put("queue", "training")
                    .put("jobFramework", "PyTorchJob");
            ObjectNode jobSpec = body.putObject("jobSpec")
                    .put("image", image)
                    .put("command", command)
                    .put("replicas", 1);
            jobSpec.putArray("resources")
                    .addObject()
                    .put("name", "nvidia.com/gpu")
                    .put("quantity", 1);
            ArrayNode envs = jobSpec.putArray("envs");
            envs.addObject().put("name", "SIM_RUN_SECONDS").put("value", "5");
            envs.addObject().put("name", "SIM_LOG_LINES").put("value", log);
            ArrayNode l = body.putArray("labels");
            labels.forEach((k, v) -> l.addObject().put("key", k).put("value", v));
            HttpUrl url = HttpUrl.get(sim.baseUrl().toString())
                    .newBuilder()
                    .encodedPath("/api/v1/aijobs")
                    .addQueryParameter("resourcePoolId", POOL)
                    .build();
            return send(new Request.Builder()
                    .url(url)
                    .post(RequestBody.create(body.toString(), MediaType.get("application/json")))
                    .build());
        }

        private JsonNode send(Request request) {
            Request signed = new BceV1Signer(keys).sign(request, Instant.now());
            try (Response r = HTTP.newCall(signed).execute()) {
                String text = r.body().string();
                assertThat(r.code()).as(text).isEqualTo(200);
                return JSON.readTree(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}

package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.aihc.BceV1Signer;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
 * Security review S2 and S3: what an attacker can do with one captured signed request, against the
 * simulator's verifiers (the client's own signers run backwards). The request is signed exactly as the
 * clients sign it and then sent by hand, changed the way a replay would change it.
 */
class SignatureReplayTest {
    private static final MediaType JSON = MediaType.get("application/json");
    private static final Credentials KEYS = SimClients.KEYS;

    private final OkHttpClient http = new OkHttpClient();
    private Simulator sim;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
    }

    @AfterEach
    void stop() {
        sim.close();
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private HttpUrl url(String pathAndQuery) {
        return HttpUrl.get(sim.baseUrl().toString()).resolve(pathAndQuery);
    }

    private static String senseCoreJobs(String job) {
        return "/compute/acp/data/v2/subscriptions/sim-sub/resourceGroups/default/zones/cn-sh-01z/workspaces/sim-ws"
                + "/trainingJobs" + (job == null ? "" : "/" + job);
    }

    /** Sends {@code captured}'s headers with another URL (and method), as a replay would. */
    private Response replay(Request captured, HttpUrl to, String method) throws IOException {
        Request.Builder forged = new Request.Builder().url(to).headers(captured.headers());
        forged.method(method, method.equals("POST") ? RequestBody.create("{}", JSON) : null);
        return http.newCall(forged.build()).execute();
    }

    private static String body(Response r) throws IOException {
        return r.body() == null ? "" : r.body().string();
    }

    @Test
    void aSenseCoreHeaderSignedByDefaultFailsForAnotherPathAndMethod() throws IOException {
        Request captured = new SenseCoreHmacSigner(KEYS, Scheme.DATE_HOST_TARGET)
                .sign(
                        new Request.Builder()
                                .url(url(senseCoreJobs("tj-mine")))
                                .get()
                                .build(),
                        Instant.now());

        try (Response original = http.newCall(captured).execute()) {
            assertThat(original.code())
                    .as("the request it was made for is authenticated")
                    .isNotEqualTo(401);
        }
        try (Response otherPath = replay(captured, url(senseCoreJobs("tj-someone-elses")), "GET")) {
            assertThat(otherPath.code()).isEqualTo(401);
            assertThat(body(otherPath)).contains("SignatureDoesNotMatch");
        }
        try (Response batchDelete = replay(captured, url(senseCoreJobs(null) + ":batchDelete"), "POST")) {
            assertThat(batchDelete.code()).isEqualTo(401);
        }
    }

    /** Why date-only is no longer the default: the same capture is a bearer token for any path. */
    @Test
    void aDateOnlySenseCoreHeaderIsAcceptedForAnyPath() throws IOException {
        Request captured = new SenseCoreHmacSigner(KEYS, Scheme.X_DATE)
                .sign(
                        new Request.Builder()
                                .url(url(senseCoreJobs("tj-mine")))
                                .get()
                                .build(),
                        Instant.now());

        try (Response otherPath = replay(captured, url(senseCoreJobs("tj-someone-elses")), "GET")) {
            assertThat(otherPath.code()).isNotEqualTo(401);
        }
    }

    @Test
    void aSignedAihcCreateReplayedWithAnotherBodyIsRefused() throws IOException {
        HttpUrl create = url("/api/v1/aijobs?resourcePoolId=cce-sim00001");
        String mine = "{\"name\":\"mine\",\"queue\":\"default\",\"jobSpec\":{\"image\":\"registry.example/train:1\"}}";
        // As long as the captured body, so that only the signed Content-MD5 tells them apart.
        String theirs =
                "{\"name\":\"evil\",\"queue\":\"default\",\"jobSpec\":{\"image\":\"registry.example/miner:1\"}}";
        Request captured = new BceV1Signer(KEYS)
                .sign(
                        new Request.Builder()
                                .url(create)
                                .post(RequestBody.create(mine, JSON))
                                .build(),
                        Instant.now());

        try (Response original = http.newCall(captured).execute()) {
            assertThat(body(original))
                    .as("the request it was made for is authenticated")
                    .doesNotContain("SignatureDoesNotMatch")
                    .doesNotContain("BadDigest");
        }
        assertThat(theirs).hasSameSizeAs(mine);
        Request sameHeaders =
                captured.newBuilder().post(RequestBody.create(theirs, JSON)).build();
        try (Response r = http.newCall(sameHeaders).execute()) {
            assertThat(r.code()).isEqualTo(400);
            assertThat(body(r)).contains("BadDigest");
        }
        byte[] theirBytes = theirs.getBytes(StandardCharsets.UTF_8);
        Request withTheirDigest = sameHeaders
                .newBuilder()
                .header("Content-MD5", BceV1Signer.contentMd5(theirBytes))
                .build();
        try (Response r = http.newCall(withTheirDigest).execute()) {
            assertThat(r.code()).isEqualTo(403);
            assertThat(body(r)).contains("SignatureDoesNotMatch");
        }
    }
}

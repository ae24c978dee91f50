package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.UncertainCreateException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/** The client token as the job's identity on AIHC: the token label, the spec-digest label, the look-up window. */
class AihcClientTokenTest extends AihcServerTest {

    private static final String JOB_ID = "pytorchjob-265e535d-7bec-4b68-88bb-08faa4247504";
    /** The platform's usual read timeout: it sets how long look-ups go on after a create that got no answer. */
    private static final HttpSettings MINUTE_READ = new HttpSettings(
            Duration.ofMillis(500),
            Duration.ofSeconds(60),
            Duration.ofSeconds(120),
            3,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            64 * 1024);

    private static final JobSpec SPEC = AihcTestSpec.of("""
            {"name":"train-1","queue":"default","jobSpec":{"command":"python train.py","image":"img:1","replicas":2}}""");
    private static final JobSpec OTHER_SPEC = AihcTestSpec.of("""
            {"name":"train-2","queue":"default","jobSpec":{"command":"python train.py","image":"img:2","replicas":2}}""");

    private AihcClient client(HttpSettings http) {
        return client("cce-pool1", null, Credentials.of("ak", "sk-secret"), http);
    }

    private static MockResponse ok(String json) {
        return new MockResponse.Builder()
                .addHeader("Content-Type", "application/json")
                .body(json)
                .build();
    }

    private static String digest(JobSpec spec) {
        return SpecDigest.of(spec, Set.of(AihcClient.CLIENT_TOKEN_LABEL, AihcClient.SPEC_DIGEST_LABEL));
    }

    private static String listWith(String... jobs) {
        return "{\"result\":{\"total\":" + jobs.length + ",\"jobs\":[" + String.join(",", jobs) + "]}}";
    }

    private static String item(String id, String name, String token, String digest) {
        return "{\"jobId\":\"" + id + "\",\"name\":\"" + name + "\",\"status\":\"Created\",\"labels\":["
                + "{\"key\":\"" + AihcClient.CLIENT_TOKEN_LABEL + "\",\"value\":\"" + token + "\"},"
                + "{\"key\":\"" + AihcClient.SPEC_DIGEST_LABEL + "\",\"value\":\"" + digest + "\"}]}";
    }

    @Test
    void theJobCarryingTheTokenAndTheSpecsDigestIsTheSameSubmission() {
        server.enqueue(ok(listWith(
                item("pytorchjob-x", "train-1", "tok-0", digest(SPEC)),
                item(JOB_ID, "train-1", "tok-1", digest(SPEC)))));

        Optional<TokenMatch> found = client(MINUTE_READ).findByClientToken(SPEC, "tok-1");

        assertThat(found).contains(new TokenMatch(new JobRef(PlatformKind.AIHC, JOB_ID, "train-1"), true));
    }

    @Test
    void aJobOfAnotherSpecUnderTheTokenIsFoundWhateverItsNameAndMarkedAsAnotherSpec() {
        server.enqueue(ok(listWith(item(JOB_ID, "train-2", "tok-1", digest(OTHER_SPEC)))));

        Optional<TokenMatch> found = client(MINUTE_READ).findByClientToken(SPEC, "tok-1");

        assertThat(found).contains(new TokenMatch(new JobRef(PlatformKind.AIHC, JOB_ID, "train-2"), false));
    }

    @Test
    void theSameNameWithAChangedBodyIsAnotherSpec() {
        JobSpec changed = AihcTestSpec.of("""
                {"name":"train-1","queue":"default","jobSpec":{"command":"python train.py","image":"img:9","replicas":2}}""");
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-1", digest(SPEC)))));

        assertThat(client(MINUTE_READ).findByClientToken(changed, "tok-1"))
                .get()
                .extracting(TokenMatch::sameSpec)
                .isEqualTo(false);
    }

    @Test
    void noJobWithTheTokenIsNothing() {
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-0", digest(SPEC)))));

        assertThat(client(MINUTE_READ).findByClientToken(SPEC, "tok-1")).isEmpty();
    }

    @Test
    void withoutASpecTheTokenAloneFindsTheJob() {
        server.enqueue(ok(listWith(item(JOB_ID, "train-2", "tok-1", digest(OTHER_SPEC)))));

        assertThat(client(MINUTE_READ).findByClientToken("tok-1"))
                .contains(new JobRef(PlatformKind.AIHC, JOB_ID, "train-2"));
    }

    /**
     * Anomaly 1d: the server completes a create after the client gave up waiting for its answer. Look-ups
     * go on until they have covered the read timeout again, so a job that lands late is still found.
     */
    @Test
    void aCreateThatGotNoAnswerIsLookedUpUntilTheReadTimeoutIsCoveredAgain() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(new SocketEffect.CloseSocket())
                .build());
        for (int i = 0; i < 6; i++) {
            server.enqueue(ok(listWith()));
        }
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-1", digest(SPEC)))));

        JobRef job = client(MINUTE_READ).submit(SPEC, "tok-1");

        assertThat(job.id()).isEqualTo(JOB_ID);
        assertThat(waits)
                .containsExactly(
                        Duration.ZERO,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(4),
                        Duration.ofSeconds(8),
                        Duration.ofSeconds(16),
                        Duration.ofSeconds(30));
    }

    @Test
    void aCreateStillNotFoundAfterTheWindowSaysTheJobMayExistAndCarriesTheToken() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(new SocketEffect.CloseSocket())
                .build());
        for (int i = 0; i < 7; i++) {
            server.enqueue(ok(listWith()));
        }

        assertThatThrownBy(() -> client(MINUTE_READ).submit(SPEC, "tok-1"))
                .isInstanceOfSatisfying(UncertainCreateException.class, e -> {
                    assertThat(e.clientToken()).isEqualTo("tok-1");
                    assertThat(e.jobName()).isEqualTo("train-1");
                })
                .hasMessageContaining("the create may not have happened")
                .hasMessageContaining("after 7 look-up(s) over 61s")
                .hasMessageContaining("nothing was resubmitted; the job may still appear");
        assertThat(server.getRequestCount()).isEqualTo(8);
    }

    @Test
    void aCreateAnsweredWithAnErrorKeepsTheShortWindow() {
        server.enqueue(new MockResponse.Builder()
                .code(503)
                .body("{\"code\":\"ServiceUnavailable\"}")
                .build());
        for (int i = 0; i < 4; i++) {
            server.enqueue(ok(listWith()));
        }

        assertThatThrownBy(() -> client(MINUTE_READ).submit(SPEC, "tok-1"))
                .isInstanceOf(UncertainCreateException.class);
        assertThat(waits)
                .containsExactly(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    }
}

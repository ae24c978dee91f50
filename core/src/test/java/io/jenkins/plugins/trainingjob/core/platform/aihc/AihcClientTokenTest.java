package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobNameTakenException;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
import io.jenkins.plugins.trainingjob.core.platform.SignedDigestLabel;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.UncertainCreateException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.OutputNonce;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;

/** The client token as the job's identity on AIHC: the token label, the spec-digest label, the look-up window. */
class AihcClientTokenTest extends AihcServerTest {

    private static final String SECRET = "sk-secret";
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();
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
        return client("cce-pool1", null, Credentials.of("ak", SECRET), http);
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

    /** The spec-digest label a job created with this test's key under {@code token} from {@code spec} carries. */
    private static String signed(String token, JobSpec spec) {
        return SignedDigestLabel.value(SECRET, token, digest(spec));
    }

    private static String listWith(String... jobs) {
        return "{\"result\":{\"total\":" + jobs.length + ",\"jobs\":[" + String.join(",", jobs) + "]}}";
    }

    private static String item(String id, String name, String token, String digestLabel) {
        return "{\"jobId\":\"" + id + "\",\"name\":\"" + name + "\",\"status\":\"Created\",\"labels\":["
                + "{\"key\":\"" + AihcClient.CLIENT_TOKEN_LABEL + "\",\"value\":\"" + token + "\"},"
                + "{\"key\":\"" + AihcClient.SPEC_DIGEST_LABEL + "\",\"value\":\"" + digestLabel + "\"}]}";
    }

    /** A v1 detail echoing a job created from {@code image} (the rest as {@link #SPEC} asks for). */
    private static String detail(String id, String image) {
        return "{\"requestId\":\"r\",\"result\":{\"jobId\":\"" + id + "\",\"name\":\"train-1\",\"queue\":"
                + "\"default\",\"command\":\"python train.py\",\"image\":\"" + image + "\",\"replicas\":2,"
                + "\"resources\":[],\"envs\":[{\"name\":\"TRAINJOB_OUTPUT_NONCE\",\"value\":"
                + "\"0123456789abcdef0123456789abcdef\"},{\"name\":\"AIHC_JOB_NAME\",\"value\":\"train-1\"}],"
                + "\"status\":\"Running\"}}";
    }

    @Test
    void theJobCarryingTheTokenAndTheSpecsSignedDigestWhoseDetailMatchesIsTheSameSubmission() throws Exception {
        server.enqueue(ok(listWith(
                item("pytorchjob-x", "train-1", "tok-0", signed("tok-0", SPEC)),
                item(JOB_ID, "train-1", "tok-1", signed("tok-1", SPEC)))));
        server.enqueue(ok(detail(JOB_ID, "img:1")));

        Optional<TokenMatch> found = client(MINUTE_READ).findByClientToken(SPEC, "tok-1");

        assertThat(found).contains(new TokenMatch(new JobRef(PlatformKind.AIHC, JOB_ID, "train-1"), true));
        server.takeRequest();
        assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/api/v1/aijobs/" + JOB_ID);
    }

    @Test
    void aJobOfAnotherSpecUnderTheTokenIsFoundWhateverItsNameAndMarkedAsAnotherSpec() {
        server.enqueue(ok(listWith(item(JOB_ID, "train-2", "tok-1", signed("tok-1", OTHER_SPEC)))));

        Optional<TokenMatch> found = client(MINUTE_READ).findByClientToken(SPEC, "tok-1");

        assertThat(found).contains(new TokenMatch(new JobRef(PlatformKind.AIHC, JOB_ID, "train-2"), false));
    }

    @Test
    void theSameNameWithAChangedBodyIsAnotherSpec() {
        JobSpec changed = AihcTestSpec.of("""
                {"name":"train-1","queue":"default","jobSpec":{"command":"python train.py","image":"img:9","replicas":2}}""");
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-1", signed("tok-1", SPEC)))));

        assertThat(client(MINUTE_READ).findByClientToken(changed, "tok-1"))
                .get()
                .extracting(TokenMatch::sameSpec)
                .isEqualTo(false);
    }

    /** Security review 2, N2: labels are data a co-tenant writes; its key cannot sign them as ours. */
    @Test
    void aJobWhoseDigestLabelAnotherKeySignedIsAnotherKeysJob() {
        server.enqueue(ok(listWith(
                item(JOB_ID, "train-1", "tok-1", SignedDigestLabel.value("team-b-secret", "tok-1", digest(SPEC))))));

        Optional<TokenMatch> found = client(MINUTE_READ).findByClientToken(SPEC, "tok-1");

        assertThat(found).get().extracting(TokenMatch::kind).isEqualTo(TokenMatch.Kind.OTHER_KEY);
        assertThat(found.get().refusal("tok-1", SPEC))
                .isEqualTo("client token tok-1: a job with this token exists but was not created with this key (job "
                        + JOB_ID + " ('train-1')); it is not adopted: submit under a new client token, or with the"
                        + " key that created it");
        assertThat(server.getRequestCount())
                .as("no detail read for another key's job")
                .isEqualTo(1);
    }

    @Test
    void aPlainDigestLabelOrNoneIsNotOursWhateverTheName() {
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-1", digest(SPEC)))));
        assertThat(client(MINUTE_READ).findByClientToken(SPEC, "tok-1"))
                .get()
                .extracting(TokenMatch::kind)
                .isEqualTo(TokenMatch.Kind.OTHER_KEY);

        server.enqueue(ok(listWith("{\"jobId\":\"" + JOB_ID + "\",\"name\":\"train-1\",\"labels\":[{\"key\":\""
                + AihcClient.CLIENT_TOKEN_LABEL + "\",\"value\":\"tok-1\"}]}")));
        assertThat(client(MINUTE_READ).findByClientToken(SPEC, "tok-1"))
                .as("the name-only match of jobs without a digest label is gone")
                .get()
                .extracting(TokenMatch::kind)
                .isEqualTo(TokenMatch.Kind.OTHER_KEY);
    }

    /**
     * The signature binds token and digest, not the job: a co-tenant can copy a signed pair onto a job of its
     * own. Its own detail (another image) gives it away, and the genuine job under the token is still found.
     */
    @Test
    void aCopiedSignedLabelOnAJobWithAnotherImageIsSkippedForTheGenuineJob() {
        server.enqueue(ok(listWith(
                item("pytorchjob-forged", "train-1", "tok-1", signed("tok-1", SPEC)),
                item(JOB_ID, "train-1", "tok-1", signed("tok-1", SPEC)))));
        server.enqueue(ok(detail("pytorchjob-forged", "team-b/evil:1")));
        server.enqueue(ok(detail(JOB_ID, "img:1")));

        assertThat(client(MINUTE_READ).findByClientToken(SPEC, "tok-1"))
                .contains(new TokenMatch(new JobRef(PlatformKind.AIHC, JOB_ID, "train-1"), true));
    }

    @Test
    void aCopiedSignedLabelAloneIsAnotherSpecSayingWhatDiffers() {
        server.enqueue(ok(listWith(item("pytorchjob-forged", "train-1", "tok-1", signed("tok-1", SPEC)))));
        server.enqueue(ok(detail("pytorchjob-forged", "team-b/evil:1")));

        TokenMatch found = client(MINUTE_READ).findByClientToken(SPEC, "tok-1").orElseThrow();

        assertThat(found.kind()).isEqualTo(TokenMatch.Kind.OTHER_SPEC);
        assertThat(found.refusal("tok-1", SPEC))
                .contains("(its labels name this spec but its image differ from what the spec asks for)")
                .doesNotContain("evil");
    }

    @Test
    void noJobWithTheTokenIsNothing() {
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-0", signed("tok-0", SPEC)))));

        assertThat(client(MINUTE_READ).findByClientToken(SPEC, "tok-1")).isEmpty();
    }

    @Test
    void withoutASpecTheTokenAloneFindsTheJobThisKeySigned() {
        server.enqueue(ok(listWith(
                item("pytorchjob-forged", "train-2", "tok-1", digest(OTHER_SPEC)),
                item(JOB_ID, "train-2", "tok-1", signed("tok-1", OTHER_SPEC)))));

        assertThat(client(MINUTE_READ).findByClientToken("tok-1"))
                .contains(new JobRef(PlatformKind.AIHC, JOB_ID, "train-2"));
    }

    @Test
    void aCreateCarriesTheTokenASignedDigestAndAFreshOutputNonce() throws Exception {
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"jobName\":\"train-1\"}}"));
        server.enqueue(ok("{\"result\":{\"jobId\":\"" + JOB_ID + "\",\"jobName\":\"train-1\"}}"));
        AihcClient client = client(MINUTE_READ);
        client.submit(SPEC, "tok-1");
        client.submit(SPEC, "tok-1");

        List<String> nonces = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            JsonNode body = JSON.readTree(server.takeRequest().getBody().utf8());
            assertThat(AihcJobFinder.label(body.path("labels"), AihcClient.CLIENT_TOKEN_LABEL))
                    .isEqualTo("tok-1");
            assertThat(SignedDigestLabel.verifiedDigest(
                            SECRET, "tok-1", AihcJobFinder.label(body.path("labels"), AihcClient.SPEC_DIGEST_LABEL)))
                    .contains(digest(SPEC));
            JsonNode env = body.path("jobSpec").path("envs").get(0);
            assertThat(env.path("name").asText()).isEqualTo(OutputNonce.ENV);
            assertThat(OutputNonce.isValid(env.path("value").asText())).isTrue();
            nonces.add(env.path("value").asText());
        }
        assertThat(nonces.get(0)).as("a new nonce per create").isNotEqualTo(nonces.get(1));
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
        server.enqueue(ok(listWith(item(JOB_ID, "train-1", "tok-1", signed("tok-1", SPEC)))));
        server.enqueue(ok(detail(JOB_ID, "img:1")));

        JobRef job = client(MINUTE_READ).submit(SPEC, "tok-1");

        assertThat(job.id()).isEqualTo(JOB_ID);
        assertThat(clock.sleeps())
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
        assertThat(clock.sleeps())
                .containsExactly(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    }

    // ---- the naming rule (issue 35 P1, P2, P8; issue 38 item 2) ----

    /** The digest label of a job this key created under {@code token} from {@code spec} named {@code name}. */
    private static String signedAs(String token, JobSpec spec, String name) {
        com.fasterxml.jackson.databind.node.ObjectNode body = spec.body();
        body.put("name", name);
        return SignedDigestLabel.value(
                SECRET,
                token,
                SpecDigest.of(body, Set.of(AihcClient.CLIENT_TOKEN_LABEL, AihcClient.SPEC_DIGEST_LABEL)));
    }

    @Test
    void theTokensJobUnderTheNameItGotWhenTheSpecsNameWasTakenIsTheSameSubmission() {
        String own = JobNames.whenTaken("train-1", "gh-7-2-lr1");
        server.enqueue(ok(listWith(
                item("pytorchjob-first", "train-1", "gh-7-1-lr1", signed("gh-7-1-lr1", SPEC)),
                item(JOB_ID, own, "gh-7-2-lr1", signedAs("gh-7-2-lr1", SPEC, own)))));
        server.enqueue(ok(detail(JOB_ID, "img:1")));

        assertThat(client(MINUTE_READ).findByClientToken(SPEC, "gh-7-2-lr1"))
                .contains(new TokenMatch(new JobRef(PlatformKind.AIHC, JOB_ID, own), true));
    }

    @Test
    void aCreateRefusedBecauseTheNameIsTakenSaysSoForTheFlowToNameTheJobAnew() {
        server.enqueue(new MockResponse.Builder()
                .code(400)
                .addHeader("Content-Type", "application/json")
                .body("{\"code\":\"JobNameAlreadyExists\",\"message\":\"job name train-1 already exists in"
                        + " cce-pool1\",\"requestId\":\"r-9\"}")
                .build());

        assertThatThrownBy(() -> client(MINUTE_READ).submit(SPEC, "tok-1"))
                .isInstanceOfSatisfying(JobNameTakenException.class, e -> {
                    assertThat(e.name()).isEqualTo("train-1");
                    assertThat(e.field()).isEqualTo("name");
                    assertThat(e.code()).isEqualTo("JobNameAlreadyExists");
                })
                .hasMessageContaining("a job named 'train-1' already exists in resource pool cce-pool1");
    }

    /**
     * Issue 35 P8: reuse finds the spec's jobs whatever token created them: each signed by this key over its
     * own token and the spec's digest under its own name, under a name the spec's jobs get, its detail the
     * spec's. Another key's, another spec's, or a job whose detail differs are not among them.
     */
    @Test
    void theJobsOfASpecAreThoseThisKeySignedUnderAnyTokenWithANameOfTheSpecAndItsDetail() {
        String rerun = JobNames.whenTaken("train-1", "gh-7-2-lr1");
        server.enqueue(ok(listWith(
                item("pytorchjob-a", "train-1", "gh-7-1-lr1", signed("gh-7-1-lr1", SPEC)),
                item("pytorchjob-b", "train-1-a2", "tj-x-a2", signedAs("tj-x-a2", SPEC, "train-1-a2")),
                item("pytorchjob-c", rerun, "gh-7-2-lr1", signedAs("gh-7-2-lr1", SPEC, rerun)),
                item("pytorchjob-d", "train-1", "gh-9", SignedDigestLabel.value("team-b", "gh-9", digest(SPEC))),
                item("pytorchjob-e", "train-2", "gh-8", signed("gh-8", OTHER_SPEC)),
                item("pytorchjob-f", "train-9", "gh-7", signedAs("gh-7", SPEC, "train-9")),
                item("pytorchjob-g", "train-1", "gh-6", signed("gh-6", SPEC)))));
        server.enqueue(ok(detail("pytorchjob-a", "img:1")));
        server.enqueue(ok(detail("pytorchjob-b", "img:1")));
        server.enqueue(ok(detail("pytorchjob-c", "img:1")));
        server.enqueue(ok(detail("pytorchjob-g", "team-b/evil:1")));

        JobsOfSpec jobs = client(MINUTE_READ).jobsOfSpec(SPEC);

        assertThat(jobs.jobs())
                .containsExactly(
                        new JobsOfSpec.Found(new JobRef(PlatformKind.AIHC, "pytorchjob-a", "train-1"), "gh-7-1-lr1"),
                        new JobsOfSpec.Found(new JobRef(PlatformKind.AIHC, "pytorchjob-b", "train-1-a2"), "tj-x-a2"),
                        new JobsOfSpec.Found(new JobRef(PlatformKind.AIHC, "pytorchjob-c", rerun), "gh-7-2-lr1"));
        assertThat(jobs.notSeen()).as("one page, not full: every job was read").isEmpty();
        assertThat(server.getRequestCount()).as("one list page, four details").isEqualTo(5);
    }

    /** Issue 35 P16: the window is named only when the look-up read three full pages. */
    @Test
    void theJobsOfASpecSayTheListWindowWasNotReadPastOnlyWhenItsPagesWereFull() {
        String[] page = new String[AihcJobFinder.PAGE_SIZE];
        for (int i = 0; i < page.length; i++) {
            page[i] = "{\"jobId\":\"pytorchjob-" + i + "\",\"name\":\"other-" + i + "\",\"labels\":[]}";
        }
        for (int p = 0; p < AihcJobFinder.PAGES; p++) {
            server.enqueue(ok(listWith(page)));
        }

        assertThat(client(MINUTE_READ).jobsOfSpec(SPEC).notSeen())
                .contains("jobs older than the newest 150 of the queue (AIHC lists jobs newest first; the look-up"
                        + " reads 3 pages, and they were full)");
        assertThat(server.getRequestCount()).isEqualTo(3);
    }
}

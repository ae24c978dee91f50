package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.HostileJson;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Whatever an AIHC server answers, every call either returns or throws a {@link PlatformException}:
 * each field of each documented answer replaced by every wrong type, and documents hostile as a whole.
 */
class AihcClientHostileJsonTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-1");
    private static final HttpSettings ONE_ATTEMPT = new HttpSettings(
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            1,
            Duration.ofMillis(1),
            Duration.ofMillis(1),
            null,
            64 * 1024);

    private static final String DETAIL = """
            {"requestId":"r","result":{"jobId":"pytorchjob-1","name":"train-1","status":"Created",
             "createdAt":"2026-03-01T09:00:00Z","runningAt":"","finishedAt":"","queueingSequence":3,
             "labels":[{"key":"k","value":"v"}],
             "podList":{"pods":[{"objectMeta":{"name":"train-1-master-0"},"nodeName":"n1",
               "podStatus":{"podPhase":"Pending","status":"Pending"},"reason":"Unschedulable"}]}}}""";
    private static final String LIST = """
            {"requestId":"r","result":{"total":2,"jobs":[{"jobId":"j-1","name":"train-1","status":"Created",
             "queueingSequence":"1","labels":[{"key":"trainingjob.jenkins.io/client-token","value":"t"}]}]}}""";
    private static final String CREATED = "{\"requestId\":\"r\",\"result\":{\"jobId\":\"j-1\",\"jobName\":\"a\"}}";
    private static final String EVENTS = """
            {"events":[{"reason":"FailedScheduling","message":"0/8 nodes","type":"Warning",
              "firstTimestamp":"2026-03-01T09:01:00Z","lastTimestamp":"2026-03-01T09:05:00Z","count":7}],
             "total":1}""";
    private static final String LAUNCH = "{\"requestId\":\"r\",\"result\":{\"diagnosisId\":\"d-1\"}}";
    private static final String ERROR = "{\"code\":\"InvalidParameter\",\"message\":\"bad\",\"requestId\":\"r\"}";
    private static final JobSpec SPEC = AihcTestSpec.of("{\"name\":\"train-1\"}");

    /** What the server answers to every request; the test swaps it between calls. */
    private volatile int status = 200;

    private volatile String answer = "{}";
    private final OkHttpClient okHttp = HostileJson.answering(() -> status, url -> answer);
    private AihcClient client;

    @AfterEach
    void close() {
        client.close();
        okHttp.dispatcher().executorService().shutdown();
    }

    private AihcClient client() {
        if (client == null) {
            ConnectionSettings settings = ConnectionSettings.aihc(
                            URI.create("http://aihc.test/"), null, Credentials.of("ak", "sk"), "cce-1", null)
                    .withHttp(ONE_ATTEMPT)
                    .withInsecureHttp(true); // a scripted OkHttp client, never a network
            client = AihcClient.builder(settings)
                    .time(new ManualClock(Instant.parse("2026-03-01T10:00:00Z")))
                    .random(new SplittableRandom(1))
                    .client(okHttp)
                    .build();
        }
        return client;
    }

    /** Answers the call with each document under the given status and collects what escaped as a crash. */
    private void survives(List<String> documents, int withStatus, Consumer<AihcClient> call) {
        AihcClient aihc = client();
        status = withStatus;
        assertThat(HostileJson.failuresOf(documents, document -> {
                    answer = document;
                    call.accept(aihc);
                }))
                .isEmpty();
    }

    private static List<String> hostile(String document) {
        List<String> all = new ArrayList<>(HostileJson.everyValueReplaced(document));
        all.addAll(HostileJson.wholeDocuments());
        return all;
    }

    @Test
    void statusSurvivesEveryWrongTypeInTheJobDetail() {
        survives(hostile(DETAIL), 200, aihc -> aihc.status(JOB));
    }

    @Test
    void listStatusesAndTheCreateLookUpSurviveEveryWrongTypeInTheJobList() {
        survives(hostile(LIST), 200, aihc -> aihc.listStatuses(null, 10));
        survives(hostile(LIST), 200, aihc -> aihc.listStatuses("2", 1));
        survives(hostile(LIST), 200, aihc -> aihc.findSubmitted(SPEC, "t"));
    }

    @Test
    void submitSurvivesEveryWrongTypeInTheCreateAnswer() {
        survives(hostile(CREATED), 200, aihc -> aihc.submit(SPEC, "t"));
    }

    @Test
    void eventsSurviveEveryWrongTypeInTheEventList() {
        survives(hostile(EVENTS), 200, aihc -> aihc.events(JOB));
    }

    @Test
    void launchAndFetchDiagnosisSurviveEveryWrongTypeInTheirAnswers() throws IOException {
        survives(hostile(LAUNCH), 200, aihc -> aihc.launchDiagnosis(JOB));
        survives(
                hostile(resource("aihc-schedule-diagnosis-query.json")),
                200,
                aihc -> aihc.fetchDiagnosis(new DiagnosisHandle("d-1", JOB)));
    }

    @Test
    void errorAnswersWithWrongTypesAreStillClassified() {
        for (int errorStatus : new int[] {200, 400, 401, 404, 429, 500, 503}) {
            survives(hostile(ERROR), errorStatus, aihc -> aihc.status(JOB));
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = AihcClientHostileJsonTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

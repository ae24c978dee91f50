package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.ref;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.HostileJson;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.Spec;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Whatever an ACP server answers, every call either returns or throws a {@link PlatformException}: each
 * field of each answer replaced by every wrong type (one kind of answer at a time, the others well
 * formed), and documents hostile as a whole.
 */
class SenseCoreClientHostileJsonTest {

    private static final JobRef JOB = ref("tj-a1b2c3d4e5f6");
    private static final HttpSettings ONE_ATTEMPT = new HttpSettings(
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            1,
            Duration.ofMillis(1),
            Duration.ofMillis(1),
            null,
            64 * 1024);

    /** The kinds of answer ACP gives, each with a well-formed example. */
    private enum Answer {
        JOB,
        WORKERS,
        LIST,
        EVENTS,
        BINDINGS,
        SPECS,
        ERROR
    }

    private static final Map<Answer, String> WELL_FORMED = Map.of(
            Answer.JOB,
            resource("training-job-queueing.json"),
            Answer.WORKERS,
            """
                    {"workers": [{"name": "w-0", "node_name": "n-1", "phase": "Pending", "reason": "r"}],
                     "total_size": 2, "next_page_token": ""}""",
            Answer.LIST,
            "{\"training_jobs\": [" + resource("training-job-queueing.json")
                    + "], \"next_page_token\": \"2\", \"total_size\": 3}",
            Answer.EVENTS,
            """
                    {"events": [{"type": "Warning", "reason": "FailedScheduling", "message": "0/4 nodes",
                                 "first_timestamp": "2026-11-30T08:01:00Z", "lastTimestamp": "x", "count": 7}]}""",
            Answer.BINDINGS,
            resource("workspace-bindings.json"),
            Answer.SPECS,
            resource("resource-specs.json"),
            Answer.ERROR,
            """
                    {"code": 8, "message": "MEMBER_QUOTA_EXCEEDED", "details": [{"reason": "x",
                     "metadata": {"k": "v"}}], "error": {"code": "Conflict", "message": "exists"}}""");

    private volatile int status = 200;
    /** The one kind of answer currently hostile, and what it is replaced by. */
    private volatile Answer hostileKind;

    private volatile String hostileDocument;
    private final OkHttpClient okHttp = HostileJson.answering(() -> status, this::answer);
    private SenseCoreClient client;

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
        okHttp.dispatcher().executorService().shutdown();
    }

    private String answer(HttpUrl url) {
        Answer kind = kindOf(url);
        return kind == hostileKind ? hostileDocument : WELL_FORMED.get(kind);
    }

    private Answer kindOf(HttpUrl url) {
        if (status >= 300) {
            return Answer.ERROR;
        }
        String path = url.encodedPath();
        if (path.endsWith("/workers")) {
            return Answer.WORKERS;
        } else if (path.endsWith("/events")) {
            return Answer.EVENTS;
        } else if (path.endsWith("/workspaceAEC2Bindings")) {
            return Answer.BINDINGS;
        } else if (path.endsWith("/resourceSpecs")) {
            return Answer.SPECS;
        } else if (path.endsWith("/trainingJobs") && url.queryParameter("training_job_name") == null) {
            return Answer.LIST;
        }
        return Answer.JOB;
    }

    private SenseCoreClient client() {
        if (client == null) {
            ConnectionSettings settings = ConnectionSettings.senseCore(
                            URI.create("http://acp.test/"),
                            null,
                            Credentials.of("ak", "sk"),
                            "sub",
                            "rg",
                            "cn-sh-01z",
                            "ws")
                    .withHttp(ONE_ATTEMPT)
                    .withInsecureHttp(true); // a scripted OkHttp client, never a network
            client = SenseCoreClient.builder(settings)
                    .time(new ManualClock())
                    .client(okHttp)
                    .createLookups(2, Duration.ZERO)
                    .build();
        }
        return client;
    }

    /** Makes the call once per hostile variant of one kind of answer and collects what escaped as a crash. */
    private void survives(Answer kind, int withStatus, Consumer<SenseCoreClient> call) {
        SenseCoreClient acp = client();
        List<String> documents = new ArrayList<>(HostileJson.everyValueReplaced(WELL_FORMED.get(kind)));
        documents.addAll(HostileJson.wholeDocuments());
        status = withStatus;
        hostileKind = kind;
        assertThat(HostileJson.failuresOf(documents, document -> {
                    hostileDocument = document;
                    call.accept(acp);
                }))
                .isEmpty();
    }

    @Test
    void statusSurvivesEveryWrongTypeInTheJobAndItsWorkers() {
        survives(Answer.JOB, 200, acp -> acp.status(JOB));
        survives(Answer.WORKERS, 200, acp -> acp.status(JOB));
    }

    @Test
    void listStatusesSurvivesEveryWrongTypeInTheJobList() {
        survives(Answer.LIST, 200, acp -> acp.listStatuses(null, 50));
    }

    @Test
    void submitAndItsLookUpSurviveEveryWrongTypeInTheJob() {
        survives(Answer.JOB, 200, acp -> acp.submit(Spec.sensecore("resnet-ci-1"), "token-1"));
        survives(Answer.JOB, 200, acp -> acp.findSubmitted(Spec.sensecore(""), "token-1"));
    }

    @Test
    void eventsSurviveEveryWrongTypeInTheEventList() {
        survives(Answer.EVENTS, 200, acp -> acp.events(JOB));
    }

    @Test
    void theDiagnosisEvidenceSurvivesEveryWrongTypeInEachAnswerItGathersAndAnalysesAndRenders() {
        DiagnosisAnalyzer analyzer = new DiagnosisAnalyzer();
        for (Answer kind :
                List.of(Answer.JOB, Answer.WORKERS, Answer.LIST, Answer.EVENTS, Answer.BINDINGS, Answer.SPECS)) {
            survives(kind, 200, acp -> {
                DiagnosisReport report = analyzer.analyze(acp.fetchDiagnosis(new DiagnosisHandle("local-1", JOB)));
                for (ReportFormat format : ReportFormat.values()) {
                    format.render(report);
                }
            });
        }
    }

    @Test
    void errorAnswersWithWrongTypesAreStillClassified() {
        for (int errorStatus : new int[] {400, 401, 403, 404, 409, 429, 500, 503}) {
            survives(Answer.ERROR, errorStatus, acp -> acp.status(JOB));
            survives(Answer.ERROR, errorStatus, acp -> acp.cancel(JOB));
        }
    }
}

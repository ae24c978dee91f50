package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.COLLECTION;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.FAST;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.job;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.ref;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.OtherJob;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/** The evidence SenseCore's stand-in for a schedule diagnosis gathers, and how it degrades. */
class SenseCoreClientDiagnosisTest extends SenseCoreServerTest {

    private static final String SPECS_PATH =
            "/compute/aec2/data/v1/subscriptions/sub/resourceGroups/rg" + "/zones/cn-sh-01e/aec2s/pool-a/resourceSpecs";
    private static final String BINDINGS_PATH = "/compute/workspace/data/v1/subscriptions/sub/resourceGroups/rg"
            + "/zones/cn-sh-01z/workspaces/ws/workspaceAEC2Bindings";
    private static final String SELF = "tj-a1b2c3d4e5f6";

    /** Answers by request target ({@code path?query}); anything else is a 404. */
    private final Map<String, MockResponse> routes = new ConcurrentHashMap<>();

    private final List<String> seen = new CopyOnWriteArrayList<>();

    @Override
    SenseCoreClient client() {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                seen.add(request.getMethod() + " " + request.getTarget());
                return routes.getOrDefault(request.getTarget(), json(404, "{\"code\": 5, \"message\": \"no\"}"));
            }
        });
        return closedAfterTest(SenseCoreClient.builder(SenseCoreFixture.settings(server, FAST))
                .time(clock)
                .build());
    }

    private void routeTheWholeWorkspace() {
        routes.put(COLLECTION + "/" + SELF, json(200, resource("training-job-queueing.json")));
        routes.put(
                COLLECTION + "/" + SELF + "/workers?page_size=500&page_token=1",
                json(200, "{\"workers\": [{\"name\": \"w-0\", \"phase\": \"Pending\"}], \"total_size\": 1}"));
        routes.put(BINDINGS_PATH + "?page_size=100&page_token=1", json(200, resource("workspace-bindings.json")));
        routes.put(SPECS_PATH, json(200, resource("resource-specs.json")));
        // Page 2 repeats a job of page 1 (pages shift under concurrent creates): it must count once.
        routes.put(
                COLLECTION + "?page_size=500&page_token=1",
                json(
                        200,
                        "{\"training_jobs\": ["
                                + resource("training-job-queueing.json") + ", "
                                + job("running-big", "u-r", "RUNNING", "pool-a", "2026-11-30T07:00:00Z") + ", "
                                + job("other-pool", "u-o", "RUNNING", "pool-b", "2026-11-30T07:00:00Z")
                                + "], \"next_page_token\": \"2\"}"));
        routes.put(
                COLLECTION + "?page_size=500&page_token=2",
                json(
                        200,
                        "{\"training_jobs\": ["
                                + job("running-big", "u-r", "RUNNING", "pool-a", "2026-11-30T07:00:00Z") + ", "
                                + job("queued-older", "u-q", "QUEUEING", "pool-a", "2026-11-30T07:30:00Z") + ", "
                                + job("finished", "u-f", "SUCCEEDED", "pool-a", "2026-11-30T06:00:00Z")
                                + "], \"next_page_token\": \"0\"}"));
        routes.put(COLLECTION + "/" + SELF + "/events", json(200, """
                {"events": [{"type": "Warning", "reason": "FailedScheduling",
                             "message": "0/4 nodes are available: 4 Insufficient nvidia.com/gpu",
                             "first_timestamp": "2026-11-30T08:01:00Z", "count": 7}]}"""));
    }

    @Test
    void gathersJobWorkersRequestSpecsBindingsCompetitorsAndEvents() {
        routeTheWholeWorkspace();

        SenseCoreEvidence evidence =
                (SenseCoreEvidence) client().fetchDiagnosis(new DiagnosisHandle("local-1", ref(SELF)));

        assertThat(evidence.job()).isEqualTo(ref(SELF));
        assertThat(evidence.status().phase()).isEqualTo(JobPhase.PENDING);
        assertThat(evidence.status().rawState()).isEqualTo("QUEUEING");
        assertThat(evidence.workers()).containsExactly(new WorkerStatus("w-0", "", "Pending", ""));
        assertThat(evidence.request())
                .isEqualTo(new SenseCoreEvidence.Request("pool-a", List.of("N6lS.Iu.I80.8"), 4, "RESERVED", "HIGH"));
        assertThat(evidence.specs())
                .extracting(ResourceSpec::name)
                .containsExactly("N6lS.Iu.I80.8", "n6lv.n.i10.1.2c32g", "cpu-only");
        assertThat(evidence.bindings())
                .containsExactly(
                        new PoolBinding("debug-pool", "ACTIVE", "RESERVED", 1, -1, -1, -1),
                        new PoolBinding("pool-a", "ACTIVE", "ALL", 32, 384, 4000, 12));
        assertThat(evidence.otherJobs())
                .as("same pool, unfinished, each once, oldest first")
                .containsExactly(
                        new OtherJob("running-big", "RUNNING", "NORMAL", Instant.parse("2026-11-30T07:00:00Z"), -1),
                        new OtherJob("queued-older", "QUEUEING", "NORMAL", Instant.parse("2026-11-30T07:30:00Z"), -1));
        assertThat(evidence.eventsAvailable()).isTrue();
        assertThat(evidence.events()).singleElement().satisfies(e -> assertThat(e.message())
                .contains("Insufficient nvidia.com/gpu"));
        assertThat(seen)
                .contains(
                        "GET " + SPECS_PATH,
                        "GET " + BINDINGS_PATH + "?page_size=100&page_token=1",
                        "GET " + COLLECTION + "?page_size=500&page_token=2");
    }

    @Test
    void competitorDevicesUseThePoolsSpecs() {
        routeTheWholeWorkspace();
        routes.put(
                COLLECTION + "?page_size=500&page_token=1",
                json(
                        200,
                        "{\"training_jobs\": ["
                                + job("running-big", "u-r", "RUNNING", "pool-a", "2026-11-30T07:00:00Z")
                                        .replace("\"g8\"", "\"N6lS.Iu.I80.8\"")
                                + "], \"next_page_token\": \"\"}"));

        SenseCoreEvidence evidence =
                (SenseCoreEvidence) client().fetchDiagnosis(new DiagnosisHandle("local-1", ref(SELF)));

        assertThat(evidence.otherJobs()).extracting(OtherJob::devices).containsExactly(16);
    }

    @Test
    void forbiddenBindingsAndMissingEventsLeaveTheirPartsEmptyInsteadOfFailing() {
        routeTheWholeWorkspace();
        routes.put(
                BINDINGS_PATH + "?page_size=100&page_token=1",
                json(403, "{\"code\": 7, \"message\": \"lacks workspace.instance.get\"}"));
        routes.remove(COLLECTION + "/" + SELF + "/events");

        SenseCoreEvidence evidence =
                (SenseCoreEvidence) client().fetchDiagnosis(new DiagnosisHandle("local-1", ref(SELF)));

        assertThat(evidence.bindings()).isEmpty();
        assertThat(evidence.specs())
                .as("the pool zone is unknown without bindings")
                .isEmpty();
        assertThat(seen).noneMatch(r -> r.contains("resourceSpecs"));
        assertThat(evidence.eventsAvailable()).isFalse();
        assertThat(evidence.events()).isEmpty();
        assertThat(evidence.otherJobs()).isNotEmpty();
    }

    @Test
    void thePublicPoolsOwnZoneAddressesItsSpecsWhenBindingsAreForbidden() {
        routeTheWholeWorkspace();
        routes.put(BINDINGS_PATH + "?page_size=100&page_token=1", json(403, "{}"));
        routes.put(
                COLLECTION + "/" + SELF,
                json(
                        200,
                        resource("training-job-queueing.json")
                                .replace("\"display_name\": \"Pool A\"", "\"zone\": \"cn-sh-01e\"")));

        SenseCoreEvidence evidence =
                (SenseCoreEvidence) client().fetchDiagnosis(new DiagnosisHandle("local-1", ref(SELF)));

        assertThat(evidence.specs()).hasSize(3);
    }

    @Test
    void aRefusedSignatureOnBindingsIsStillAnError() {
        routeTheWholeWorkspace();
        routes.put(BINDINGS_PATH + "?page_size=100&page_token=1", json(401, "{\"code\": 16}"));

        assertThatThrownBy(() -> client().fetchDiagnosis(new DiagnosisHandle("local-1", ref(SELF))))
                .isInstanceOf(AuthenticationException.class);
    }
}

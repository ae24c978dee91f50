package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.FAST;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Instant;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * A SenseCore inventory is dated by the client's clock, like AIHC's, so that a test (or a skewed
 * set-up) sees one time source: the inventory's age decides whether a cached picture is reused.
 */
class SenseCoreInventoryDateTest extends SenseCoreServerTest {

    private static final String SPECS_PATH =
            "/compute/aec2/data/v1/subscriptions/sub/resourceGroups/rg" + "/zones/cn-sh-01e/aec2s/pool-a/resourceSpecs";
    private static final String BINDINGS_PATH = "/compute/workspace/data/v1/subscriptions/sub/resourceGroups/rg"
            + "/zones/cn-sh-01z/workspaces/ws/workspaceAEC2Bindings?page_size=100&page_token=1";
    /** Far from the wall clock, so a reading of the system clock cannot pass for it. */
    private static final Instant CLIENT_TIME = Instant.parse("2031-05-06T07:08:09Z");

    @Test
    void theInventoryIsReadAtTheClientsClockTime() {
        Map<String, MockResponse> routes = Map.of(
                BINDINGS_PATH, json(200, resource("workspace-bindings.json")),
                SPECS_PATH, json(200, resource("resource-specs.json")));
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return routes.getOrDefault(request.getTarget(), json(404, "{\"code\": 5, \"message\": \"no\"}"));
            }
        });
        SenseCoreClient sensecore = closedAfterTest(SenseCoreClient.builder(SenseCoreFixture.settings(server, FAST))
                .time(new ManualClock(CLIENT_TIME))
                .build());

        PoolInventory inventory = sensecore.inventory("pool-a");

        assertThat(SenseCorePoolEvidence.of(inventory).specs()).isNotEmpty();
        assertThat(inventory.readAt()).isEqualTo(CLIENT_TIME);
    }
}

package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

class SenseCoreUrlsTest {

    private static final String COLLECTION =
            "https://aec2.cn-sh-01.sensecoreapi.cn/compute/acp/data/v2/subscriptions/sub"
                    + "/resourceGroups/default/zones/cn-sh-01z/workspaces/ws/trainingJobs";

    private final SenseCoreUrls urls = new SenseCoreUrls(
            HttpUrl.get("https://aec2.cn-sh-01.sensecoreapi.cn"), "sub", "default", "cn-sh-01z", "ws");

    @Test
    void trainingJobCalls() {
        assertThat(urls.create("tj-1").toString()).isEqualTo(COLLECTION + "?training_job_name=tj-1");
        assertThat(urls.job("tj-1").toString()).isEqualTo(COLLECTION + "/tj-1");
        assertThat(urls.list(100, "3").toString()).isEqualTo(COLLECTION + "?page_size=100&page_token=3");
        assertThat(urls.workers("tj-1", 500, 2).toString())
                .isEqualTo(COLLECTION + "/tj-1/workers?page_size=500&page_token=2");
        assertThat(urls.events("tj-1").toString()).isEqualTo(COLLECTION + "/tj-1/events");
        assertThat(urls.batchStop().toString()).isEqualTo(COLLECTION + ":batchStop");
        assertThat(urls.batchDelete().toString()).isEqualTo(COLLECTION + ":batchDelete");
    }

    @Test
    void poolCallsUseThePoolZoneForSpecsAndTheWorkspaceZoneForBindings() {
        assertThat(urls.resourceSpecs("cn-sh-01e", "pool-a").toString())
                .isEqualTo(
                        "https://aec2.cn-sh-01.sensecoreapi.cn/compute/aec2/data/v1/subscriptions/sub/resourceGroups/default"
                                + "/zones/cn-sh-01e/aec2s/pool-a/resourceSpecs");
        assertThat(urls.bindings(50, 1).toString())
                .isEqualTo("https://aec2.cn-sh-01.sensecoreapi.cn/compute/workspace/data/v1/subscriptions/sub"
                        + "/resourceGroups/default/zones/cn-sh-01z/workspaces/ws/workspaceAEC2Bindings"
                        + "?page_size=50&page_token=1");
    }

    @Test
    void pathParametersAreEncodedSoTheyCannotChangeThePath() {
        SenseCoreUrls odd = new SenseCoreUrls(HttpUrl.get("https://h"), "s/../x", "r g", "z?", "w#");

        assertThat(odd.job("a/b").encodedPath())
                .isEqualTo(
                        "/compute/acp/data/v2/subscriptions/s%2F..%2Fx/resourceGroups/r%20g/zones/z%3F/workspaces/w%23"
                                + "/trainingJobs/a%2Fb");
    }

    /** Security review S5: OkHttp resolves a segment of exactly . or .., which would call another path. */
    @Test
    void dotSegmentsAreRefusedInEveryPathParameter() {
        assertThatThrownBy(() -> urls.job(".."))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("name: '..' cannot be part of an API path");
        assertThatThrownBy(() -> urls.workers(".", 10, 1)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> urls.events("..")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> urls.resourceSpecs("cn-sh-01e", ".."))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("pool: ");
        assertThatThrownBy(() -> urls.resourceSpecs("..", "pool-a"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("zone: ");
        assertThatThrownBy(() -> new SenseCoreUrls(HttpUrl.get("https://h"), "s", "..", "z", "w"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("resourceGroup: ");
        assertThat(urls.job("..a").encodedPath()).endsWith("/trainingJobs/..a");
    }

    @Test
    void anExplicitEndpointWithAPathPrefixKeepsIt() {
        SenseCoreUrls prefixed = new SenseCoreUrls(HttpUrl.get("http://localhost:8080/sensecore/"), "s", "r", "z", "w");

        assertThat(prefixed.job("j").encodedPath())
                .isEqualTo("/sensecore/compute/acp/data/v2/subscriptions/s/resourceGroups/r/zones/z/workspaces/w"
                        + "/trainingJobs/j");
    }

    @Test
    void missingScopeIsRefusedNamingTheField() {
        assertThatThrownBy(() -> new SenseCoreUrls(HttpUrl.get("https://h"), "s", "r", " ", "w"))
                .hasMessage("SenseCore connection: zone must be set");
    }
}

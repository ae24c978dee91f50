package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

class HttpClientFactoryTest {

    @StartStop
    private final MockWebServer proxy = new MockWebServer();

    @Test
    void timeoutsComeFromTheSettingsAndOkHttpNeverRetriesOrRedirectsOnItsOwn() {
        HttpSettings settings = HttpSettings.defaults()
                .withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(7), Duration.ofSeconds(11));

        OkHttpClient client = HttpClientFactory.create(settings);

        assertThat(client.connectTimeoutMillis()).isEqualTo(3000);
        assertThat(client.readTimeoutMillis()).isEqualTo(7000);
        assertThat(client.callTimeoutMillis()).isEqualTo(11000);
        assertThat(client.retryOnConnectionFailure()).isFalse();
        assertThat(client.followRedirects()).isFalse();
    }

    @Test
    void withoutAnExplicitProxyTheJvmProxySelectorDecides() {
        assertThat(HttpClientFactory.create(HttpSettings.defaults()).proxy()).isNull();
    }

    @Test
    void anExplicitProxyCarriesTheRequests() throws Exception {
        proxy.enqueue(new MockResponse.Builder().body("via proxy").build());
        OkHttpClient client = HttpClientFactory.create(HttpSettings.defaults().withProxy(proxy.getProxyAddress()));

        try (Response response = client.newCall(new Request.Builder()
                .url("http://aihc.bj.baidubce.com/api/v1/aijobs").build()).execute()) {
            assertThat(response.body().string()).isEqualTo("via proxy");
        }
        RecordedRequest recorded = proxy.takeRequest();
        assertThat(recorded.getTarget()).isEqualTo("http://aihc.bj.baidubce.com/api/v1/aijobs");
    }
}

package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import java.time.Duration;
import java.util.function.UnaryOperator;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Credentials;
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
                        .url("http://aihc.bj.baidubce.com/api/v1/aijobs")
                        .build())
                .execute()) {
            assertThat(response.body().string()).isEqualTo("via proxy");
        }
        RecordedRequest recorded = proxy.takeRequest();
        assertThat(recorded.getTarget()).isEqualTo("http://aihc.bj.baidubce.com/api/v1/aijobs");
    }

    /** A proxy that demands credentials (RFC 9110 407) until a request brings {@code Proxy-Authorization}. */
    private void demandProxyCredentials() {
        proxy.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getHeaders().get("Proxy-Authorization") == null) {
                    return new MockResponse.Builder()
                            .code(407)
                            .addHeader("Proxy-Authenticate", "Basic realm=\"corp\"")
                            .build();
                }
                return new MockResponse.Builder().body("via proxy").build();
            }
        });
    }

    private static Response get(OkHttpClient client) throws Exception {
        return client.newCall(new Request.Builder()
                        .url("http://aihc.bj.baidubce.com/api/v1/aijobs")
                        .build())
                .execute();
    }

    @Test
    void anAuthenticatingProxyRefusesAClientWithoutTheHook() throws Exception {
        demandProxyCredentials();
        OkHttpClient client = HttpClientFactory.create(HttpSettings.defaults().withProxy(proxy.getProxyAddress()));

        try (Response response = get(client)) {
            assertThat(response.code()).isEqualTo(407);
        }
    }

    @Test
    void theClientBuilderHookCarriesAProxyAuthenticatorThrough() throws Exception {
        demandProxyCredentials();
        // what the plugin's hook does with Jenkins' proxy user and password (okhttp-api's authenticator)
        UnaryOperator<OkHttpClient.Builder> hook = b -> b.proxyAuthenticator((route, response) -> response.request()
                .newBuilder()
                .header("Proxy-Authorization", Credentials.basic("proxy-user", "proxy-pass"))
                .build());
        OkHttpClient client = HttpClientFactory.create(
                HttpSettings.defaults().withProxy(proxy.getProxyAddress()).withClientBuilderHook(hook));

        try (Response response = get(client)) {
            assertThat(response.code()).isEqualTo(200);
            assertThat(response.body().string()).isEqualTo("via proxy");
        }
        assertThat(proxy.takeRequest().getHeaders().get("Proxy-Authorization")).isNull();
        assertThat(proxy.takeRequest().getHeaders().get("Proxy-Authorization"))
                .isEqualTo(Credentials.basic("proxy-user", "proxy-pass"));
    }

    @Test
    void theHookCannotTurnOkHttpsOwnRetriesOrRedirectsBackOn() {
        OkHttpClient client = HttpClientFactory.create(HttpSettings.defaults()
                .withClientBuilderHook(b -> b.retryOnConnectionFailure(true).followRedirects(true)));

        assertThat(client.retryOnConnectionFailure()).isFalse();
        assertThat(client.followRedirects()).isFalse();
        assertThat(client.followSslRedirects()).isFalse();
    }

    @Test
    void theHookTravelsWithEveryOtherChangeToTheSettings() {
        UnaryOperator<OkHttpClient.Builder> hook = b -> b;
        HttpSettings settings = HttpSettings.defaults()
                .withClientBuilderHook(hook)
                .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3))
                .withRetries(2, Duration.ofMillis(10), Duration.ofMillis(20))
                .withProxy(proxy.getProxyAddress());

        assertThat(settings.clientBuilderHook()).isSameAs(hook);
    }
}

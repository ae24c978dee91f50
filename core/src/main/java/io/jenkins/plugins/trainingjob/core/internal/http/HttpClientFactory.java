package io.jenkins.plugins.trainingjob.core.internal.http;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;

/** Builds the OkHttp client every platform client uses, from {@link HttpSettings}. */
final class HttpClientFactory {

    private HttpClientFactory() {}

    /**
     * A client with the settings' timeouts and proxy.
     *
     * <p>OkHttp's own silent retry on connection failures is off: it could resend a create whose first
     * copy reached the server. Retries are the {@link CallExecutor}'s decision, made per call. Redirects
     * are not followed either: an API endpoint that redirects is misconfigured, and following it would
     * send signed requests to another host.
     *
     * <p>A {@code null} proxy leaves OkHttp on the JVM's {@link java.net.ProxySelector#getDefault()},
     * which honours the {@code http(s).proxyHost} and {@code http.nonProxyHosts} system properties.
     * The settings' client-builder hook, if any, runs last (the plugin's sets Jenkins' proxy selector and
     * proxy authenticator there); the retry and redirect rules above are put back after it, since they
     * are what keeps a create from being sent twice or signed requests from going to another host.
     *
     * <p>A TLS handshake is bounded as connecting is ({@link HandshakeTimeoutSocketFactory}), and watched
     * ({@link HandshakeWatch}), so an {@code https://} endpoint that speaks plain HTTP is named at once.
     */
    public static OkHttpClient create(HttpSettings settings) {
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                .connectTimeout(settings.connectTimeout())
                .readTimeout(settings.readTimeout())
                .writeTimeout(settings.readTimeout())
                .callTimeout(settings.callTimeout())
                .retryOnConnectionFailure(false)
                .followRedirects(false)
                .followSslRedirects(false);
        if (settings.proxy() != null) {
            builder.proxy(settings.proxy());
        }
        if (settings.clientBuilderHook() != null) {
            builder = settings.clientBuilderHook().apply(builder);
        }
        OkHttpClient client = builder.retryOnConnectionFailure(false)
                .followRedirects(false)
                .followSslRedirects(false)
                .build();
        // The TLS factory (and trust) the hook left is kept; only its handshakes are bounded.
        X509TrustManager trust = client.x509TrustManager();
        if (trust == null) {
            return client.newBuilder()
                    .eventListenerFactory(HandshakeWatch.EVENTS)
                    .build();
        }
        return client.newBuilder()
                .sslSocketFactory(
                        new HandshakeTimeoutSocketFactory(client.sslSocketFactory(), settings.connectTimeout()), trust)
                .eventListenerFactory(HandshakeWatch.EVENTS)
                .build();
    }
}

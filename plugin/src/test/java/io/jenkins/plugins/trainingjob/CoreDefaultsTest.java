package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import java.net.InetSocketAddress;
import java.net.Proxy;
import org.junit.jupiter.api.Test;

/**
 * Every platform client gets Jenkins' proxy through okhttp-api (review N10). What the hook then does,
 * {@code JenkinsOkHttpClient.newClientBuilder}, needs a controller and was read against upstream, not run
 * (okhttp-api-plugin {@code JenkinsOkHttpClient.java} at edb720a: a {@code JenkinsProxySelector} and a
 * {@code JenkinsProxyAuthenticator} that read {@code Jenkins.get().getProxy()} for each new connection and
 * each 407); core's {@code HttpClientFactoryTest} shows a hook's proxy authenticator answering a proxy's 407.
 * An open connection is not chosen again, so a changed proxy needs new clients: {@code
 * TrainingJobServiceProxyTest}.
 */
class CoreDefaultsTest {
    private static final ConnectionSettings AIHC =
            ConnectionSettings.aihc(null, "bj", Credentials.of("ak", "sk"), "pool-1", "default");

    @Test
    void clientsGetJenkinsProxySelectorAndAuthenticatorThroughCoresClientBuilderHook() {
        ConnectionSettings settings = CoreDefaults.withJenkinsProxy(AIHC);

        assertThat(settings.http().clientBuilderHook()).isSameAs(CoreDefaults.JENKINS_PROXY);
        assertThat(settings.http().proxy())
                .as("chosen per request by Jenkins' selector")
                .isNull();
    }

    @Test
    void theHookIsOneInstanceSoEqualSettingsStayEqualAndKeepTheirClient() {
        assertThat(CoreDefaults.withJenkinsProxy(AIHC)).isEqualTo(CoreDefaults.withJenkinsProxy(AIHC));
    }

    @Test
    void settingsThatNameTheirOwnProxyKeepIt() {
        Proxy own = new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("proxy.example.test", 3128));
        ConnectionSettings explicit = AIHC.withHttp(AIHC.http().withProxy(own));

        ConnectionSettings settings = CoreDefaults.withJenkinsProxy(explicit);

        assertThat(settings.http().proxy()).isSameAs(own);
        assertThat(settings.http().clientBuilderHook()).isNull();
    }

    /**
     * A hook the settings carry (the allow-list's name service for inline settings) is composed with the
     * proxy's, not replaced by it (running the composition needs a controller, as the proxy hook does).
     */
    @Test
    void aHookTheSettingsCarryIsKeptBesideTheProxys() {
        java.util.function.UnaryOperator<okhttp3.OkHttpClient.Builder> own = b -> b;
        ConnectionSettings settings =
                CoreDefaults.withJenkinsProxy(AIHC.withHttp(AIHC.http().withClientBuilderHook(own)));

        assertThat(settings.http().clientBuilderHook()).isNotSameAs(own).isNotSameAs(CoreDefaults.JENKINS_PROXY);
    }
}

package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.okhttp.api.JenkinsOkHttpClient;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import okhttp3.OkHttpClient;

/** The production platform connector and spec loader: core's, with the controller's HTTP proxy. */
final class CoreDefaults {

    private static final Logger LOGGER = Logger.getLogger(CoreDefaults.class.getName());

    /**
     * okhttp-api's view of Manage Jenkins › HTTP Proxy Configuration: a proxy selector that asks Jenkins
     * for every request (so the no-proxy hosts and later changes apply) and, when a proxy user is set, a
     * proxy authenticator with that user and password, which answers a proxy's 407. One instance, because
     * settings compare their hook by identity and a new client is built whenever settings differ.
     */
    static final UnaryOperator<OkHttpClient.Builder> JENKINS_PROXY =
            builder -> JenkinsOkHttpClient.newClientBuilder(builder.build());

    private CoreDefaults() {}

    /** Jenkins' proxy for every client; what a client learns about its connection goes to the system log too. */
    static PlatformConnector connector() {
        return settings -> {
            TrainingPlatform client = TrainingPlatforms.connect(withJenkinsProxy(settings));
            client.onNotice(n -> LOGGER.warning(ConsoleText.strip(n)));
            return client;
        };
    }

    static SpecLoader specLoader() {
        return JobSpecLoader::load;
    }

    /**
     * Every client goes through Jenkins' proxy configuration, unless the settings name a proxy of their
     * own (okhttp-api would replace it by {@code NO_PROXY} when Jenkins has none).
     */
    static ConnectionSettings withJenkinsProxy(ConnectionSettings settings) {
        if (settings.http().proxy() != null) {
            return settings;
        }
        UnaryOperator<OkHttpClient.Builder> own = settings.http().clientBuilderHook();
        // A hook the settings carry already (the allow-list's name service for inline settings) runs after
        // the proxy's, so what it sets is not replaced.
        UnaryOperator<OkHttpClient.Builder> hook =
                own == null || own == JENKINS_PROXY ? JENKINS_PROXY : b -> own.apply(JENKINS_PROXY.apply(b));
        return settings.withHttp(settings.http().withClientBuilderHook(hook));
    }
}

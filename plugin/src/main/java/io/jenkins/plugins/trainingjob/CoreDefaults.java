package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.okhttp.api.JenkinsOkHttpClient;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;

/** The production platform connector and spec loader: core's, with the controller's HTTP proxy. */
final class CoreDefaults {

    /**
     * okhttp-api's view of Manage Jenkins › HTTP Proxy Configuration: a proxy selector that asks Jenkins
     * for every request (so the no-proxy hosts and later changes apply) and, when a proxy user is set, a
     * proxy authenticator with that user and password, which answers a proxy's 407. One instance, because
     * settings compare their hook by identity and a new client is built whenever settings differ.
     */
    static final UnaryOperator<OkHttpClient.Builder> JENKINS_PROXY =
            builder -> JenkinsOkHttpClient.newClientBuilder(builder.build());

    private CoreDefaults() {}

    static PlatformConnector connector() {
        return settings -> TrainingPlatforms.connect(withJenkinsProxy(settings));
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
        return settings.withHttp(settings.http().withClientBuilderHook(JENKINS_PROXY));
    }
}

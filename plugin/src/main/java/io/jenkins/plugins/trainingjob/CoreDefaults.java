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
import jenkins.model.Jenkins;
import okhttp3.OkHttpClient;

/** The production platform connector and spec loader: core's, with the controller's HTTP proxy. */
final class CoreDefaults {

    private static final Logger LOGGER = Logger.getLogger(CoreDefaults.class.getName());

    /**
     * okhttp-api's view of Manage Jenkins › HTTP Proxy Configuration: a proxy selector that reads Jenkins'
     * configuration for every new connection (its no-proxy hosts included) and a proxy authenticator that
     * reads it for every 407 (okhttp-api 4.10.0-136 and later, JENKINS-70163). A connection already open is
     * not chosen again: OkHttp keeps reusing it for as long as it is used, and a watch's polls keep it busy,
     * so {@link TrainingJobService} builds new clients when the configuration changes ({@link #jenkinsProxy}).
     * One instance, because settings compare their hook by identity and a new client is built whenever
     * settings differ.
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

    /**
     * Jenkins' proxy configuration, compared by identity: core replaces the object on every save of the
     * proxy page (and sets none when the proxy is removed), so a different object means a changed proxy.
     */
    static Object jenkinsProxy() {
        return Jenkins.get().getProxy();
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

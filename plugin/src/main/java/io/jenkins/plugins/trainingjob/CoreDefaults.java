package io.jenkins.plugins.trainingjob;

import hudson.ProxyConfiguration;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import jenkins.model.Jenkins;

/** The production platform connector and spec loader: core's, with the controller's HTTP proxy. */
final class CoreDefaults {
    private CoreDefaults() {
    }

    static PlatformConnector connector() {
        return settings -> TrainingPlatforms.connect(withJenkinsProxy(settings));
    }

    static SpecLoader specLoader() {
        return JobSpecLoader::load;
    }

    /** Applies the proxy configured in Manage Jenkins (honouring its no-proxy hosts), if any. */
    static ConnectionSettings withJenkinsProxy(ConnectionSettings settings) {
        ProxyConfiguration proxy = Jenkins.get().getProxy();
        if (proxy == null || settings.http().proxy() != null) {
            return settings;
        }
        return settings.withHttp(settings.http().withProxy(proxy.createProxy(settings.resolvedEndpoint().getHost())));
    }
}

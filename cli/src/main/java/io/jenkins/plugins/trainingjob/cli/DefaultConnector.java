package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;

/** The real clients, as core builds them for every front end. */
final class DefaultConnector implements PlatformConnector {

    static final DefaultConnector INSTANCE = new DefaultConnector();

    private DefaultConnector() {
    }

    @Override
    public TrainingPlatform connect(ConnectionSettings settings) {
        return TrainingPlatforms.connect(settings);
    }
}

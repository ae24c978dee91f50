package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;

/** The real clients, chosen by platform. */
final class DefaultConnector implements PlatformConnector {

    static final DefaultConnector INSTANCE = new DefaultConnector();

    private DefaultConnector() {
    }

    @Override
    public TrainingPlatform connect(ConnectionSettings settings) {
        // Switch to core.platform's factory (TrainingPlatforms.connect) once it is on main.
        return switch (settings.platform()) {
            case AIHC -> new AihcClient(settings);
            case SENSECORE -> SenseCoreClient.create(settings);
        };
    }
}

package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;

/** The real clients, chosen by platform. */
final class DefaultConnector implements PlatformConnector {

    static final DefaultConnector INSTANCE = new DefaultConnector();

    private DefaultConnector() {
    }

    @Override
    public TrainingPlatform connect(ConnectionSettings settings) {
        // TODO(cli): TrainingPlatforms.connect(settings) once the lead adds the factory to core.platform.
        throw new CliException(ExitCode.PLATFORM_ERROR, "no client for " + settings.platform().displayName() + " yet");
    }
}

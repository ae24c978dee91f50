package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;

/** Builds the client for resolved settings; tests may wrap it (e.g. to count calls). */
@FunctionalInterface
public interface PlatformConnector {
    TrainingPlatform connect(ConnectionSettings settings);
}

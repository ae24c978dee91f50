package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;

/** Opens a platform client for connection settings; tests substitute a fake platform or the simulator. */
@FunctionalInterface
public interface PlatformConnector {
    TrainingPlatform connect(ConnectionSettings settings);
}

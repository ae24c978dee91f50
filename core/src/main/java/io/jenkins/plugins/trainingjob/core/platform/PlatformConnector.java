package io.jenkins.plugins.trainingjob.core.platform;

/**
 * Opens a platform client for connection settings. Front ends take one so their tests can substitute a
 * fake platform, the simulator, or a wrapper that counts calls; {@code TrainingPlatforms::connect}
 * (core.platform.connect) builds the real clients.
 */
@FunctionalInterface
public interface PlatformConnector {

    /** A new client for the connection; the caller closes it when done. */
    TrainingPlatform connect(ConnectionSettings settings);
}

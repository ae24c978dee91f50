package io.jenkins.plugins.trainingjob.core.platform.connect;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;

/** Builds the client for a connection: the one place that knows which class serves which platform. */
public final class TrainingPlatforms {

    private TrainingPlatforms() {}

    /** A new client for the connection. Close it when done: it owns an HTTP connection pool. */
    public static TrainingPlatform connect(ConnectionSettings settings) {
        return switch (settings.platform()) {
            case AIHC -> AihcClient.create(settings);
            case SENSECORE -> SenseCoreClient.create(settings);
        };
    }
}

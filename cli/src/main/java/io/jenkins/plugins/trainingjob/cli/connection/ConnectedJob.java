package io.jenkins.plugins.trainingjob.cli.connection;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;

/**
 * An existing job and a client of the platform it lives on, opened together because finding the job
 * by {@code --client-token} needs the client. Closing it closes the client.
 */
public record ConnectedJob(TrainingPlatform platform, JobRef job) implements AutoCloseable {

    /** Connects to {@code settings} and finds {@code target}'s job there; the client is closed if that fails. */
    public static ConnectedJob open(CliEnvironment env, ConnectionSettings settings, ExistingJob target) {
        TrainingPlatform platform = env.connector().connect(settings);
        try {
            return new ConnectedJob(platform, target.ref(settings, platform));
        } catch (RuntimeException e) {
            platform.close();
            throw e;
        }
    }

    @Override
    public void close() {
        platform.close();
    }
}

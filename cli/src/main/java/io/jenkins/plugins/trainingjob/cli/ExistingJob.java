package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** The job an {@code await}, {@code status} or {@code cancel} acts on: its id and where it lives. */
public final class ExistingJob {

    @Parameters(paramLabel = "JOB_ID", description = "AIHC jobId or SenseCore training job name.")
    String jobId;

    @Mixin
    ConnectionOptions connection;

    /** Where the job lives, from the flags, the environment and the profile (there is no spec to ask). */
    ConnectionSettings settings(CliEnvironment env) {
        return ConnectionResolver.resolve(env, connection, null);
    }

    /** The job on the platform {@code settings} name. */
    JobRef ref(ConnectionSettings settings) {
        return new JobRef(settings.platform(), jobId, null);
    }
}

package io.jenkins.plugins.trainingjob.cli.connection;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The job an {@code await}, {@code status} or {@code cancel} acts on: its id and where it lives. */
public final class ExistingJob {

    @Parameters(paramLabel = "JOB_ID", arity = "0..1", description = "AIHC jobId or SenseCore training job name.")
    String jobId;

    @Option(
            names = "--client-token",
            paramLabel = "TOKEN",
            description = "Instead of JOB_ID: the job submitted with this client token (status and cancel).")
    String clientToken;

    @Mixin
    ConnectionOptions connection;

    /** Where the job lives, from the flags, the environment and the profile (there is no spec to ask). */
    public ConnectionSettings settings(CliEnvironment env) {
        if (jobId == null && clientToken == null) {
            // checked before anything is resolved or called, as picocli checks a required argument
            throw CliException.invalidInput("JOB_ID: required (or --client-token TOKEN for status and cancel)");
        }
        return ConnectionResolver.resolve(env, connection, null);
    }

    /** The job on the platform {@code settings} name, by its id. */
    public JobRef ref(ConnectionSettings settings) {
        if (jobId == null) {
            throw CliException.invalidInput("JOB_ID: required"
                    + (clientToken != null ? " (--client-token works with status and cancel only)" : ""));
        }
        return new JobRef(settings.platform(), jobId, null);
    }

    /**
     * {@code job} with the name the platform gives it, so reports and documents say "Job train-42", not
     * the id twice. Best effort: when the status cannot be read the id stands in, and the command's own
     * calls report why.
     */
    public static JobRef named(TrainingPlatform platform, JobRef job) {
        try {
            JobRef read = platform.status(job).job();
            return read != null && read.id().equals(job.id()) ? read : job;
        } catch (PlatformException e) {
            return job;
        }
    }

    /** The job by its id, or found on {@code platform} by {@code --client-token}. */
    public JobRef ref(ConnectionSettings settings, TrainingPlatform platform) {
        if (jobId != null && clientToken != null) {
            throw CliException.invalidInput("JOB_ID and --client-token: give one of them, not both");
        }
        if (clientToken == null) {
            if (jobId == null) {
                throw CliException.invalidInput("JOB_ID: required (or --client-token TOKEN)");
            }
            return ref(settings);
        }
        try {
            // As for a job id the platform does not know: exit 2.
            return platform.findByClientToken(clientToken)
                    .orElseThrow(
                            () -> new CliException(
                                    ExitCode.INVALID_INPUT,
                                    "no job with client token " + clientToken + " on "
                                            + settings.platform().displayName()
                                            + " (AIHC: among the newest 150 jobs of the pool or queue; "
                                            + "SenseCore: a job named after the token, a spec's own name is found by that name)"));
        } catch (InvalidInputException e) {
            throw CliException.invalidInput(
                    "--client-token: " + (e.field().equals("clientToken") ? e.reason() : e.getMessage()));
        }
    }
}

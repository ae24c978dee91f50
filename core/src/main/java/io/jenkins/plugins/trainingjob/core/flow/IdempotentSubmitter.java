package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobNameTakenException;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Optional;

/**
 * The one way every front end submits: the client token is the job's identity. A token that may have
 * been used before (given by the user, or persisted by a step that restarted) is looked up first; the
 * job found is returned instead of creating another, and a job created from another spec under the
 * same token is refused. Only then is the job created, and a create whose answer is lost is resolved
 * by the platform client looking the token up ({@link TrainingPlatform#submit}).
 */
public final class IdempotentSubmitter {

    private IdempotentSubmitter() {}

    /**
     * The job a submit ended with, and whether it existed before this call.
     *
     * @param takenName the name the spec asked for when another job had it and this one got a name of its own
     *     ({@link JobNames#whenTaken}); empty otherwise
     */
    public record Submitted(JobRef job, boolean alreadySubmitted, String clientToken, String takenName) {

        public Submitted {
            takenName = takenName == null ? "" : takenName;
        }

        public Submitted(JobRef job, boolean alreadySubmitted, String clientToken) {
            this(job, alreadySubmitted, clientToken, "");
        }

        /** The line a person reads: the same words in the CLI and in the build log. */
        String message() {
            String where = job.platform().displayName();
            String what = ConsoleText.strip(job.id())
                    + (job.name().equals(job.id()) ? "" : " (" + ConsoleText.strip(job.name()) + ")");
            return alreadySubmitted
                    ? "already submitted as job " + what + " on " + where + " (client token " + clientToken
                            + "); not submitting it again"
                    : "submitted job " + what + " to " + where + (takenName.isEmpty() ? "" : " (" + nameNote() + ")");
        }

        /**
         * Why the job's name is not the one the spec asks for, in the words every front end adds to its submit
         * line; empty when it is.
         */
        public String nameNote() {
            return takenName.isEmpty()
                    ? ""
                    : "the name " + ConsoleText.strip(takenName) + " is another submission's job; this one is named"
                            + " for its client token " + clientToken;
        }
    }

    /**
     * Submits {@code spec} once under {@code clientToken}.
     *
     * @param tokenMayBeInUse {@code false} only for a token generated for this very call (a fresh random
     *     UUID), whose look-up can only find nothing
     * @throws InvalidRequestException (field {@code clientToken}) when the token names a job of another spec
     */
    public static Submitted submit(
            TrainingPlatform platform, JobSpec spec, String clientToken, boolean tokenMayBeInUse) {
        if (tokenMayBeInUse) {
            Optional<Submitted> found = existing(platform, spec, clientToken);
            if (found.isPresent()) {
                return found.get();
            }
        }
        return create(platform, spec, clientToken);
    }

    /**
     * The first half of {@link #submit}, for a front end with a step between the look-up and the create
     * (the CLI's pre-flight check must not refuse a job that already exists): the job the token names.
     *
     * @throws InvalidRequestException (field {@code clientToken}) when the token names a job of another spec
     */
    static Optional<Submitted> existing(TrainingPlatform platform, JobSpec spec, String clientToken) {
        return platform.findByClientToken(spec, clientToken).map(m -> adopt(platform, spec, clientToken, m));
    }

    /**
     * The job a token look-up found, when it is the one {@code spec} asked for (the platform layer decides,
     * {@link TokenMatch}).
     *
     * @throws InvalidRequestException (field {@code clientToken}) otherwise, in the match's words
     */
    static Submitted adopt(TrainingPlatform platform, JobSpec spec, String clientToken, TokenMatch match) {
        if (!match.sameSpec()) {
            throw InvalidRequestException.refused(
                    platform.kind(), "submit", "clientToken", match.refusal(clientToken, spec));
        }
        return new Submitted(match.job(), true, clientToken);
    }

    /**
     * The second half of {@link #submit}: the create (a lost answer is resolved by the client's look-ups).
     * When another submission's job has the name the spec asks for, the job is created under the name its
     * token gives it ({@link JobNames#whenTaken}), the one name a look-up by this token reads next.
     */
    public static Submitted create(TrainingPlatform platform, JobSpec spec, String clientToken) {
        try {
            return new Submitted(platform.submit(spec, clientToken), false, clientToken);
        } catch (JobNameTakenException taken) {
            if (spec.name() == null || spec.name().isBlank()) {
                throw taken; // a name derived from the token: only a hash collision gets here
            }
            JobSpec own = AttemptSpec.whenTaken(spec, clientToken);
            return new Submitted(platform.submit(own, clientToken), false, clientToken, spec.name());
        }
    }
}

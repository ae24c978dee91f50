package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The jobs a caller can prove it created from one spec, under any client token, newest first
 * ({@link TrainingPlatform#jobsOfSpec}): what {@code reuse} chooses from besides its own token family.
 *
 * @param notSeen what the look-up could not read, in words for a report ("jobs older than the newest 150
 *     of the queue"); empty when it read every job that could be one
 */
public record JobsOfSpec(List<Found> jobs, Optional<String> notSeen) {

    /** A job of the spec and the client token it was created under (its own label or marker says which). */
    public record Found(JobRef job, String clientToken) {
        public Found {
            Objects.requireNonNull(job, "job");
            Objects.requireNonNull(clientToken, "clientToken");
        }
    }

    public JobsOfSpec {
        jobs = List.copyOf(jobs);
        Objects.requireNonNull(notSeen, "notSeen");
    }

    /** Nothing read: a client that cannot list the jobs of a spec says so instead of claiming there are none. */
    public static JobsOfSpec notLookedFor(String why) {
        return new JobsOfSpec(List.of(), Optional.of(why));
    }
}

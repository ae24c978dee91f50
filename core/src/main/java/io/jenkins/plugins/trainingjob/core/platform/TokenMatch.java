package io.jenkins.plugins.trainingjob.core.platform;

import java.util.Objects;

/**
 * The job a platform holds under a client token, and whether it was created from the spec being
 * submitted now (AIHC: the spec-digest label; SenseCore: the job's document carries every field of
 * the spec). A token names one submission, so a different spec under it is refused, never resubmitted.
 */
public record TokenMatch(JobRef job, boolean sameSpec) {
    public TokenMatch {
        Objects.requireNonNull(job, "job");
    }
}

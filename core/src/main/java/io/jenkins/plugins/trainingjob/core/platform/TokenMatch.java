package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Objects;

/**
 * The job a platform holds under a client token, and whether it is the job the spec being submitted now
 * asked for. A token names one submission, so anything else under it is refused, never resubmitted over.
 *
 * <p>A job is "ours" only on proof: on AIHC, labels are data anyone with create rights in the queue writes,
 * so the spec-digest label must carry this key's signature over token and digest, and the job's own detail
 * (image, command, envs, resources, replicas, queue) must be what the spec asks for (security review 2,
 * N2); SenseCore compares the job's own document with the create body.
 *
 * @param kind what the job under the token is to this caller
 * @param why when not {@link Kind#SAME_SPEC}: what differs, in words for the refusal (never a value: an env
 *     or command may hold a secret); may be empty
 */
public record TokenMatch(JobRef job, Kind kind, String why) {

    /** What a job found under a token is to the caller. */
    public enum Kind {
        /** Created with this key from this spec, and its detail is what the spec asks for. */
        SAME_SPEC,
        /** Created with this key, but from another spec, or its detail is not what this spec asks for. */
        OTHER_SPEC,
        /** Its labels carry no signature of this key: another key (a co-tenant, or a rotated key) made it. */
        OTHER_KEY
    }

    public TokenMatch {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(kind, "kind");
        why = why == null ? "" : why;
    }

    /** {@link Kind#SAME_SPEC} or {@link Kind#OTHER_SPEC}, with nothing more to say. */
    public TokenMatch(JobRef job, boolean sameSpec) {
        this(job, sameSpec ? Kind.SAME_SPEC : Kind.OTHER_SPEC, "");
    }

    public boolean sameSpec() {
        return kind == Kind.SAME_SPEC;
    }

    /** Whether this caller's key created the job (its spec may still differ). */
    public boolean createdWithThisKey() {
        return kind != Kind.OTHER_KEY;
    }

    /**
     * Why a submit of {@code spec} under {@code clientToken} cannot take this job: the same words in every
     * front end.
     *
     * @throws IllegalStateException for {@link Kind#SAME_SPEC}, which is never refused
     */
    public String refusal(String clientToken, JobSpec spec) {
        String what = ConsoleText.strip(job.id())
                + (job.name().equals(job.id()) ? "" : " ('" + ConsoleText.strip(job.name()) + "')");
        String because = why.isEmpty() ? "" : " (" + why + ")";
        return switch (kind) {
            case SAME_SPEC -> throw new IllegalStateException("the job is the one asked for");
            case OTHER_SPEC -> {
                String thisOne = spec.name().isBlank() ? "this spec" : "this spec ('" + spec.name() + "')";
                yield "client token " + clientToken + " already names job " + what + ", created from another spec"
                        + " than " + thisOne + because + "; submit a changed spec under a new client token";
            }
            case OTHER_KEY ->
                notOurs(clientToken) + ": submit under a new client token, or with the key that created it";
        };
    }

    /**
     * {@code client token T: a job with this token exists but was not created with this key (job X); it is
     * not adopted}: what a report says of a job another key made.
     */
    public String notOurs(String clientToken) {
        String what = ConsoleText.strip(job.id())
                + (job.name().equals(job.id()) ? "" : " ('" + ConsoleText.strip(job.name()) + "')");
        return "client token " + clientToken + ": a job with this token exists but was not created with this key"
                + " (job " + what + (why.isEmpty() ? "" : ", " + why) + "); it is not adopted";
    }
}

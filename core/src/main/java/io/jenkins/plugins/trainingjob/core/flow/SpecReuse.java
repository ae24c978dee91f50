package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reuse look-up ({@link ReusePolicy}): the jobs of one rendered spec are the family of client tokens
 * {@code forAttempt(reuseToken, n)}, n = 1, 2, ... up to the first token no job carries. The look-up walks
 * that family; {@code succeeded} returns the newest job whose state is SUCCEEDED, {@code any} the newest
 * job; otherwise the spec is submitted under the first free token, so the next run finds it.
 *
 * <p>Proof only: a job is reused under {@code succeeded} only when its phase reads SUCCEEDED (an unknown or
 * unreadable state is not success); a job deleted from the platform is not found, so it is never reused.
 * What the look-up cannot see (AIHC: jobs older than its list window; a gap in the family left by a deleted
 * job) is named in {@link Decision#notChecked()}.
 */
public final class SpecReuse {

    /** The family is walked at most this far: a spec submitted more often than this starts a new walk. */
    static final int MAX_FAMILY = 20;

    private SpecReuse() {}

    /** An earlier job returned instead of a submit. */
    public record Reused(JobRef job, JobStatus status, String clientToken) {

        /** {@code reused job X (name), SUCCEEDED 3h ago (client token T)}: the same words in every front end. */
        public String message(Instant now) {
            String what = ConsoleText.strip(job.id())
                    + (job.name().equals(job.id()) ? "" : " (" + ConsoleText.strip(job.name()) + ")");
            Instant when = status.finishedAt() != null ? status.finishedAt() : status.createdAt();
            String age = when == null ? "" : " " + DurationText.ago(Duration.between(when, now));
            String verb = status.finishedAt() != null ? "" : status.createdAt() != null ? ", created" : "";
            return "reused job " + what + ", " + status.phase() + verb + age + " (client token " + clientToken
                    + "); not submitting it again";
        }

        /**
         * The {@code reused} document of every result (the CLI's JSON, the steps' return maps): the job, its
         * token, its phase then and when it finished. The steps' maps also carry {@code status}, the same
         * phase under the name they used before (kept for one release).
         */
        public Map<String, String> toDocument() {
            Map<String, String> doc = new LinkedHashMap<>();
            doc.put("jobId", job.id());
            doc.put("clientToken", clientToken);
            doc.put("phase", status.phase().name());
            if (status.finishedAt() != null) {
                doc.put("finishedAt", status.finishedAt().toString());
            }
            return doc;
        }
    }

    /**
     * What to do: return {@link #reused()} when present, else submit under {@link #clientToken()}.
     *
     * @param clientToken the token of the job reused, or the first free one of the family
     * @param attempt which member of the family {@code clientToken} is ({@code forAttempt(base, attempt)}): a
     *     new job is named for it ({@link AttemptSpec}), so it never takes an earlier one's name
     * @param looked how many tokens of the family were looked up
     * @param notChecked what the look-up could not see, for the log and the report (empty: nothing)
     * @param skipped the jobs of the family seen and not reused, and why, in words (empty: none)
     */
    public record Decision(
            Optional<Reused> reused,
            String clientToken,
            int attempt,
            int looked,
            List<String> notChecked,
            String skipped) {
        public Decision {
            notChecked = List.copyOf(notChecked);
            skipped = skipped == null ? "" : skipped;
        }
    }

    /**
     * Looks up the jobs of {@code baseToken}'s family on {@code platform}. Member n is looked up with the spec
     * it was created from ({@link AttemptSpec#forAttempt}: from the second on, the job's name carries
     * {@code -a<n>}), so on a platform that finds jobs by name each member finds its own job, never the first
     * one's.
     *
     * @param baseToken the spec's reuse token ({@code SpecDigest.reuseToken})
     * @throws IllegalArgumentException for {@link ReusePolicy#NEVER}: there is nothing to look up
     * @throws InvalidRequestException (field {@code clientToken}) when a token of the family names a job of
     *     another spec (someone used the token by hand)
     */
    public static Decision decide(TrainingPlatform platform, JobSpec spec, String baseToken, ReusePolicy policy) {
        if (policy == ReusePolicy.NEVER) {
            throw new IllegalArgumentException("reuse: never looks nothing up");
        }
        ClientToken.require("clientToken", baseToken);
        Reused best = null;
        List<String> passedOver = new ArrayList<>();
        List<String> notChecked = new ArrayList<>();
        int n = 1;
        for (; n <= MAX_FAMILY; n++) {
            String token = ClientToken.forAttempt(baseToken, n);
            JobSpec member = AttemptSpec.forAttempt(spec, n);
            Optional<TokenMatch> found = platform.findByClientToken(member, token);
            if (found.isPresent() && !found.get().createdWithThisKey()) {
                notChecked.add(found.get().notOurs(token)); // another key's job is never reused
                break;
            }
            if (found.isEmpty()) {
                break;
            }
            JobRef job = IdempotentSubmitter.adopt(platform, member, token, found.get())
                    .job();
            JobStatus status = platform.status(job);
            if (policy == ReusePolicy.ANY || status.phase() == JobPhase.SUCCEEDED) {
                best = new Reused(job, status, token); // later attempts are newer: keep the last one
            } else {
                passedOver.add("job " + ConsoleText.strip(job.id()) + " (" + status.phase() + ")");
            }
        }
        platform.tokenLookupHorizon()
                .ifPresent(h -> notChecked.add(h + ": a job of this spec among them was " + "not looked for"));
        int looked = Math.min(n, MAX_FAMILY);
        if (best == null && n <= MAX_FAMILY && n > 1) {
            notChecked.add("jobs of this spec under tokens after " + ClientToken.forAttempt(baseToken, n)
                    + " (no job has that one, so the walk stopped there; a deleted job leaves such a gap)");
        }
        String skipped = best != null || passedOver.isEmpty()
                ? ""
                : String.join(", ", passedOver) + " not reused (only a SUCCEEDED job is); submitting attempt " + n;
        if (n > MAX_FAMILY) {
            if (best != null) {
                return new Decision(
                        Optional.of(best), best.clientToken(), attemptOf(best, baseToken), looked, notChecked, "");
            }
            throw InvalidRequestException.refused(
                    platform.kind(),
                    "submit",
                    "reuse",
                    MAX_FAMILY + " jobs of this spec exist under " + baseToken + "..-a" + MAX_FAMILY
                            + " and none can be reused; submit with reuse: never, or delete old jobs");
        }
        return best != null
                ? new Decision(
                        Optional.of(best), best.clientToken(), attemptOf(best, baseToken), looked, notChecked, "")
                : new Decision(Optional.empty(), ClientToken.forAttempt(baseToken, n), n, looked, notChecked, skipped);
    }

    private static int attemptOf(Reused reused, String baseToken) {
        for (int n = 1; n <= MAX_FAMILY; n++) {
            if (ClientToken.forAttempt(baseToken, n).equals(reused.clientToken())) {
                return n;
            }
        }
        throw new IllegalStateException("token " + reused.clientToken() + " is not of family " + baseToken);
    }
}

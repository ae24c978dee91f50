package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reuse look-up ({@link ReusePolicy}): which earlier job of one rendered spec to return instead of a
 * submit, and otherwise under which token to submit it. Two look-ups, both by token, never by name:
 * <ul>
 *   <li>the spec's own token family {@code forAttempt(reuseToken, n)}, n = 1, 2, ... up to the first token no
 *       job carries (the next submit takes that token);
 *   <li>the jobs of the spec under any other token ({@link TrainingPlatform#jobsOfSpec}: a job an explicit
 *       client token, a re-run or another pipeline created), which the platform proves this key created from
 *       this spec.
 * </ul>
 * {@code succeeded} returns the newest job whose state is SUCCEEDED, {@code any} the newest job.
 *
 * <p>Proof only: a job is reused under {@code succeeded} only when its phase reads SUCCEEDED (an unknown or
 * unreadable state is not success); a job deleted from the platform is not found, so it is never reused; the
 * jobs passed over are named with their state. What the look-ups could not read (AIHC: jobs older than a
 * full list window) is named in {@link Decision#notChecked()}, and only then.
 */
public final class SpecReuse {

    /** The family is walked at most this far: a spec submitted more often than this starts a new walk. */
    static final int MAX_FAMILY = 20;

    private SpecReuse() {}

    /** An earlier job returned instead of a submit. */
    public record Reused(JobRef job, JobStatus status, String clientToken) {

        /** {@code reused job X (name), SUCCEEDED 3h ago (client token T)}: the same words in every front end. */
        String message(Instant now) {
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
        Map<String, String> toDocument() {
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
     * Looks up the jobs of the spec: {@code baseToken}'s family (member n is looked up with the spec it was
     * created from, {@link AttemptSpec#forAttempt}) and the spec's jobs under other tokens.
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
        List<String> notChecked = new ArrayList<>();
        Map<String, JobsOfSpec.Found> seen = new LinkedHashMap<>();
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
            seen.put(job.id(), new JobsOfSpec.Found(job, token));
        }
        JobsOfSpec others = platform.jobsOfSpec(spec);
        others.notSeen().ifPresent(h -> notChecked.add(h + ": a job of this spec among them was not looked for"));
        List<JobsOfSpec.Found> newest = others.jobs().stream()
                .filter(f -> !seen.containsKey(f.job().id()))
                .toList();
        if (newest.size() > MAX_FAMILY) {
            notChecked.add((newest.size() - MAX_FAMILY) + " older jobs of this spec under other client tokens (the"
                    + " newest " + MAX_FAMILY + " were read)");
            newest = newest.subList(0, MAX_FAMILY);
        }
        newest.forEach(f -> seen.put(f.job().id(), f));

        Reused best = null;
        List<String> passedOver = new ArrayList<>();
        for (JobsOfSpec.Found f : seen.values()) {
            JobStatus status = platform.status(f.job());
            Reused candidate = new Reused(f.job(), status, f.clientToken());
            if (policy == ReusePolicy.ANY || status.phase() == JobPhase.SUCCEEDED) {
                best = best == null || newer(candidate, best) ? candidate : best;
            } else {
                passedOver.add(describe(f.job(), status.phase()));
            }
        }
        int looked = Math.min(n, MAX_FAMILY);
        if (best != null) {
            return new Decision(
                    Optional.of(best), best.clientToken(), attemptOf(best, baseToken), looked, notChecked, "");
        }
        if (n > MAX_FAMILY) {
            throw InvalidRequestException.refused(
                    platform.kind(),
                    "submit",
                    "reuse",
                    MAX_FAMILY + " jobs of this spec exist under " + baseToken + "..-a" + MAX_FAMILY
                            + " and none can be reused; submit with reuse: never, or delete old jobs");
        }
        String skipped = passedOver.isEmpty()
                ? ""
                : named(passedOver) + " not reused (only a SUCCEEDED job is); "
                        + (n == 1 ? "submitting the spec again" : "submitting attempt " + n);
        return new Decision(Optional.empty(), ClientToken.forAttempt(baseToken, n), n, looked, notChecked, skipped);
    }

    /** The job of a status created later, by the platform's own time; when either time is unknown, the later seen. */
    private static boolean newer(Reused candidate, Reused best) {
        Instant a = candidate.status().createdAt();
        Instant b = best.status().createdAt();
        return a == null || b == null || !a.isBefore(b);
    }

    private static String describe(JobRef job, JobPhase phase) {
        String id = ConsoleText.strip(job.id());
        String name = job.name().equals(job.id()) ? "" : ConsoleText.strip(job.name()) + ", ";
        return "job " + id + " (" + name + phase + ")";
    }

    /** At most {@value #NAMED} jobs by name, then how many more. */
    private static String named(List<String> jobs) {
        if (jobs.size() <= NAMED) {
            return String.join(", ", jobs);
        }
        return String.join(", ", jobs.subList(0, NAMED)) + " and " + (jobs.size() - NAMED) + " more";
    }

    /** How many passed-over jobs a miss names. */
    private static final int NAMED = 3;

    /** Which member of the family the reused job is; 1 for a job of another token (the family is not used). */
    private static int attemptOf(Reused reused, String baseToken) {
        for (int n = 1; n <= MAX_FAMILY; n++) {
            if (ClientToken.forAttempt(baseToken, n).equals(reused.clientToken())) {
                return n;
            }
        }
        return 1;
    }
}

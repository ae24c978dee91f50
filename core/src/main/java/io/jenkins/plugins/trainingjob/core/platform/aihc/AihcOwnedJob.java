package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
import io.jenkins.plugins.trainingjob.core.platform.SignedDigestLabel;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * Which of the jobs carrying a client token (newest first) is the caller's, and what the others are to it
 * (security review 2, N2). A job is the submission of a spec only when its spec-digest label carries this
 * key's signature over the token and the spec's digest ({@link SignedDigestLabel}) and its own detail is what
 * the spec asks for ({@link AihcSubmittedDetail}); a job with a copied label and another image is skipped,
 * so a genuine job under the same token is still found. When no job qualifies, the answer says what the
 * nearest one is: another spec of this key, or a job another key created.
 */
final class AihcOwnedJob {

    private final Credentials credentials;
    private final Function<JobRef, JsonNode> detail;

    AihcOwnedJob(Credentials credentials, Function<JobRef, JsonNode> detail) {
        this.credentials = credentials;
        this.detail = detail;
    }

    /**
     * @param digestOf the digest the spec has under a job's name: the name is part of what is signed, and a
     *     job may have been given another name than the spec's ({@code JobNames})
     * @param body the spec's create body (without the client's labels and nonce), for the detail comparison
     * @param queue the queue the job must be in, or {@code ""} when unknown
     */
    Optional<TokenMatch> match(
            List<AihcJobFinder.Found> found,
            String clientToken,
            Function<String, String> digestOf,
            JsonNode body,
            String queue) {
        TokenMatch otherSpec = null;
        TokenMatch otherKey = null;
        for (AihcJobFinder.Found f : found) {
            Optional<String> signed = verifiedDigest(f, clientToken);
            if (signed.isEmpty()) {
                if (otherKey == null) {
                    otherKey = new TokenMatch(f.job(), TokenMatch.Kind.OTHER_KEY, "");
                }
                continue;
            }
            if (!signed.get().equals(digestOf.apply(f.job().name()))) {
                if (otherSpec == null) {
                    otherSpec = new TokenMatch(f.job(), TokenMatch.Kind.OTHER_SPEC, "");
                }
                continue;
            }
            JsonNode own = f.detail() != null ? f.detail() : detail.apply(f.job());
            List<String> differ = AihcSubmittedDetail.differences(own, body, queue);
            if (differ.isEmpty()) {
                return Optional.of(new TokenMatch(f.job(), TokenMatch.Kind.SAME_SPEC, ""));
            }
            if (otherSpec == null) {
                // The signed pair was copied onto another job: its own detail is not this spec's.
                otherSpec = new TokenMatch(
                        f.job(),
                        TokenMatch.Kind.OTHER_SPEC,
                        "its labels name this spec but its " + String.join("; ", differ)
                                + " differ from what the spec asks for");
            }
        }
        return Optional.ofNullable(otherSpec != null ? otherSpec : otherKey);
    }

    /**
     * The jobs of {@code found} that this key created from the spec, under any token, newest first: the
     * signature over the job's own token and digest verifies, the job's name is one the spec's jobs get
     * ({@code accepts}), the digest is the spec's under that name, and the job's own detail is what the spec
     * asks for. A job another key made, or one whose detail differs, is not among them.
     */
    List<JobsOfSpec.Found> ofSpec(
            List<AihcJobFinder.Found> found,
            BiPredicate<String, String> accepts,
            Function<String, String> digestOf,
            JsonNode body,
            String queue) {
        List<JobsOfSpec.Found> ours = new ArrayList<>();
        for (AihcJobFinder.Found f : found) {
            String token = AihcJobFinder.label(f.labels(), AihcClient.CLIENT_TOKEN_LABEL);
            String name = f.job().name();
            if (!accepts.test(name, token)) {
                continue;
            }
            Optional<String> signed = verifiedDigest(f, token);
            if (signed.isEmpty() || !signed.get().equals(digestOf.apply(name))) {
                continue;
            }
            JsonNode own = f.detail() != null ? f.detail() : detail.apply(f.job());
            if (AihcSubmittedDetail.differences(own, body, queue).isEmpty()) {
                ours.add(new JobsOfSpec.Found(f.job(), token));
            }
        }
        return ours;
    }

    /** The newest job whose label this key signed, whatever its spec: a token look-up without a spec. */
    Optional<JobRef> signedByThisKey(List<AihcJobFinder.Found> found, String clientToken) {
        return found.stream()
                .filter(f -> verifiedDigest(f, clientToken).isPresent())
                .map(AihcJobFinder.Found::job)
                .findFirst();
    }

    /** Whether a list item's labels (client token and signed digest) were written with this key. */
    boolean signedByThisKey(JsonNode labels) {
        String token = AihcJobFinder.label(labels, AihcClient.CLIENT_TOKEN_LABEL);
        return !token.isEmpty()
                && SignedDigestLabel.verifiedDigest(
                                credentials.secretKey(),
                                token,
                                AihcJobFinder.label(labels, AihcClient.SPEC_DIGEST_LABEL))
                        .isPresent();
    }

    private Optional<String> verifiedDigest(AihcJobFinder.Found f, String clientToken) {
        return SignedDigestLabel.verifiedDigest(
                credentials.secretKey(), clientToken, AihcJobFinder.label(f.labels(), AihcClient.SPEC_DIGEST_LABEL));
    }

    /** The label value a job created now under {@code clientToken} from a spec of {@code digest} carries. */
    String label(String clientToken, String digest) {
        return SignedDigestLabel.value(credentials.secretKey(), clientToken, digest);
    }
}

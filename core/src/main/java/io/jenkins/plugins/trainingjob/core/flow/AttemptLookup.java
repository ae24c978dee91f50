package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the jobs a submit's attempts created, by their tokens: what a resumed submit, or a run given the
 * same client token again, goes on from instead of creating them twice. Blocking: the flow runs it as one
 * call on the monitor's call pool.
 */
final class AttemptLookup {

    /** Attempt {@code attempt}'s job, on the target at {@code index} of the order looked through. */
    record Found(int attempt, int index, String token, JobRef job) {}

    private AttemptLookup() {}

    /**
     * Every attempt 1..{@code most} that has a job, in attempt order. Every attempt a submit could have
     * made is looked at, not only up to the first miss: an early attempt's job may be gone (deleted, or past
     * AIHC's look-up horizon) while a later one runs.
     *
     * @throws InvalidRequestException (field {@code clientToken}) when an attempt's token names a job of
     *     another spec
     */
    static List<Found> all(List<BoundTarget> order, String base, int most) {
        List<Found> found = new ArrayList<>();
        for (int n = 1; n <= most; n++) {
            find(order, base, n).ifPresent(found::add);
        }
        return found;
    }

    /** Attempt {@code n}'s job on any of {@code order}'s targets: the one whose spec created it. */
    static Optional<Found> find(List<BoundTarget> order, String base, int n) {
        String token = ClientToken.forAttempt(base, n);
        int other = -1;
        for (int i = 0; i < order.size(); i++) {
            BoundTarget c = order.get(i);
            Optional<TokenMatch> match = c.platform().findByClientToken(AttemptSpec.forAttempt(c.spec(), n), token);
            if (match.isPresent() && match.get().sameSpec()) {
                return Optional.of(new Found(n, i, token, match.get().job()));
            }
            if (match.isPresent() && other < 0) {
                other = i;
            }
        }
        if (other >= 0) {
            BoundTarget c = order.get(other);
            // Throws the refusal that names the token and the other job.
            IdempotentSubmitter.existing(c.platform(), AttemptSpec.forAttempt(c.spec(), n), token);
        }
        return Optional.empty();
    }

    /** Attempt {@code n}'s job on one target, when its token found it there. */
    static Optional<Found> at(BoundTarget target, int index, String base, int n) {
        String token = ClientToken.forAttempt(base, n);
        return IdempotentSubmitter.existing(target.platform(), AttemptSpec.forAttempt(target.spec(), n), token)
                .map(s -> new Found(n, index, token, s.job()));
    }
}

package io.jenkins.plugins.trainingjob.core.flow;

import java.util.concurrent.CompletableFuture;

/**
 * Where a front end keeps a submit's {@link SubmitState}: a Jenkins step saves it with the build (so a
 * restarted controller resumes it), the CLI keeps nothing (its token line is the record). The flow waits
 * for the save before a create and before a stop for a move; other saves it does not wait for.
 */
@FunctionalInterface
public interface SubmitStore {

    /** Keeps nothing. */
    SubmitStore NONE = state -> CompletableFuture.completedFuture(null);

    /**
     * Saves {@code state}; the future completes once it is saved, exceptionally when it could not be. It is
     * called on the monitor's scheduler thread and must not block there: a blocking save runs elsewhere.
     */
    CompletableFuture<Void> save(SubmitState state);
}

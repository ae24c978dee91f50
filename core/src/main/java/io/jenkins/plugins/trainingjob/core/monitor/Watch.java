package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import java.util.concurrent.CompletableFuture;

/** A handle on one registered watch. */
public interface Watch {

    /** The current durable state. */
    WatchState state();

    /** Completes once, with the watch's outcome; never completes exceptionally. */
    CompletableFuture<Outcome> outcome();

    /**
     * Cancels the watch. With {@code stopRemoteJob} the job is stopped on the platform too, and the
     * outcome says what was stopped. Returns the outcome (a {@link Outcome.Cancelled}, unless the watch
     * had already ended). Leaves no scheduled task behind.
     */
    CompletableFuture<Outcome> cancel(boolean stopRemoteJob);

    /**
     * The latest estimate of when the pending job starts ({@link WatchPolicy#estimates()}), shown or not;
     * {@code null} when none was made.
     */
    default Eta eta() {
        return null;
    }
}

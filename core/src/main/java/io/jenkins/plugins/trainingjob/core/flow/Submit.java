package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import java.util.concurrent.CompletableFuture;

/** A handle on one running submit ({@link SubmitFlow}). */
public interface Submit {

    /** Completes once, with how the submit ended; never exceptionally. */
    CompletableFuture<SubmitResult> result();

    /**
     * Ends the submit as soon as it can: nothing more is created, the current job is stopped when the request
     * says so ({@link SubmitRequest#stopOnInterrupt()}), and the result says plainly which job was stopped or
     * left. May be called from any thread; does nothing once the submit ended.
     *
     * @return false when the submit had already ended (the result says how)
     */
    boolean interrupt();

    /** The current durable state (what a front end saves). */
    SubmitState state();

    /** The latest estimate of when the current attempt's job starts; {@code null} when none was made. */
    Eta eta();
}

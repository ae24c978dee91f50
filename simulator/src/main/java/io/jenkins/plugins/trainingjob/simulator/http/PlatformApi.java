package io.jenkins.plugins.trainingjob.simulator.http;

/** One simulated platform API: answers its requests and renders errors in its own body format. */
public interface PlatformApi {

    /** Answers the call; throws {@link ApiException} for platform errors. */
    void handle(HttpCall call);

    /** Answers with this error in the platform's format (used for API errors and injected faults). */
    void sendError(HttpCall call, ApiException error);
}
